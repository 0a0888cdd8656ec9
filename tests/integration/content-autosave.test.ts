import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '#server/db/schema.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * Autosave of content forms (docs/decisions/044-autosave.md) through its address on the production
 * build: the typing becomes the record's draft (the public page unchanged), autosaves following
 * one another are one version and one audit entry, a stale or refused autosave saves nothing and
 * says why, and only editors with a live session may autosave.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let other: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'autosave.editor@example.com',
    name: '김자동',
    role: 'editor',
  })
  other = await enrolStaff(t.runtime.services, {
    username: 'autosave.other@example.com',
    name: '이동시',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, { username: 'autosave.viewer@example.com', role: 'viewer' })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const popup = (title: string) => ({
  title,
  title_en: `${title} (en)`,
  image: '',
  description: `<p>${title}</p>`,
  description_en: `<p>${title} (en)</p>`,
  starts_at: koreaLocal(-60),
  ends_at: koreaLocal(60 * 24),
  sort_order: '0',
})

const autosave = (id: number, values: Record<string, string>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/content/popups/${id}/autosave`,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', cookie },
  })

describe('content autosave', () => {
  it('keeps the typing as the draft, one version and one audit entry for a run of autosaves', async () => {
    const editorService = t.runtime.services.contentEditor
    const actor = { userId: editor.userId, ip: '127.0.0.1' }
    const created = await editorService.create(actor, 'popups', popup('자동 저장 공개 팝업'), true)
    if (!created.ok) throw new Error('create failed')

    let version = created.version
    for (const title of ['자동 저장 첫 입력', '자동 저장 둘째 입력', '자동 저장 셋째 입력']) {
      const res = await autosave(created.id, { ...popup(title), version: String(version) }, editor.cookie)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
      const body = res.json()
      expect(body).toMatchObject({ ok: true, version: version + 1 })
      version = body.version
    }
    // The public page keeps the published text; the form shows the last autosave.
    const home = await t.app.inject({ url: '/' })
    expect(home.body).toContain('자동 저장 공개 팝업')
    expect(home.body).not.toContain('자동 저장 셋째 입력')
    const state = (await editorService.get('popups', created.id))!
    expect(state).toMatchObject({ published: true, hasDraft: true, version })
    expect(state.values.title).toBe('자동 저장 셋째 입력')

    // One version for the run, with the last values; one audit entry.
    const history = await editorService.history('popups', created.id)
    expect(history.map((v) => [v.action, v.values.title])).toEqual([
      ['content.autosave', '자동 저장 셋째 입력'],
      ['content.create-publish', '자동 저장 공개 팝업'],
    ])
    const audited = await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.record_type, 'popups'),
          eq(auditLog.record_id, String(created.id)),
          eq(auditLog.action, 'content.autosave'),
        ),
      )
    expect(audited).toHaveLength(1)
    const page = await t.app.inject({
      url: `/admin/content/popups/${created.id}/history`,
      headers: { cookie: editor.cookie },
    })
    expect(page.body).toContain('입력하는 동안 자동으로 임시 저장했습니다')

    // A save ends the run: the next autosave is a version of its own.
    const saved = await editorService.save(actor, 'popups', created.id, version, popup('손으로 저장'), false)
    if (!saved.ok) throw new Error('save failed')
    const next = await autosave(
      created.id,
      { ...popup('다시 자동 저장'), version: String(saved.version) },
      editor.cookie,
    )
    expect(next.json()).toMatchObject({ ok: true })
    expect((await editorService.history('popups', created.id)).map((v) => v.action)).toEqual([
      'content.autosave',
      'content.draft',
      'content.autosave',
      'content.create-publish',
    ])
  })

  it('saves nothing when stale, invalid, read-only or signed out, and says which', async () => {
    const editorService = t.runtime.services.contentEditor
    const created = await editorService.create(
      { userId: other.userId, ip: '127.0.0.1' },
      'popups',
      popup('동시 편집 팝업'),
      false,
    )
    if (!created.ok) throw new Error('create failed')
    const moved = await editorService.save(
      { userId: other.userId, ip: '127.0.0.1' },
      'popups',
      created.id,
      created.version,
      popup('이동시가 먼저'),
      false,
    )
    if (!moved.ok) throw new Error('save failed')

    const stale = await autosave(
      created.id,
      { ...popup('늦은 자동 저장'), version: String(created.version) },
      editor.cookie,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({ ok: false, reason: 'conflict', by: '이동시' })

    const invalid = await autosave(created.id, { ...popup(''), version: String(moved.version) }, editor.cookie)
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toEqual({ ok: false, reason: 'invalid' })

    expect(
      (await autosave(created.id, { ...popup('열람자'), version: String(moved.version) }, viewer.cookie)).statusCode,
    ).toBe(403)
    expect((await autosave(created.id, { ...popup('방문자'), version: String(moved.version) }, '')).statusCode).toBe(
      404,
    )

    await t.runtime.services.console.signOut(editor.sessionToken, { ip: '127.0.0.1', lang: 'ko' })
    const ended = await autosave(created.id, { ...popup('세션 끝'), version: String(moved.version) }, editor.cookie)
    expect(ended.statusCode).toBe(302)
    expect(ended.headers.location).toBe('/admin/login?ended=1')
    expect((await editorService.get('popups', created.id))!.values.title).toBe('이동시가 먼저')
  })

  it('page texts: typing becomes drafts, a run of autosaves is one version, and the answered lock saves again', async () => {
    const texts = t.runtime.services.pageTexts
    const { lock } = await texts.load('esg')
    const post = (values: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/texts/esg/autosave',
        payload: new URLSearchParams(values).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: other.cookie },
      })
    const first = await post({ version: lock, 'esg.lead.ko': '자동 저장 ESG 첫 문장' })
    expect(first.statusCode, first.body).toBe(200)
    const second = await post({ version: first.json().version, 'esg.lead.ko': '자동 저장 ESG 둘째 문장' })
    expect(second.json()).toMatchObject({ ok: true })
    const answered = second.json().version as string
    expect(answered).toBe((await texts.load('esg')).lock)
    expect((await post({ version: 'not a lock', 'esg.lead.ko': 'x' })).statusCode).toBe(400)

    // Drafts only: the public page keeps its text; one version for the run, one audit entry.
    expect((await t.app.inject({ url: '/company/introduction/management' })).body).not.toContain('자동 저장 ESG')
    const history = await texts.history('esg')
    expect(history[0]).toMatchObject({ action: 'content.autosave' })
    expect(history[0]!.values['esg.lead.ko']).toBe('자동 저장 ESG 둘째 문장')
    expect(history.filter((v) => v.action === 'content.autosave')).toHaveLength(1)
    const audited = await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'texts.esg'), eq(auditLog.action, 'content.autosave')))
    expect(audited).toHaveLength(1)

    // Saving by hand what the autosave kept: the page says its drafts are saved (not "nothing changed").
    const saved = await t.app.inject({
      method: 'POST',
      url: '/admin/texts/esg',
      payload: new URLSearchParams({
        intent: 'save',
        lock: answered,
        'esg.lead.ko': '자동 저장 ESG 둘째 문장',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: other.cookie },
    })
    expect(saved.headers.location).toBe('/admin/texts/esg?done=draft&count=1')

    // The lock the autosave answered is the form's: publishing with it goes through.
    const published = await texts.save(
      { userId: other.userId, ip: '127.0.0.1' },
      'esg',
      texts.parseLock(answered)!,
      { 'esg.lead.ko': '자동 저장 ESG 둘째 문장' },
      true,
    )
    expect(published).toMatchObject({ ok: true })
    expect((await t.app.inject({ url: '/company/introduction/management' })).body).toContain('자동 저장 ESG 둘째 문장')
  })

  it('terms drafts: the texts are saved as the draft, one version for the run, and the answered lock publishes', async () => {
    const terms = t.runtime.services.terms
    const actor = { id: other.userId, role: 'editor' as const, ip: '127.0.0.1' }
    const created = await terms.createDraft(actor, 2)
    if (!created.ok) throw new Error('draft refused')
    const draft = (await terms.get(created.id))!
    const texts = (title: string) => ({
      title,
      title_en: 'Privacy policy (autosaved)',
      description: `<p>${title} 본문</p>`,
      description_en: '<p>Body</p>',
    })
    const post = (values: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/terms/${created.id}/autosave`,
        payload: new URLSearchParams(values).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: other.cookie },
      })
    const first = await post({ ...texts('자동 저장 약관 첫 입력'), version: draft.updated_at.toISOString() })
    expect(first.statusCode, first.body).toBe(200)
    const second = await post({ ...texts('자동 저장 약관 둘째 입력'), version: first.json().version })
    expect(second.json()).toMatchObject({ ok: true })
    const stale = await post({ ...texts('늦은 입력'), version: draft.updated_at.toISOString() })
    expect(stale.statusCode).toBe(409)

    expect((await terms.get(created.id))!.title).toBe('자동 저장 약관 둘째 입력')
    const history = await terms.history(created.id)
    expect(history.filter((v) => v.action === 'content.autosave')).toHaveLength(1)
    expect(history[0]!.values.title).toBe('자동 저장 약관 둘째 입력')
    const published = await terms.publish(actor, created.id, {
      effectiveAt: new Date(Date.now() + 3_600_000),
      expectedUpdatedAt: second.json().version,
    })
    expect(published).toMatchObject({ ok: true })
  })
})
