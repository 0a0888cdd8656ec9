import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, popups, referenceDocuments, users } from '#server/db/schema.ts'
import { contentListSpec, documentListSpec, parseListQuery, type ListQuery } from '#shared/console-lists.ts'
import { CONTENT_KINDS, type ContentKindName } from '#shared/content-kinds.ts'
import { RECORD_STATUSES, recordStatuses, statusMatches } from '#shared/record-status.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * The console lists (docs/decisions/054-console-lists.md) through the production build: the query
 * contract (a bad field is a 400 in the console's language, never a 500, the list still shown),
 * statuses, search, sorts and pages read in SQL (the SQL statuses agree with the one status
 * function for every record of every kind), and bulk actions: refused to viewers, one
 * confirmation that changes nothing, then one transaction in which every record is audited like
 * its single action, announced on the change bus, and a record changed since the list was loaded
 * is reported, not swallowed.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let other: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'lists.editor@example.com',
    name: '목록편집',
    role: 'editor',
  })
  other = await enrolStaff(t.runtime.services, {
    username: 'lists.other@example.com',
    name: '다른편집',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'lists.viewer@example.com',
    name: '목록감사',
    role: 'viewer',
  })
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
const actor = () => ({ userId: editor.userId, ip: '127.0.0.1' })
const text = (html: string) => html.replace(/<!-- -->/g, '')

async function popup(title: string, from: number, until: number | null, publish = true) {
  const result = await t.runtime.services.contentEditor.create(
    actor(),
    'popups',
    {
      title,
      title_en: `${title} (en)`,
      description: '<p>본문</p>',
      description_en: '<p>Body</p>',
      starts_at: koreaLocal(from),
      ends_at: until === null ? '' : koreaLocal(until),
      sort_order: '0',
    },
    publish,
  )
  if (!result.ok) throw new Error(JSON.stringify(result))
  return result.id
}

describe('the query contract', () => {
  it('answers an unknown choice with 400 in the console language, the list still shown at the default', async () => {
    const ko = await get('/admin/content/popups?status=bogus&sort=nothing')
    expect(ko.statusCode).toBe(400)
    expect(text(ko.body)).toContain('목록 주소의 일부를 읽을 수 없어')
    expect(text(ko.body)).toContain('이 목록에 없는 선택입니다.')
    expect(ko.body).toContain('<table')
    const en = await get('/admin/content/popups?lang=en&dir=sideways')
    expect(en.statusCode).toBe(400)
    expect(text(en.body)).toContain('This list does not offer that choice.')
  })

  it('refuses search words over 100 characters and a page that is not a number, in both languages', async () => {
    const long = encodeURIComponent('가'.repeat(101))
    const ko = await get(`/admin/documents/reference?q=${long}`)
    expect(ko.statusCode).toBe(400)
    expect(text(ko.body)).toContain('검색어는 100자까지 입력할 수 있습니다.')
    const en = await get(`/admin/documents/reference?lang=en&q=${long}`)
    expect(text(en.body)).toContain('Search words can be at most 100 characters.')
    const page = await get('/admin/documents/reference?lang=en&page=two')
    expect(page.statusCode).toBe(400)
    expect(text(page.body)).toContain('That page number is not valid.')
  })

  it('never answers 500 to odd addresses', async () => {
    for (const query of [
      'sort=__proto__',
      'dir=constructor',
      'status=toString',
      'page=999999999999',
      'page=0',
      'page=-1',
      'q=%00%00',
      'q=%E2%80%AE',
      'status=live&status=draft',
      'language=fr',
      'type=99',
      'type=1e3',
      'q=%25%27%22',
    ]) {
      for (const path of ['/admin/content/banners', '/admin/documents/service', '/admin/content/popups'])
        expect([200, 400], `${path}?${query}`).toContain((await get(`${path}?${query}`)).statusCode)
    }
  })

  it('reads defaults, the first of a repeated field, and leaves good fields when one is bad', () => {
    const spec = contentListSpec(CONTENT_KINDS.find((k) => k.kind === 'popups')!)
    const read = (q: string) => parseListQuery(spec, new URLSearchParams(q))
    expect(read('').query).toEqual({
      q: '',
      status: '',
      language: '',
      sort: 'order',
      dir: 'asc',
      page: 1,
      filters: {},
    } satisfies ListQuery)
    expect(read('sort=starts_at').query.dir).toBe('desc')
    expect(read('status=live&status=draft').query.status).toBe('live')
    const mixed = read('q=%20팝업%20&status=bogus&language=en&page=3')
    expect(mixed.query).toMatchObject({ q: '팝업', status: '', language: 'en', page: 3 })
    expect(mixed.errors).toEqual({ status: 'console.list.error.choice' })
    expect(parseListQuery(documentListSpec(11), new URLSearchParams('type=12')).errors).toEqual({
      type: 'console.list.error.choice',
    })
  })
})

