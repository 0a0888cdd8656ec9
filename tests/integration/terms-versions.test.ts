import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, searchEntries, termsVersions, userConsents } from '#server/db/schema.ts'
import { TERMS_TYPE } from '#shared/type-codes.ts'
import { createMember } from '#tests/helpers/members.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Versioned terms (docs/decisions/018-change-bus.md) through the production build: the console's
 * pages publish a version, the public page shows the version in force with the earlier ones,
 * a scheduled version stays out of sight until it takes effect, a draft is previewed only by
 * staff, and consents keep the version accepted.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff
let colleague: EnrolledStaff
beforeAll(async () => {
  t = await buildTestApp({ pages: true, env: { RESPONSE_CACHE_TTL_MS: '600000' } })
  editor = await enrolStaff(t.runtime.services, {
    username: 'terms.editor@example.com',
    name: '한약관',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'terms.viewer@example.com',
    name: '윤감사',
    role: 'viewer',
  })
  colleague = await enrolStaff(t.runtime.services, {
    username: 'terms.colleague@example.com',
    name: '박동료',
    role: 'admin',
  })
}, 180_000)
afterAll(async () => t?.close())

const form = (values: Record<string, string>) => new URLSearchParams(values).toString()
const post = (url: string, values: Record<string, string>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form(values),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })
/** A request, then the wait until its answer is stored (when it may be), so the next one can hit. */
const get = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} })
  await t.app.responseStore!.idle()
  return res
}
const db = () => t.runtime.database.db
const texts = (mark: string) => ({
  title: `이용약관 ${mark}`,
  title_en: `Terms and Conditions ${mark}`,
  description: `<h2>제1조 (목적)</h2><p>개정 약관 ${mark} 본문입니다.</p><script>alert(1)</script>`,
  description_en: `<h2>Article 1 (Purpose)</h2><p>Amended terms ${mark}.</p>`,
})
async function consentsOf(userId: number) {
  return db().select().from(userConsents).where(eq(userConsents.user_id, userId))
}
/** A new draft of the service terms through the console's list page; its id from the redirect. */
async function newDraft(cookie = editor.cookie) {
  const res = await post('/admin/terms', { intent: 'create', type: 'service' }, cookie)
  expect(res.statusCode).toBe(302)
  const id = Number(/\/admin\/terms\/(\d+)$/.exec(String(res.headers.location))![1])
  const [row] = await db().select().from(termsVersions).where(eq(termsVersions.id, id))
  return { id, updatedAt: row!.updated_at.toISOString() }
}

let v2Member: number
let v1Member: number

describe('publishing a new version', () => {
  it('keeps version 1 for a member who signed up under it, publishes version 2 through the console, and the public page shows it at once', async () => {
    v1Member = (await createMember(t)).id
    const [v1] = await db()
      .select()
      .from(termsVersions)
      .where(and(eq(termsVersions.type, TERMS_TYPE.service), eq(termsVersions.version, 1)))
    expect((await consentsOf(v1Member)).find((c) => c.kind === 'service')).toMatchObject({
      terms_version: '1',
      terms_version_id: v1!.id,
    })

    // The public page, cached.
    await get('/terms/service')
    const cached = await get('/terms/service')
    expect(cached.headers['x-cache']).toBe('hit')
    expect(cached.body).toContain('시행일 2024.01.01')

    const draft = await newDraft()
    // The draft starts from the text in force.
    const editorPage = await get(`/admin/terms/${draft.id}`, editor.cookie)
    expect(editorPage.statusCode).toBe(200)
    expect(editorPage.body).toContain('name="description_en"')
    expect(editorPage.body).toContain('제1장 총칙')

    const published = await post(
      `/admin/terms/${draft.id}`,
      { intent: 'publish', updated_at: draft.updatedAt, effective_at: '', ...texts('v2') },
      editor.cookie,
    )
    expect(published.statusCode).toBe(200)
    expect(published.body).toContain('버전 2를 게시했습니다')

    const page = await get('/terms/service')
    expect(page.headers['x-cache']).toBe('miss')
    expect(page.body).toContain('개정 약관 v2 본문입니다.')
    expect(page.body).not.toContain('alert(1)')
    expect(page.body).toContain('현재 버전')
    // Both versions in the choice, with their effective dates.
    expect(page.body).toMatch(/<option value="2"[^>]*>버전 2 \(\d{4}\.\d{2}\.\d{2} 시행\)/)
    expect(page.body).toContain('<option value="1">버전 1 (2024.01.01 시행)</option>')

    const english = await get('/terms/service?lang=en')
    expect(english.body).toContain('Amended terms v2.')
    expect(english.body).toContain('Version 1 (effective 2024.01.01)')

    // The API answers the version in force, in the specification's shape.
    const api = (await get('/api/terms?type=1')).json() as { data: Record<string, unknown> }
    expect(Object.keys(api.data).sort()).toEqual([
      'description',
      'description_en',
      'title',
      'title_en',
      'type',
      'updated_at',
    ])
    expect(api.data.title).toBe('이용약관 v2')

    // The audit trail and the search index changed with it.
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terms.publish'), eq(auditLog.record_id, String(draft.id))))
    expect(entry).toMatchObject({
      user_id: editor.userId,
      record_type: 'terms_version',
      after: { type: 1, version: 2 },
    })
    const indexed = await db()
      .select()
      .from(searchEntries)
      .where(and(eq(searchEntries.kind, 'terms'), eq(searchEntries.source_id, '1'), eq(searchEntries.lang, 'ko')))
    expect(indexed.map((e) => e.title)).toEqual(['이용약관 v2'])
  })

  it('still shows version 1 at ?version=1 with its effective date, and keeps the consents apart', async () => {
    const old = await get('/terms/service?version=1')
    expect(old.statusCode).toBe(200)
    expect(old.body).toContain('2024.01.01부터 시행된 이전 버전입니다.')
    expect(old.body).toContain('제1장 총칙')
    expect(old.body).not.toContain('개정 약관 v2')
    expect(old.body).toContain('href="/terms/service"')
    expect((await get('/terms/service?version=9')).statusCode).toBe(404)
    expect((await get('/terms/service?version=abc')).statusCode).toBe(404)

    v2Member = (await createMember(t)).id
    expect((await consentsOf(v2Member)).find((c) => c.kind === 'service')?.terms_version).toBe('2')
    // The member who accepted version 1 still refers to it; their privacy consent is untouched too.
    const first = await consentsOf(v1Member)
    expect(first.find((c) => c.kind === 'service')?.terms_version).toBe('1')
    expect(first.find((c) => c.kind === 'privacy')?.terms_version).toBe('1')
  })
})

