import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff } from '#tests/helpers/staff.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * Saved versions of content records (docs/decisions/042-record-history.md), through the content
 * editor on the test database (PGlite, or PostgreSQL with DATABASE_URL): each save keeps a version
 * as the editor showed it, newest first; a restore makes an earlier one the draft and is a version
 * itself; a version of another record, or a stale restore, changes nothing.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let actor: { userId: number; ip: string }

beforeAll(async () => {
  t = await buildTestApp()
  const staff = await enrolStaff(t.runtime.services, { username: 'history.editor@example.com', role: 'editor' })
  actor = { userId: staff.userId, ip: '127.0.0.1' }
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const form = (title: string) => ({
  title,
  title_en: `${title} (en)`,
  image: '',
  description: `<p>${title}</p>`,
  description_en: `<p>${title} (en)</p>`,
  starts_at: koreaLocal(60 * 24 * 10),
  ends_at: koreaLocal(60 * 24 * 20),
  sort_order: '0',
})

describe('content history', () => {
  it('keeps every save as a version and restores an earlier one as the draft', async () => {
    const editor = t.runtime.services.contentEditor
    const created = await editor.create(actor, 'popups', form('첫 제목'), true)
    if (!created.ok) throw new Error('create failed')
    const drafted = await editor.save(actor, 'popups', created.id, created.version, form('둘째 제목'), false)
    if (!drafted.ok) throw new Error('save failed')

    const history = await editor.history('popups', created.id)
    expect(history.map((v) => [v.action, v.published, v.values.title])).toEqual([
      ['content.draft', true, '둘째 제목'],
      ['content.create-publish', true, '첫 제목'],
    ])
    expect(history[0]!.version).toBe(drafted.version)

    // Another record's version, or a stale version number: refused, nothing changes.
    const other = await editor.create(actor, 'popups', form('다른 팝업'), false)
    if (!other.ok) throw new Error('create failed')
    const otherVersion = (await editor.history('popups', other.id))[0]!
    expect(await editor.restore(actor, 'popups', created.id, drafted.version, otherVersion.id)).toEqual({
      ok: false,
      reason: 'not-found',
    })
    const stale = await editor.restore(actor, 'popups', created.id, created.version, history[1]!.id)
    expect(stale).toMatchObject({ ok: false, reason: 'conflict' })

    const restored = await editor.restore(actor, 'popups', created.id, drafted.version, history[1]!.id)
    expect(restored.ok).toBe(true)
    const state = await editor.get('popups', created.id)
    expect(state).toMatchObject({ published: true, hasDraft: true })
    expect(state!.values.title).toBe('첫 제목')
    const after = await editor.history('popups', created.id)
    expect(after.map((v) => v.action)).toEqual(['content.restore', 'content.draft', 'content.create-publish'])
  })
})