describe('statuses, search, sorts and pages in SQL', () => {
  it('filters every kind by every status in each language exactly as the status function reads each record', async () => {
    // Records in every state: scheduled, live, expired popups, a draft, a hidden language, pending changes.
    const scheduled = await popup('예약 목록 팝업', 120, 60 * 24)
    await popup('지금 목록 팝업', -60, null)
    const expired = await popup('지난 목록 팝업', -60 * 48, -60)
    await popup('초안 목록 팝업', -60, null, false)
    const editorService = t.runtime.services.contentEditor
    const hidden = (await editorService.get('popups', scheduled))!
    expect((await editorService.unpublishLanguage(actor(), 'popups', scheduled, hidden.version, 'en')).ok).toBe(true)
    const before = (await editorService.get('popups', expired))!
    const changed = await editorService.save(
      actor(),
      'popups',
      expired,
      before.version,
      {
        title: '지난 목록 팝업',
        title_en: 'Changed English title',
        description: '<p>본문</p>',
        description_en: '<p>Body</p>',
        starts_at: koreaLocal(-60 * 48),
        ends_at: koreaLocal(-60),
        sort_order: '0',
      },
      false,
    )
    expect(changed.ok).toBe(true)

    for (const kind of CONTENT_KINDS.filter((k) => !('singleton' in k && k.singleton))) {
      const name = kind.kind as ContentKindName
      const spec = contentListSpec(kind)
      const all = await editorService.list(name)
      for (const status of RECORD_STATUSES) {
        for (const language of ['', 'ko', 'en'] as const) {
          const query = { ...parseListQuery(spec, new URLSearchParams()).query, status, language }
          const page = await editorService.listPage(name, query, 'ko', 1000)
          const expected = all
            .filter((r) => {
              const s = recordStatuses(r)
              return language
                ? statusMatches(s[language], status)
                : statusMatches(s.ko, status) || statusMatches(s.en, status)
            })
            .map((r) => r.id)
            .sort((a, b) => a - b)
          expect(
            page.rows.map((r) => r.id).sort((a, b) => a - b),
            `${name} ${status} ${language}`,
          ).toEqual(expected)
        }
      }
    }
    const list = await get('/admin/content/popups?lang=en&status=changed&language=en')
    expect(text(list.body)).toContain('English: Expired · Changed since published')
    const hiddenList = await get('/admin/content/popups?status=hidden&language=en')
    expect(text(hiddenList.body)).toContain('예약 목록 팝업')
    expect(text(hiddenList.body)).toContain('영어: 숨김')
    expect(text(hiddenList.body)).not.toContain('한국어: 예약됨')
  })

  it('searches the texts as the list shows them (a draft’s), both languages, every word', async () => {
    const editorService = t.runtime.services.contentEditor
    const spec = contentListSpec(CONTENT_KINDS.find((k) => k.kind === 'popups')!)
    const base = parseListQuery(spec, new URLSearchParams()).query
    const find = async (q: string) =>
      (await editorService.listPage('popups', { ...base, q }, 'ko', 100)).rows.map((r) => String(r.values.title))
    expect(await find('지난 목록')).toEqual(['지난 목록 팝업'])
    expect(await find('changed english')).toEqual(['지난 목록 팝업'])
    expect(await find('목록 없는말')).toEqual([])
    const html = await get(`/admin/content/popups?q=${encodeURIComponent('예약 목록')}`)
    expect(text(html.body)).toContain('예약 목록 팝업')
    expect(text(html.body)).not.toContain('지금 목록 팝업')
  })

  it('sorts by a column both ways with aria-sort, and pages in SQL (a page past the end shows the last)', async () => {
    const asc1 = await get('/admin/documents/reference?sort=number&dir=asc')
    expect(asc1.statusCode).toBe(200)
    expect(asc1.body).toMatch(
      /aria-sort="ascending"><a[^>]*href="\/admin\/documents\/reference\?sort=number&amp;dir=desc"/,
    )
    const numbers = (html: string) => [...html.matchAll(/class="docs-number">([^<]+)</g)].map((m) => m[1]!)
    const first = numbers(asc1.body)
    expect(first).toEqual([...first].sort())
    const rows = await db()
      .select({ n: referenceDocuments.doc_number })
      .from(referenceDocuments)
      .orderBy(asc(referenceDocuments.doc_number))
    expect(first).toEqual(rows.slice(0, 20).map((r) => r.n))
    const second = numbers((await get('/admin/documents/reference?sort=number&dir=asc&page=2')).body)
    expect(second).toEqual(rows.slice(20, 40).map((r) => r.n))
    const desc = numbers((await get('/admin/documents/reference?sort=number&dir=desc')).body)
    expect(desc[0]).toBe(rows.at(-1)!.n)
    const last = Math.ceil(rows.length / 20)
    const past = await get('/admin/documents/reference?sort=number&dir=asc&page=9999')
    expect(past.statusCode).toBe(200)
    expect(numbers(past.body)).toEqual(rows.slice((last - 1) * 20).map((r) => r.n))
    // The filters: classification and state; the total says how many match.
    const [{ id }] = (await db().select({ id: referenceDocuments.id }).from(referenceDocuments).limit(1)) as [
      { id: number },
    ]
    await db().update(referenceDocuments).set({ published: false }).where(eq(referenceDocuments.id, id))
    const drafts = await get('/admin/documents/reference?status=draft&lang=en')
    expect(text(drafts.body)).toContain('Found: 1')
    expect(text(drafts.body)).toContain('>Draft<')
    await db().update(referenceDocuments).set({ published: true }).where(eq(referenceDocuments.id, id))
  })
})