describe('a version scheduled for later', () => {
  let scheduledId: number
  const tomorrow = new Date(Date.now() + 86_400_000)
  const korean = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 16)

  it('is not shown before its effective date; only staff preview it, privately', async () => {
    const draft = await newDraft()
    scheduledId = draft.id
    const res = await post(
      `/admin/terms/${draft.id}`,
      { intent: 'publish', updated_at: draft.updatedAt, effective_at: korean(tomorrow), ...texts('v3') },
      editor.cookie,
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('버전 3을 게시했습니다')

    const page = await get('/terms/service')
    expect(page.body).toContain('개정 약관 v2 본문입니다.')
    // Not the bare mark: a random CSP nonce may contain it.
    expect(page.body).not.toContain('약관 v3')
    expect((await get('/terms/service?version=3')).statusCode).toBe(404)
    expect(((await get('/api/terms?type=1')).json() as { data: { title: string } }).data.title).toBe('이용약관 v2')

    // A staff member sees it on the real page, never cached and never indexed.
    const preview = await get(`/terms/service?preview=${draft.id}`, viewer.cookie)
    expect(preview.statusCode).toBe(200)
    expect(preview.body).toContain('개정 약관 v3 본문입니다.')
    expect(preview.body).toContain('부터 시행될 버전입니다')
    expect(preview.headers['cache-control']).toBe('private, no-store')
    expect(preview.headers['x-robots-tag']).toMatch(/noindex/)
    expect(preview.headers['x-cache']).toBeUndefined()

    // Anyone else asking for the preview gets the version in force; the other type's page ignores it.
    for (const cookie of [undefined, 'console_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const other = await get(`/terms/service?preview=${draft.id}`, cookie)
      expect(other.body).toContain('개정 약관 v2 본문입니다.')
      expect(other.body).not.toContain('약관 v3')
    }
    expect((await get(`/terms/privacy?preview=${draft.id}`, viewer.cookie)).body).not.toContain('약관 v3')
  })

  it('refuses an effective date in the past or not after the latest version, in the page language', async () => {
    const draft = await newDraft()
    const past = await post(
      `/admin/terms/${draft.id}`,
      { intent: 'publish', updated_at: draft.updatedAt, effective_at: '2020-01-01T00:00', ...texts('x') },
      editor.cookie,
    )
    expect(past.statusCode).toBe(400)
    expect(past.body).toContain('시행 일시는 지난 시각일 수 없습니다.')
    const row = (await db().select().from(termsVersions).where(eq(termsVersions.id, draft.id)))[0]!
    const early = await post(
      `/admin/terms/${draft.id}?lang=en`,
      { intent: 'publish', updated_at: row.updated_at.toISOString(), effective_at: '', ...texts('x') },
      editor.cookie,
    )
    expect(early.statusCode).toBe(400)
    expect(early.body).toContain('The effective date must be later than that of the latest published version.')
    expect((await db().select().from(termsVersions).where(eq(termsVersions.id, draft.id)))[0]!.published_at).toBeNull()
  })

  it('takes effect by itself: the check each node runs finds it, updates the search index and clears the page caches', async () => {
    // The page is kept showing version 2. (Checked before the date moves: on PostgreSQL a change notice
    // of an earlier test may still arrive and drop the kept page, which then shows version 3 at once.)
    await get('/terms/service')
    expect((await get('/terms/service')).body).toContain('개정 약관 v2 본문입니다.')
    // Bring its effective date to a moment ago, as if tomorrow had come (still after version 2's).
    await new Promise((r) => setTimeout(r, 20))
    await db()
      .update(termsVersions)
      .set({ effective_at: new Date(Date.now() - 10) })
      .where(eq(termsVersions.id, scheduledId))
    expect(await t.runtime.services.terms.activateDue()).toEqual([TERMS_TYPE.service])
    await expect.poll(async () => (await get('/terms/service')).body).toContain('개정 약관 v3 본문입니다.')
    expect(await t.runtime.services.terms.activateDue()).toEqual([])
    const indexed = await db()
      .select()
      .from(searchEntries)
      .where(and(eq(searchEntries.kind, 'terms'), eq(searchEntries.source_id, '1'), eq(searchEntries.lang, 'ko')))
    expect(indexed.map((e) => e.title)).toEqual(['이용약관 v3'])
  })
})

describe('drafts', () => {
  it('previews a draft for staff only; a second save based on an older one is refused naming who saved', async () => {
    const draft = await newDraft()
    const saved = await post(
      `/admin/terms/${draft.id}`,
      { intent: 'save', updated_at: draft.updatedAt, ...texts('draft') },
      editor.cookie,
    )
    expect(saved.statusCode).toBe(200)
    expect(saved.body).toContain('초안을 저장했습니다.')
    const preview = await get(`/terms/service?preview=${draft.id}`, editor.cookie)
    expect(preview.body).toContain('미리보기: 아직 게시하지 않은 초안입니다.')
    expect(preview.body).toContain('개정 약관 draft 본문입니다.')
    expect((await get(`/terms/service?preview=${draft.id}`)).body).not.toContain('개정 약관 draft')

    // A colleague who opened the draft before that save.
    const stale = await post(
      `/admin/terms/${draft.id}`,
      { intent: 'save', updated_at: draft.updatedAt, ...texts('stale') },
      colleague.cookie,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('한약관님이')
    expect(stale.body).toContain('먼저 저장했습니다')
    expect((await db().select().from(termsVersions).where(eq(termsVersions.id, draft.id)))[0]!.title).toBe(
      '이용약관 draft',
    )
  })

  it('validates on the server with messages in the page language', async () => {
    const draft = await newDraft()
    const korean = await post(
      `/admin/terms/${draft.id}`,
      { intent: 'save', updated_at: draft.updatedAt, ...texts('x'), title: ' ', description_en: '' },
      editor.cookie,
    )
    expect(korean.statusCode).toBe(400)
    expect(korean.body).toContain('한국어 제목을 입력해 주세요.')
    expect(korean.body).toContain('영어 본문을 입력해 주세요.')
    const english = await post(
      `/admin/terms/${draft.id}?lang=en`,
      { intent: 'save', updated_at: draft.updatedAt, ...texts('x'), title_en: 'x'.repeat(201) },
      editor.cookie,
    )
    expect(english.statusCode).toBe(400)
    expect(english.body).toContain('Keep the title within 200 characters.')
    // A published version cannot be saved again.
    const [v1] = await db()
      .select()
      .from(termsVersions)
      .where(and(eq(termsVersions.type, TERMS_TYPE.service), eq(termsVersions.version, 1)))
    const locked = await post(
      `/admin/terms/${v1!.id}`,
      { intent: 'save', updated_at: v1!.updated_at.toISOString(), ...texts('x') },
      editor.cookie,
    )
    expect(locked.statusCode).toBe(409)
  })

  it('is editors’ work: viewers get 403, visitors the 404, and the list shows every state', async () => {
    expect((await get('/admin/terms', viewer.cookie)).statusCode).toBe(403)
    expect((await post('/admin/terms', { intent: 'create', type: 'service' }, viewer.cookie)).statusCode).toBe(403)
    expect((await get('/admin/terms')).statusCode).toBe(404)
    const list = await get('/admin/terms', editor.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toBe('private, no-store')
    for (const state of ['초안', '게시 중', '종료됨']) expect(list.body).toContain(state)
  })
})
