import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, searchSynonyms } from '#server/db/schema.ts'
import { createMember } from '#tests/helpers/members.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The console's search synonyms (/admin/search/synonyms, docs/decisions/047 addendum) through the
 * production build (`app.inject`), on the demo's groups (migration 0024): who may open and change
 * it, the list and its filter, add, edit and delete as plain form posts, refused input answered
 * 400 with the field's message and the typed text, one audit entry per change shown readably on
 * the audit page, and public search using a new group at once.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff
let admin: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'synonyms.editor@example.com',
    name: '동의어편집',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'synonyms.viewer@example.com',
    name: '동의어열람',
    role: 'viewer',
  })
  admin = await enrolStaff(t.runtime.services, {
    username: 'synonyms.admin@example.com',
    name: '동의어관리',
    role: 'admin',
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const PAGE = '/admin/search/synonyms'
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })
/** A form post, by the editor unless another cookie (or none: null) is given. */
const post = (url: string, values: Record<string, string>, cookie: string | null = editor.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
const groups = () => t.runtime.database.db.select().from(searchSynonyms).orderBy(searchSynonyms.id)
const groupWith = async (term: string) => (await groups()).find((g) => g.terms.includes(term))
const audits = (id: number) =>
  t.runtime.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.record_type, 'search_synonyms'), eq(auditLog.record_id, String(id))))
    .orderBy(desc(auditLog.id))