describe('bulk actions', () => {
  it('are not offered to viewers, and refused to them (403)', async () => {
    const page = await get('/admin/content/banners', viewer.cookie)
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('name="page_items"')
    const [row] = await db().select({ id: popups.id, version: popups.version }).from(popups).limit(1)
    const res = await post(
      '/admin/content/popups',
      { intent: 'bulk', action: 'unpublish', [`item_${row!.id}`]: String(row!.version), confirm: 'yes' },
      viewer.cookie,
    )
    expect(res.statusCode).toBe(403)
    const docs = await post(
      '/admin/documents/reference',
      { intent: 'bulk', action: 'unpublish', all: 'page', page_items: '1:1', confirm: 'yes' },
      viewer.cookie,
    )
    expect(docs.statusCode).toBe(403)
  })

  it('asks once, naming the count and the action and changing nothing; then changes each record audited and announced', async () => {
    const ids = [
      await popup('일괄 A', -60, null, false),
      await popup('일괄 B', -60, null, false),
      await popup('일괄 C', -60, null, false),
    ]
    const rows = await db()
      .select({ id: popups.id, version: popups.version })
      .from(popups)
      .where(inArray(popups.id, ids))
    const items = Object.fromEntries(rows.map((r) => [`item_${r.id}`, String(r.version)]))
    const ask = await post('/admin/content/popups?lang=en', { intent: 'bulk', action: 'publish', ...items })
    expect(ask.statusCode).toBe(200)
    expect(text(ask.body)).toContain('Publish the selected entries (3)?')
    expect(text(ask.body)).toContain('일괄 B (en)')
    expect(ask.body).toContain('name="confirm" value="yes"')
    expect((await db().select().from(popups).where(inArray(popups.id, ids))).every((r) => !r.published)).toBe(true)

    let heard = 0
    const unsubscribe = t.runtime.services.changes.subscribe(() => heard++)
    await t.runtime.services.changes.ready()
    const done = await post('/admin/content/popups', { intent: 'bulk', action: 'publish', confirm: 'yes', ...items })
    expect(done.statusCode).toBe(200)
    expect(text(done.body)).toContain('3개 항목을 게시했습니다.')
    expect((await db().select().from(popups).where(inArray(popups.id, ids))).every((r) => r.published)).toBe(true)
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.publish'), inArray(auditLog.record_id, ids.map(String))))
    expect(entries.map((e) => Number(e.record_id)).sort()).toEqual([...ids].sort())
    expect(entries.every((e) => e.user_id === editor.userId && e.record_type === 'popups')).toBe(true)
    await expect.poll(() => heard, { timeout: 5000 }).toBeGreaterThan(0)
    unsubscribe()
    // The public site shows them (the change notice emptied what it kept).
    const shown = (await t.runtime.services.content.popups()).map((p) => p.id)
    for (const id of ids) expect(shown).toContain(id)
  })

  it('reports a record changed since the list was loaded, and one that cannot be published, and does the rest', async () => {
    const editorService = t.runtime.services.contentEditor
    const [a, b, c] = [
      await popup('보고 A', -60, null, false),
      await popup('보고 B', -60, null, false),
      await popup('보고 C', -60, null, false),
    ]
    const loaded = await editorService.byIds('popups', [a, b, c])
    // B is saved by another editor after the list was loaded; C loses its English title (needed to publish).
    const stateB = loaded.find((r) => r.id === b)!
    const form = (title: string, en: string) => ({
      title,
      title_en: en,
      description: '<p>본문</p>',
      description_en: '<p>Body</p>',
      starts_at: koreaLocal(-60),
      ends_at: '',
      sort_order: '0',
    })
    expect(
      (
        await editorService.save(
          { userId: other.userId, ip: '127.0.0.1' },
          'popups',
          b,
          stateB.version,
          form('보고 B', '보고 B (en)'),
          false,
        )
      ).ok,
    ).toBe(true)
    const stateC = loaded.find((r) => r.id === c)!
    const emptied = await editorService.save(actor(), 'popups', c, stateC.version, form('보고 C', ''), false)
    expect(emptied.ok).toBe(true)
    const versions = new Map(loaded.map((r) => [r.id, r.version]))
    versions.set(c, emptied.ok ? emptied.version : 0)
    const res = await post('/admin/content/popups?lang=en', {
      intent: 'bulk',
      action: 'publish',
      confirm: 'yes',
      ...Object.fromEntries([...versions].map(([id, v]) => [`item_${id}`, String(v)])),
    })
    expect(res.statusCode).toBe(409)
    const body = text(res.body)
    expect(body).toContain('Published: 1.')
    expect(body).toContain('Not changed: 2.')
    expect(body).toMatch(/보고 B \(en\)<\/strong>: 다른편집 saved it at/)
    expect(body).toContain('Needed to publish but empty: Title (English)')
    const now = await db()
      .select()
      .from(popups)
      .where(inArray(popups.id, [a, b, c]))
      .orderBy(asc(popups.id))
    expect(now.map((r) => r.published)).toEqual([true, false, false])
    // Only A's publication is in the audit trail.
    const audited = await db()
      .select({ id: auditLog.record_id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.publish'), inArray(auditLog.record_id, [a, b, c].map(String))))
    expect(audited.map((e) => Number(e.id))).toEqual([a])
  })

  it('hides a language, unpublishes and deletes with the same single-record rules, and "select all on this page" works without scripts', async () => {
    const ids = [await popup('숨김 A', -60, null), await popup('숨김 B', -60, null)]
    const items = async () =>
      (await db().select({ id: popups.id, version: popups.version }).from(popups).where(inArray(popups.id, ids)))
        .map((r) => `${r.id}:${r.version}`)
        .join(',')
    const hide = await post('/admin/content/popups', {
      intent: 'bulk',
      action: 'hide-en',
      all: 'page',
      page_items: await items(),
      confirm: 'yes',
    })
    expect(hide.statusCode).toBe(200)
    expect((await db().select().from(popups).where(inArray(popups.id, ids))).map((r) => r.hidden_lang)).toEqual([
      'en',
      'en',
    ])
    const ask = await post('/admin/content/popups', {
      intent: 'bulk',
      action: 'delete',
      all: 'page',
      page_items: await items(),
    })
    expect(text(ask.body)).toContain('2개 항목을 삭제할까요? 되돌릴 수 없습니다.')
    const del = await post('/admin/content/popups', {
      intent: 'bulk',
      action: 'delete',
      all: 'page',
      page_items: await items(),
      confirm: 'yes',
    })
    expect(del.statusCode).toBe(200)
    expect(await db().select().from(popups).where(inArray(popups.id, ids))).toEqual([])
    const deleted = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.delete'), inArray(auditLog.record_id, ids.map(String))))
    expect(deleted).toHaveLength(2)
    // A form with no action, no rows, a bad row, an action the list does not offer.
    expect((await post('/admin/content/popups', { intent: 'bulk', action: '', item_1: '1' })).statusCode).toBe(400)
    expect((await post('/admin/content/popups', { intent: 'bulk', action: 'publish' })).statusCode).toBe(400)
    expect(
      (await post('/admin/content/popups', { intent: 'bulk', action: 'publish', all: 'page', page_items: 'x:y' }))
        .statusCode,
    ).toBe(400)
    expect(
      (await post('/admin/documents/reference', { intent: 'bulk', action: 'delete', item_1: '1' })).statusCode,
    ).toBe(400)
  })

  it('publishes and unpublishes documents of both archives, each audited, the public list following', async () => {
    for (const archive of ['reference', 'service'] as const) {
      const list = await get(`/admin/documents/${archive}?sort=number&dir=asc`)
      const pageItems = /name="page_items" value="([^"]+)"/.exec(list.body)![1]!.split(',').slice(0, 2)
      const ids = pageItems.map((v) => Number(v.split(':')[0]))
      const off = await post(`/admin/documents/${archive}`, {
        intent: 'bulk',
        action: 'unpublish',
        confirm: 'yes',
        ...Object.fromEntries(pageItems.map((v) => [`item_${v.split(':')[0]}`, v.split(':')[1]!])),
      })
      expect(off.statusCode, off.body.slice(0, 200)).toBe(200)
      expect(text(off.body)).toContain('2개 항목의 게시를 중단했습니다.')
      const drafts = await get(`/admin/documents/${archive}?status=draft`)
      for (const id of ids) expect(drafts.body).toContain(`/admin/documents/${archive}/${id}"`)
      const audited = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.unpublish'), eq(auditLog.record_type, `${archive}-document`)))
      expect(audited.map((e) => Number(e.record_id)).sort()).toEqual([...ids].sort())
      const again = await get(`/admin/documents/${archive}?status=draft`)
      const back = /name="page_items" value="([^"]+)"/.exec(again.body)![1]!
      const on = await post(`/admin/documents/${archive}`, {
        intent: 'bulk',
        action: 'publish',
        confirm: 'yes',
        all: 'page',
        page_items: back,
      })
      expect(on.statusCode).toBe(200)
      const after = await get(`/admin/documents/${archive}?status=draft`)
      for (const id of ids) expect(after.body).not.toContain(`/admin/documents/${archive}/${id}"`)
    }
  })
})

