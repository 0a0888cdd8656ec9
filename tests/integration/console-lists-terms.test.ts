import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, termsVersions } from '#server/db/schema.ts'
import { stateOf } from '#server/services/terms.ts'
import { parseListQuery } from '#shared/console-lists.ts'
import { TERMS_LIST_SPEC, TERMS_STATE_OF, TERMS_STATUSES } from '#shared/terms-list.ts'
import { TERMS_TYPE } from '#shared/type-codes.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The terms versions on the console lists' toolkit (docs/decisions/067-terms-and-imports-lists.md),
 * through the production build: search over titles and bodies, the type and status filters (the
 * SQL statuses agree with the service's `stateOf` for every version), sorting with aria-sort, pages
 * in SQL, a bad field a 400 in the console's language, editors only, and the one bulk action:
 * deleting drafts, confirmed once, each audited; a published version is never deleted.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, { username: 'tl.editor@example.com', name: '약관목록', role: 'editor' })
  viewer = await enrolStaff(t.runtime.services, { username: 'tl.viewer@example.com', name: '약관감사', role: 'viewer' })
  const terms = t.runtime.services.terms
  const actor = { id: editor.userId, role: 'editor' as const, ip: '127.0.0.1' }
  // 21 privacy drafts with one word in their titles, one service draft whose English body alone has another.
  for (let i = 1; i <= 21; i++) await draft(TERMS_TYPE.privacy, `묶음약관 ${String(i).padStart(2, '0')}`)
  await draft(TERMS_TYPE.service, '서비스 초안', 'only-in-the-english-body')
  // A service version in force now (the seeded one is superseded), and one scheduled for tomorrow.
  const live = await draft(TERMS_TYPE.service, '지금 시행')
  const [liveRow] = await db().select().from(termsVersions).where(eq(termsVersions.id, live))
  const now = await terms.publish(actor, live, {
    effectiveAt: null,
    expectedUpdatedAt: liveRow!.updated_at.toISOString(),
  })
  if (!now.ok) throw new Error(JSON.stringify(now))
  const later = await draft(TERMS_TYPE.service, '내일 시행')
  const [laterRow] = await db().select().from(termsVersions).where(eq(termsVersions.id, later))
  const scheduled = await terms.publish(actor, later, {
    effectiveAt: new Date(Date.now() + 86_400_000),
    expectedUpdatedAt: laterRow!.updated_at.toISOString(),
  })
  if (!scheduled.ok) throw new Error(JSON.stringify(scheduled))

  async function draft(type: 1 | 2, title: string, english = 'Body') {
    const created = await terms.createDraft(actor, type)
    if (!created.ok) throw new Error(created.reason)
    const [row] = await db().select().from(termsVersions).where(eq(termsVersions.id, created.id))
    const saved = await terms.saveDraft(
      actor,
      created.id,
      { title, title_en: `${title} (en)`, description: '<p>본문</p>', description_en: `<p>${english}</p>` },
      row!.updated_at.toISOString(),
    )
    if (!saved.ok) throw new Error(saved.reason)
    return created.id
  }
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, cookie = editor.cookie) => t.app.inject({ url, headers: { cookie } })
const post = (url: string, values: Record<string, string>, cookie = editor.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })
const text = (html: string) => html.replace(/<!-- -->/g, '')
const rowsOf = (html: string) => (html.match(/<tr>/g) ?? []).length - 1
const query = (params: string) => parseListQuery(TERMS_LIST_SPEC, new URLSearchParams(params)).query
const list = (params: string, pageSize = 100) => t.runtime.services.termsList.list(query(params), pageSize)