const titles = async (keyword: string, language: 'KOR' | 'ENG') => {
  const res = await get(`/api/search/list?keyword=${encodeURIComponent(keyword)}&language=${language}&page_list=50`)
  expect(res.statusCode).toBe(200)
  return (res.json().data.list as { title: string }[]).map((hit) => hit.title)
}
/** Whether the page has the new-group form (its button: React writes `name` after `value`). */
const hasAddForm = (html: string) => /<button[^>]*value="create"[^>]*name="intent"/.test(html)
/** The members the list shows, chip by chip. */
const chips = (html: string) => [...html.matchAll(/<li class="synonym-chip">([^<]*)<\/li>/g)].map((m) => m[1])
/** The text of the page without markup, for messages split by elements. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('access', () => {
  it('is the site 404 for visitors and members, on every method', async () => {
    const member = await createMember(t)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: member.password, flag: 'N' },
    })
    const memberCookie = `session=${login.json().data.token as string}`
    for (const cookie of [null, memberCookie]) {
      const page = await get(PAGE, cookie ?? undefined)
      expect(page.statusCode).toBe(404)
      expect(page.headers['cache-control']).toContain('no-store')
      expect(page.body).toContain('페이지를 찾을 수 없습니다')
      expect((await post(PAGE, { intent: 'create', terms: '방문자어, visitorword' }, cookie)).statusCode).toBe(404)
    }
    expect(await groupWith('방문자어')).toBeUndefined()
  })

  it('viewers read the groups but may not change them (403, nothing saved); editors and admins see the forms', async () => {
    const page = await get(PAGE, viewer.cookie)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>검색 동의어</h1>')
    expect(page.body).toContain('wiring diagram')
    expect(hasAddForm(page.body)).toBe(false)
    expect(page.body).toContain('열람 권한으로는 수정할 수 없습니다.')
    expect(page.body).toContain('href="/admin/search/synonyms"') // in the navigation
    // Not even the edit or delete question opens for a viewer.
    const seeded = (await groupWith('결선도'))!
    expect((await get(`${PAGE}?edit=${seeded.id}`, viewer.cookie)).body).not.toContain('name="terms"')
    const refused = await post(PAGE, { intent: 'create', terms: '열람어, viewerword' }, viewer.cookie)
    expect(refused.statusCode).toBe(403)
    expect(await groupWith('열람어')).toBeUndefined()
    const removal = await post(PAGE, { intent: 'delete', id: String(seeded.id), confirm: 'yes' }, viewer.cookie)
    expect(removal.statusCode).toBe(403)
    expect(await groupWith('결선도')).toBeDefined()
    for (const cookie of [editor.cookie, admin.cookie]) {
      const body = (await get(PAGE, cookie)).body
      expect(hasAddForm(body)).toBe(true)
      expect(body).toContain('href="/admin/search/synonyms"')
    }
  })
})

describe('the list', () => {
  it('lists every group with its members and last change; the filter finds groups by any member', async () => {
    const all = await groups()
    const body = (await get(PAGE, editor.cookie)).body
    expect(textOf(body)).toContain(`동의어 묶음 ${all.length}개`)
    expect(chips(body)).toEqual(all.flatMap((g) => g.terms))
    // The last change in the console's date format, with how long ago.
    expect(body).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}T[^"]+">\d{4}\. \d{1,2}\. \d{1,2}\./)

    const filtered = await get(`${PAGE}?q=${encodeURIComponent('Wiring-Diagram')}`, editor.cookie)
    expect(filtered.statusCode).toBe(200)
    expect(chips(filtered.body)).toEqual((await groupWith('결선도'))!.terms)
    expect(textOf(filtered.body)).toContain(`‘Wiring-Diagram’이 든 묶음 1개 (전체 ${all.length}개)`)
    const korean = await get(`${PAGE}?q=${encodeURIComponent('감속')}`, editor.cookie)
    expect(chips(korean.body)).toEqual(['감속기', 'gearbox', 'reducer'])
    const none = await get(`${PAGE}?q=${encodeURIComponent('없는동의어')}`, editor.cookie)
    expect(none.body).toContain('이 동의어가 든 묶음이 없습니다.')
    expect(chips(none.body)).toEqual([])
    const english = await get(`${PAGE}?q=catalog&lang=en`, editor.cookie)
    expect(textOf(english.body)).toContain(`Groups with ‘catalog’: 1 (of ${all.length})`)
  })
})

describe('changes', () => {
  it('adds a group (public search uses it at once), edits it in place and deletes it after one confirmation, each audited', async () => {
    // Before: an English search for the Korean word finds nothing.
    expect(await titles('밸브구동기', 'ENG')).toEqual([])
    // Every change is announced (every node drops its copy of the groups and its kept pages).
    const heard: string[] = []
    const stop = t.runtime.services.changes.subscribe((topics) => heard.push(...topics))
    await t.runtime.services.changes.ready()

    const added = await post(PAGE, { intent: 'create', terms: '밸브구동기,  valve drive\n' })
    expect(added.statusCode).toBe(302)
    const group = (await groupWith('밸브구동기'))!
    expect(group.terms).toEqual(['밸브구동기', 'valve drive'])
    expect(added.headers.location).toBe(`${PAGE}?done=created#synonym-${group.id}`)
    const listed = await get(`${PAGE}?done=created`, editor.cookie)
    expect(listed.body).toContain('동의어 묶음을 추가했습니다.')
    expect(listed.body).toContain(`id="synonym-${group.id}"`)
    expect(chips(listed.body)).toEqual(expect.arrayContaining(['밸브구동기', 'valve drive']))
    // Search reads the new group at once: the Korean word finds the English entry of the other member.
    expect(await titles('밸브구동기', 'ENG')).toContain('Valve drive with a non-contact absolute position detector')
    await expect.poll(() => heard).toContain('search-synonyms')
    stop()
    const [created] = await audits(group.id)
    expect(created).toMatchObject({
      user_id: editor.userId,
      action: 'synonyms.create',
      before: null,
      after: { terms: ['밸브구동기', 'valve drive'] },
    })

    // Edit in place: `?edit=` opens the group's form in its row, holding its members one per line.
    const editing = await get(`${PAGE}?edit=${group.id}`, editor.cookie)
    expect(editing.body).toContain('<textarea')
    expect(editing.body).toContain('밸브구동기\nvalve drive</textarea>')
    const saved = await post(`${PAGE}?q=${encodeURIComponent('밸브')}`, {
      intent: 'save',
      id: String(group.id),
      version: String(group.updated_at.getTime()),
      terms: '밸브구동기\nvalve drive\nvalve actuator drive',
    })
    expect(saved.statusCode).toBe(302)
    expect(saved.headers.location).toBe(`${PAGE}?q=%EB%B0%B8%EB%B8%8C&done=saved#synonym-${group.id}`)
    expect((await groupWith('밸브구동기'))!.terms).toEqual(['밸브구동기', 'valve drive', 'valve actuator drive'])
    const [edited] = await audits(group.id)
    expect(edited).toMatchObject({
      action: 'synonyms.save',
      before: { terms: ['밸브구동기', 'valve drive'] },
      after: { terms: ['밸브구동기', 'valve drive', 'valve actuator drive'] },
    })

    // The audit page shows the entries readably: the record's name, the members' label, before → after.
    const trail = await get('/admin/audit?type=search_synonyms', admin.cookie)
    expect(trail.statusCode).toBe(200)
    expect(trail.body).toContain(`<a href="/admin/search/synonyms#synonym-${group.id}">검색 동의어 #${group.id}</a>`)
    expect(textOf(trail.body)).toContain(
      '동의어 : 밸브구동기, valve drive → 밸브구동기, valve drive, valve actuator drive',
    )
    expect(trail.body).toMatch(/<option value="search_synonyms"[^>]*>검색 동의어<\/option>/)
    expect(textOf((await get('/admin/audit?type=search_synonyms&lang=en', admin.cookie)).body)).toContain(
      'Search synonyms #',
    )

    // Delete: without the confirmation nothing is deleted and the row asks; `?delete=` asks the same.
    const unconfirmed = await post(PAGE, { intent: 'delete', id: String(group.id) })
    expect(unconfirmed.statusCode).toBe(400)
    expect(unconfirmed.body).toContain('묶음을 삭제할까요?')
    expect(unconfirmed.body).toContain('name="confirm" value="yes"')
    expect(await groupWith('밸브구동기')).toBeDefined()
    const asking = await get(`${PAGE}?delete=${group.id}`, editor.cookie)
    expect(asking.body).toContain('‘밸브구동기, valve drive, valve actuator drive’ 묶음을 삭제할까요?')
    const deleted = await post(PAGE, { intent: 'delete', id: String(group.id), confirm: 'yes' })
    expect(deleted.statusCode).toBe(302)
    expect(deleted.headers.location).toBe(`${PAGE}?done=deleted`)
    expect(await groupWith('밸브구동기')).toBeUndefined()
    expect(await titles('밸브구동기', 'ENG')).toEqual([])
    const [removal] = await audits(group.id)
    expect(removal).toMatchObject({
      user_id: editor.userId,
      action: 'synonyms.delete',
      before: { terms: ['밸브구동기', 'valve drive', 'valve actuator drive'] },
      after: null,
    })
    expect(await audits(group.id)).toHaveLength(3)
    // A group already gone: 404 with the message.
    const again = await post(PAGE, { intent: 'delete', id: String(group.id), confirm: 'yes' })
    expect(again.statusCode).toBe(404)
    expect(again.body).toContain('이 동의어 묶음은 이미 삭제되었습니다.')
  })
})

describe('validation', () => {
  it('refuses too few members with the field message beside the box and the typed text kept, in either language', async () => {
    const before = (await groups()).length
    const ko = await post(PAGE, { intent: 'create', terms: '혼자인말' })
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toMatch(/class="field__error">동의어를 두 개 이상 입력해 주세요\.<\/p>/)
    expect(ko.body).toContain('aria-invalid="true"')
    expect(ko.body).toContain('>혼자인말</textarea>')
    const en = await post(`${PAGE}?lang=en`, { intent: 'create', terms: 'lonely word' })
    expect(en.statusCode).toBe(400)
    expect(en.body).toMatch(/class="field__error">Enter at least two synonyms\.<\/p>/)
    expect(en.body).toContain('>lonely word</textarea>')
    expect((await groups()).length).toBe(before)
  })

  it('refuses a member of another group, on add and on edit, keeping what was typed in that form', async () => {
    const taken = await post(PAGE, { intent: 'create', terms: '새말, Wiring Diagram' })
    expect(taken.statusCode).toBe(400)
    expect(taken.body).toContain('다른 묶음에 이미 있는 동의어가 있습니다.')
    expect(taken.body).toContain('>새말, Wiring Diagram</textarea>')
    expect(await groupWith('새말')).toBeUndefined()

    const gearbox = (await groupWith('gearbox'))!
    const edit = await post(PAGE, {
      intent: 'save',
      id: String(gearbox.id),
      version: String(gearbox.updated_at.getTime()),
      terms: '감속기\ngearbox\ncatalog',
    })
    expect(edit.statusCode).toBe(400)
    // The refused text stays in that group's own form, in its row.
    const row = edit.body.slice(edit.body.indexOf(`id="synonym-${gearbox.id}"`))
    expect(row).toContain('감속기\ngearbox\ncatalog</textarea>')
    expect(row).toContain('다른 묶음에 이미 있는 동의어가 있습니다.')
    expect((await groupWith('gearbox'))!.terms).toEqual(gearbox.terms)
    expect(await audits(gearbox.id)).toHaveLength(0)

    const tooLong = await post(`${PAGE}?lang=en`, { intent: 'create', terms: `${'가'.repeat(41)}, 나나` })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.body).toContain('Each synonym may have at most 40 characters.')
  })

  it('an edit of a group deleted meanwhile answers 404 and moves the typing to the new-group form', async () => {
    const saved = await t.runtime.services.search.synonyms.save({ terms: ['사라질말', 'vanishing word'] })
    expect(saved.ok).toBe(true)
    const id = saved.ok ? saved.id : 0
    expect(await t.runtime.services.search.synonyms.remove(id)).toBe(true)
    const res = await post(PAGE, {
      intent: 'save',
      id: String(id),
      version: '1',
      terms: '사라질말\nvanishing word\n새로 쓴 말',
    })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('이 묶음은 그사이 삭제되었습니다.')
    expect(res.body).toContain('사라질말\nvanishing word\n새로 쓴 말</textarea>')
  })

  it('two editors on one group: the later save is refused (409) naming the first, keeps its typing and shows theirs; saving again replaces knowingly', async () => {
    const saved = await t.runtime.services.search.synonyms.save({ terms: ['수문', 'sluice gate'] })
    const id = saved.ok ? saved.id : 0
    // Both open the group's form at the same version.
    const opened = (await groupWith('수문'))!
    const version = String(opened.updated_at.getTime())
    const first = await post(
      PAGE,
      { intent: 'save', id: String(id), version, terms: '수문\nsluice gate\nfloodgate' },
      admin.cookie,
    )
    expect(first.statusCode).toBe(302)
    // The second posts over the first: refused, nothing saved, nothing audited for it.
    const late = await post(`${PAGE}?lang=en`, {
      intent: 'save',
      id: String(id),
      version,
      terms: '수문\nsluice gate\n게이트',
    })
    expect(late.statusCode).toBe(409)
    const row = late.body.slice(late.body.indexOf(`id="synonym-${id}"`))
    expect(row).toContain('수문\nsluice gate\n게이트</textarea>')
    expect(row).toContain('Members saved now (by 동의어관리)')
    expect(chips(row)).toEqual(expect.arrayContaining(['floodgate']))
    expect(late.body).toMatch(/동의어관리 saved this entry at/)
    expect((await groupWith('수문'))!.terms).toEqual(['수문', 'sluice gate', 'floodgate'])
    expect((await audits(id)).map((a) => a.user_id)).toEqual([admin.userId, null])
    // The answer carries the version now saved: the second save replaces the first knowingly.
    const now = /name="version" value="(\d+)"/.exec(row)![1]!
    const again = await post(PAGE, { intent: 'save', id: String(id), version: now, terms: '수문\nsluice gate\n게이트' })
    expect(again.statusCode).toBe(302)
    expect((await groupWith('수문'))!.terms).toEqual(['수문', 'sluice gate', '게이트'])
    expect(await t.runtime.services.search.synonyms.remove(id)).toBe(true)
  })

  it('an unknown intent or a missing id is a bad request', async () => {
    expect((await post(PAGE, { intent: 'rename', terms: 'a, b' })).statusCode).toBe(400)
    expect((await post(PAGE, { intent: 'save', terms: '가나, 다라' })).statusCode).toBe(400)
    // A save without the version the form carries: nothing to tell a stale edit by.
    const gearbox = (await groupWith('gearbox'))!
    expect((await post(PAGE, { intent: 'save', id: String(gearbox.id), terms: '감속기, gearbox' })).statusCode).toBe(
      400,
    )
    expect((await post(PAGE, { intent: 'delete', id: 'x', confirm: 'yes' })).statusCode).toBe(400)
  })
})