describe('the accounts and the audit trail on the same toolkit', () => {
  let admin: EnrolledStaff
  const rowsOf = (html: string) => (html.match(/<tr>/g) ?? []).length - 1
  beforeAll(async () => {
    admin = await enrolStaff(t.runtime.services, {
      username: 'lists.admin@example.com',
      name: '목록관리',
      role: 'admin',
    })
    await db()
      .insert(users)
      .values(
        Array.from({ length: 22 }, (_, i) => ({
          username: `lists.member${i}@example.com`,
          password_hash: '',
          company: '목록상사',
          division: i % 2 ? '영업팀' : '설계팀',
          name: `목록회원${String(i).padStart(2, '0')}`,
          access_yn: i < 3 ? 'Y' : 'N',
          email_verified_at: new Date(),
          created_at: new Date(Date.now() - (22 - i) * 60_000),
        })),
      )
    for (let i = 0; i < 21; i++) {
      const invited = await t.runtime.services.console.inviteStaff(
        {
          username: `lists.invite${i}@example.com`,
          name: `초대직원${String(i).padStart(2, '0')}`,
          role: i < 5 ? 'viewer' : 'editor',
        },
        { actorId: admin.userId, ip: null, lang: 'ko', sendMail: false },
      )
      expect(invited.ok).toBe(true)
    }
  }, 120_000)

  it('members: every search word, the access filter, sorting both ways, the second page; a bad choice is a 400', async () => {
    const first = await get('/admin/members?q=목록상사', admin.cookie)
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('>22건<')
    expect(rowsOf(first.body)).toBe(20)
    // Newest first: the last made is on the first page, the first made on the second.
    expect(first.body).toContain('목록회원21')
    const second = await get('/admin/members?q=목록상사&page=2', admin.cookie)
    expect(rowsOf(second.body)).toBe(2)
    expect(second.body).toContain('목록회원00')
    expect((await get('/admin/members?q=목록상사+영업팀', admin.cookie)).body).toContain('>11건<')
    expect((await get('/admin/members?q=목록상사&access=Y', admin.cookie)).body).toContain('>3건<')
    const asc = await get('/admin/members?q=목록상사&sort=name&dir=asc', admin.cookie)
    expect(asc.body.indexOf('목록회원00')).toBeLessThan(asc.body.indexOf('목록회원01'))
    const desc = await get('/admin/members?q=목록상사&sort=name&dir=desc', admin.cookie)
    expect(desc.body.indexOf('목록회원21')).toBeLessThan(desc.body.indexOf('목록회원20'))
    expect(desc.body).toContain('aria-sort="descending"')
    const bad = await get('/admin/members?q=목록상사&access=maybe&lang=en', admin.cookie)
    expect(bad.statusCode).toBe(400)
    expect(text(bad.body)).toContain('Found: 22')
  })

  it('staff: search by name, the role and state filters, sorting, the second page', async () => {
    const first = await get('/admin/staff?q=초대직원', admin.cookie)
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('>21건<')
    expect(rowsOf(first.body)).toBe(20)
    expect(rowsOf((await get('/admin/staff?q=초대직원&page=2', admin.cookie)).body)).toBe(1)
    expect((await get('/admin/staff?q=초대직원&role=viewer', admin.cookie)).body).toContain('>5건<')
    expect((await get('/admin/staff?q=초대직원&state=invited', admin.cookie)).body).toContain('>21건<')
    expect((await get('/admin/staff?q=초대직원&state=active', admin.cookie)).body).toContain('>0건<')
    const byName = await get('/admin/staff?q=초대직원&sort=name&dir=desc', admin.cookie)
    expect(byName.body.indexOf('초대직원20')).toBeLessThan(byName.body.indexOf('초대직원19'))
    expect((await get('/admin/staff?role=owner', admin.cookie)).statusCode).toBe(400)
    // Editors still get no staff page.
    expect((await get('/admin/staff', editor.cookie)).statusCode).toBe(403)
  })

  it('audit: search words, the type and day filters, sorting, the second page; a bad day is a 400 naming it', async () => {
    const first = await get('/admin/audit?type=staff&q=staff.invite', admin.cookie)
    expect(first.statusCode).toBe(200)
    const total = Number(/>(\d+)건</.exec(first.body)![1])
    expect(total).toBeGreaterThanOrEqual(25)
    expect(rowsOf(first.body)).toBe(20)
    expect(rowsOf((await get('/admin/audit?type=staff&q=staff.invite&page=2', admin.cookie)).body)).toBe(total - 20)
    // The person's name is searched too.
    expect((await get('/admin/audit?q=목록관리+staff.invite', admin.cookie)).body).toContain('>21건<')
    expect((await get('/admin/audit?type=staff&from=2000-01-01&to=2000-01-02', admin.cookie)).body).toContain('>0건<')
    const byAction = await get('/admin/audit?sort=action&dir=asc', admin.cookie)
    expect(byAction.body).toContain('aria-sort="ascending"')
    const actions = [...byAction.body.matchAll(/<code class="console-muted">([^<]+)<\/code>/g)].map((m) => m[1]!)
    expect(actions).toEqual([...actions].sort())
    const bad = await get('/admin/audit?from=yesterday', admin.cookie)
    expect(bad.statusCode).toBe(400)
    expect(text(bad.body)).toContain('날짜는 2026-11-29처럼 연-월-일로 입력해 주세요.')
    // An editor reads the entries of records editors change only: no staff entries, even asked for.
    expect((await get('/admin/audit?type=staff', editor.cookie)).body).toContain('>0건<')
  })
})