describe('the terms list', () => {
  it('is editors’ work: viewers get 403, visitors the 404, editors the list in both languages', async () => {
    expect((await get('/admin/terms', viewer.cookie)).statusCode).toBe(403)
    expect((await t.app.inject({ url: '/admin/terms' })).statusCode).toBe(404)
    const ko = await get('/admin/terms')
    expect(ko.statusCode).toBe(200)
    expect(text(ko.body)).toContain('약관 버전 목록')
    const en = await get('/admin/terms?lang=en')
    expect(text(en.body)).toContain('Terms versions')
    expect(text(en.body)).toContain('Title or text')
  })

  it('searches titles and bodies in both languages, every word', async () => {
    const words = await get(`/admin/terms?q=${encodeURIComponent('묶음약관 07')}`)
    expect(text(words.body)).toContain('>1건<')
    expect(text(words.body)).toContain('묶음약관 07')
    const body = await get('/admin/terms?lang=en&q=only-in-the-english-body')
    expect(text(body.body)).toContain('Found: 1')
    expect(text(body.body)).toContain('서비스 초안 (en)')
  })

  it('filters by type and by each status exactly as the service reads each version', async () => {
    const privacy = await list('type=privacy')
    expect(privacy.total).toBe(
      (await db().select().from(termsVersions).where(eq(termsVersions.type, TERMS_TYPE.privacy))).length,
    )
    expect(privacy.rows.every((r) => r.type === TERMS_TYPE.privacy)).toBe(true)
    const all = await db().select().from(termsVersions)
    const now = new Date()
    const inForce = new Map<number, number>()
    for (const row of all)
      if (row.published_at && row.effective_at && row.effective_at <= now) {
        const best = all.find((r) => r.id === inForce.get(row.type))
        if (
          !best ||
          row.effective_at > best.effective_at! ||
          (+row.effective_at === +best.effective_at! && row.version! > best.version!)
        )
          inForce.set(row.type, row.id)
      }
    for (const status of TERMS_STATUSES) {
      const page = await list(`status=${status}`)
      const expected = all
        .filter((r) => stateOf(r, now, inForce.get(r.type)) === TERMS_STATE_OF[status])
        .map((r) => r.id)
      expect(page.rows.map((r) => r.id).sort(), status).toEqual(expected.sort())
      expect(page.rows.every((r) => r.state === TERMS_STATE_OF[status])).toBe(true)
      expect(expected.length, status).toBeGreaterThan(0)
    }
    const html = await get('/admin/terms?status=scheduled&type=service')
    expect(text(html.body)).toContain('>1건<')
    expect(text(html.body)).toContain('예약됨')
    const expired = await get('/admin/terms?lang=en&status=expired')
    expect(text(expired.body)).toContain('Expired')
  })

  it('sorts by version and by the last save both ways with aria-sort, and pages in SQL', async () => {
    const asc = await list('status=&sort=version&dir=asc')
    const numbers = asc.rows.map((r) => r.version).filter((n) => n !== null)
    expect(numbers).toEqual([...numbers].sort((a, b) => a! - b!))
    const page = await get('/admin/terms?sort=updated&dir=asc&type=privacy&status=draft')
    expect(page.body).toMatch(/aria-sort="ascending"[^>]*>\s*<a[^>]*sort=updated/)
    expect(text(page.body).indexOf('묶음약관 01')).toBeLessThan(text(page.body).indexOf('묶음약관 02'))
    const desc = await get('/admin/terms?sort=updated&dir=desc&type=privacy&status=draft')
    expect(desc.body).toContain('aria-sort="descending"')
    expect(text(desc.body).indexOf('묶음약관 21')).toBeLessThan(text(desc.body).indexOf('묶음약관 20'))
    expect(rowsOf(page.body)).toBe(20)
    const second = await get('/admin/terms?sort=updated&dir=asc&type=privacy&status=draft&page=2')
    expect(rowsOf(second.body)).toBe(1)
    expect(text(second.body)).toContain('묶음약관 21')
    // The default: drafts (no effective date) first, then the newest effective date.
    const first = await list('', 100)
    const published = first.rows.filter((r) => r.effective_at)
    expect(first.rows.slice(0, first.rows.length - published.length).every((r) => r.state === 'draft')).toBe(true)
    expect(published[0]!.state).toBe('scheduled')
  })

  it('answers a field it cannot read with 400 in the console’s language, the list still shown', async () => {
    const ko = await get('/admin/terms?status=hidden')
    expect(ko.statusCode).toBe(400)
    expect(text(ko.body)).toContain('이 목록에 없는 선택입니다.')
    expect(ko.body).toContain('<table')
    const en = await get('/admin/terms?lang=en&type=contract&sort=title')
    expect(en.statusCode).toBe(400)
    expect(text(en.body)).toContain('This list does not offer that choice.')
    expect((await get('/admin/terms?page=0')).statusCode).toBe(400)
    expect((await get('/admin/terms?language=en')).statusCode).toBe(400)
  })
})

describe('deleting drafts from the list', () => {
  const versionOf = async (id: number) => {
    const [row] = await db().select().from(termsVersions).where(eq(termsVersions.id, id))
    return String(row!.updated_at.getTime())
  }
  const drafts = async (count: number) =>
    (await list('type=privacy&status=draft&sort=updated&dir=asc')).rows.slice(0, count).map((r) => r.id)

  it('is refused to viewers (403) and offered only beside drafts', async () => {
    const [id] = await drafts(1)
    const res = await post(
      '/admin/terms',
      { intent: 'bulk', action: 'delete', [`item_${id}`]: await versionOf(id!), confirm: 'yes' },
      viewer.cookie,
    )
    expect(res.statusCode).toBe(403)
    const page = await get('/admin/terms?status=live')
    expect(page.body).not.toContain('name="page_items"')
    const withDrafts = await get('/admin/terms?status=draft')
    expect(withDrafts.body).toContain('name="page_items"')
  })

  it('asks once naming the drafts, then deletes each, audited; a published version is left out and never deleted', async () => {
    const [a, b] = await drafts(2)
    const [live] = (await list('status=live&type=service')).rows
    const items = {
      [`item_${a}`]: await versionOf(a!),
      [`item_${b}`]: await versionOf(b!),
      [`item_${live!.id}`]: await versionOf(live!.id),
    }
    const ask = await post('/admin/terms?lang=en', { intent: 'bulk', action: 'delete', ...items })
    expect(ask.statusCode).toBe(200)
    expect(text(ask.body)).toContain('Delete the selected entries (2)?')
    expect(text(ask.body)).toContain('묶음약관 01 (en)')
    expect(text(ask.body)).not.toContain('지금 시행 (en)</li>')
    expect(
      await db()
        .select()
        .from(termsVersions)
        .where(inArray(termsVersions.id, [a!, b!])),
    ).toHaveLength(2)

    const done = await post('/admin/terms', { intent: 'bulk', action: 'delete', confirm: 'yes', ...items })
    expect(done.statusCode).toBe(409)
    expect(text(done.body)).toContain('2개 항목을 삭제했습니다.')
    expect(
      await db()
        .select()
        .from(termsVersions)
        .where(inArray(termsVersions.id, [a!, b!])),
    ).toHaveLength(0)
    expect(await db().select().from(termsVersions).where(eq(termsVersions.id, live!.id))).toHaveLength(1)
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terms.draft.delete'), inArray(auditLog.record_id, [String(a), String(b)])))
    expect(entries).toHaveLength(2)
    expect(entries.every((e) => e.user_id === editor.userId && e.record_type === 'terms_version')).toBe(true)
  })

  it('reports a draft saved since the list was loaded, and deletes the rest', async () => {
    const [a, b] = await drafts(2)
    const stale = await versionOf(a!)
    const [row] = await db().select().from(termsVersions).where(eq(termsVersions.id, a!))
    const saved = await t.runtime.services.terms.saveDraft(
      { id: editor.userId, role: 'editor' },
      a!,
      {
        title: '나중에 고친 초안',
        title_en: 'Edited later',
        description: '<p>본문</p>',
        description_en: '<p>Body</p>',
      },
      row!.updated_at.toISOString(),
    )
    expect(saved.ok).toBe(true)
    const done = await post('/admin/terms?lang=en', {
      intent: 'bulk',
      action: 'delete',
      confirm: 'yes',
      [`item_${a}`]: stale,
      [`item_${b}`]: await versionOf(b!),
    })
    expect(done.statusCode).toBe(409)
    expect(text(done.body)).toContain('Deleted: 1.')
    expect(text(done.body)).toContain('나중에 고친 초안')
    expect(await db().select().from(termsVersions).where(eq(termsVersions.id, a!))).toHaveLength(1)
    expect(await db().select().from(termsVersions).where(eq(termsVersions.id, b!))).toHaveLength(0)
  })
})