describe('the investor notices on the same toolkit', () => {
  it('searches the title, filters by state and category, sorts both ways and reaches the second page', async () => {
    const records = t.runtime.services.investorRecords
    const made = await records.createCategory(actor(), { type: 1, title: '목록 공고 분류', sort_order: 0 })
    if (!made.ok) throw new Error(JSON.stringify(made))
    for (let i = 0; i < 22; i++) {
      const saved = await records.createPost(
        actor(),
        {
          category_id: made.id,
          title: `목록공고 ${String(i).padStart(2, '0')}`,
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
          published: i >= 4,
        },
        [],
      )
      expect(saved.ok).toBe(true)
    }
    const rowsOf = (html: string) => (html.match(/<tr>/g) ?? []).length - 1
    const first = await get('/admin/investors?q=목록공고')
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('>22건<')
    expect(rowsOf(first.body)).toBe(20)
    // Newest first; the oldest two on the second page, whose links keep the list's address.
    expect(first.body.indexOf('목록공고 21')).toBeLessThan(first.body.indexOf('목록공고 20'))
    const second = await get('/admin/investors?q=목록공고&page=2')
    expect(rowsOf(second.body)).toBe(2)
    expect(text(second.body)).toContain('목록공고 00')
    expect(second.body).toMatch(/href="\/admin\/investors\?q=[^"]+&amp;page=2&amp;post=\d+"/)
    expect((await get('/admin/investors?q=목록공고&status=draft')).body).toContain('>4건<')
    expect((await get(`/admin/investors?q=목록공고&category=${made.id}&status=live`)).body).toContain('>18건<')
    expect((await get('/admin/investors?q=목록공고&category=999999')).body).toContain('>0건<')
    const byTitle = await get('/admin/investors?q=목록공고&sort=title&dir=asc')
    expect(byTitle.body.indexOf('목록공고 00')).toBeLessThan(byTitle.body.indexOf('목록공고 01'))
    expect(byTitle.body).toContain('aria-sort="ascending"')
    expect((await get('/admin/investors?category=first')).statusCode).toBe(400)
  })
})
