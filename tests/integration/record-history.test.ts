import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, recordVersions } from '#server/db/schema.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { TERMS_TYPE } from '#shared/type-codes.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * Saved versions of the records edited outside the declared content kinds (docs/decisions/042-record-history.md,
 * "Other record kinds"), through the production build (`app.inject`): products, documents, investor notices,
 * terms versions and page texts keep a version per save; `/admin/history/{type}/{id}` lists them as
 * sentences in Korean and English, compares two with the changed words marked, and restores one through the
 * record's editor as a new version (audited); a viewer reads but cannot restore, the terms are editors' only,
 * a published terms version is never changed.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff
let actor: { userId: number; ip: string }

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'record.history@example.com',
    name: '김기록',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'record.viewer@example.com',
    name: '최열람',
    role: 'viewer',
  })
  actor = { userId: editor.userId, ip: '127.0.0.1' }
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie = editor.cookie) => t.app.inject({ url, headers: { cookie } })
const post = (url: string, values: Record<string, string | number>, cookie = editor.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })

/** The kept versions of a record, newest first. */
const versionsOf = async (type: string, id: number) =>
  (
    await t.runtime.database.db
      .select()
      .from(recordVersions)
      .where(and(eq(recordVersions.record_type, type), eq(recordVersions.record_id, id)))
  ).sort((a, b) => b.id - a.id)

const audited = async (action: string, id: number | string) =>
  (
    await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.record_id, String(id))))
  ).length

/** Whether a page offers "restore this version" (the catalogue's texts travel in every page, so look for the form). */
const RESTORE = 'value="restore"'

/**
 * The history page in both languages: both versions rendered as sentences by the editor (the newer one
 * naming the fields it changed), the two compared with the changed words marked, restore offered.
 */
async function expectHistoryPage(
  url: string,
  expected: { versions: [number, number]; changedKo: string; changedEn: string; removed: string; added: string },
) {
  const [older, newer] = expected.versions
  const ko = await get(url)
  expect(ko.statusCode).toBe(200)
  expect(ko.body).toContain(`>버전 ${older}</th>`)
  expect(ko.body).toContain(`>버전 ${newer}</th>`)
  expect(ko.body).toMatch(/김기록, [^<]+: [^<]+했습니다\./)
  expect(ko.body).toContain(`바뀐 항목: ${expected.changedKo}`)
  expect(ko.body).toContain(`<del>${expected.removed}</del>`)
  expect(ko.body).toContain(`<ins>${expected.added}</ins>`)
  expect(ko.body).toContain(RESTORE)
  const en = await get(`${url}${url.includes('?') ? '&' : '?'}lang=en`)
  expect(en.statusCode).toBe(200)
  expect(en.body).toContain(`>Version ${newer}</th>`)
  expect(en.body).toMatch(/김기록, [^<]+: (saved|created)[^<]*\./)
  expect(en.body).toContain(`Changed: ${expected.changedEn}`)
  expect(en.body).toContain(`<del>${expected.removed}</del>`)
  expect(en.body).toContain(`<ins>${expected.added}</ins>`)
  expect(en.body).toContain(RESTORE)
}

describe('products', () => {
  it('keeps each detail save, compares two, restores the earlier detail as a new version', async () => {
    const db = t.runtime.database.db
    const row = (await db.select().from(products).where(eq(products.id, 6)))[0]!
    const form = (introduce: string, version: number) => ({
      intent: 'detail',
      version,
      title: row.title,
      title_en: row.title_en,
      introduce,
      introduce_en: `${introduce} english`,
      description: row.description,
      description_en: row.description_en,
      item: row.item,
      item_en: row.item_en,
      item_introduce: row.item_introduce,
      item_introduce_en: row.item_introduce_en,
      type: row.type,
      image: row.image ?? '',
    })
    expect((await post('/admin/catalogue/6', form('알파 소개 문장', row.version))).statusCode).toBe(302)
    expect((await post('/admin/catalogue/6', form('베타 소개 문장', row.version + 1))).statusCode).toBe(302)
    const kept = await versionsOf('product', 6)
    expect(kept.map((v) => [v.action, v.values.introduce])).toEqual([
      ['catalogue.detail', '베타 소개 문장'],
      ['catalogue.detail', '알파 소개 문장'],
    ])
    expect(kept[0]!.values).toMatchObject({ slug: row.slug, published: row.published, position: expect.any(Number) })

    // The editor page links to it.
    expect((await get('/admin/catalogue/6')).body).toContain('href="/admin/history/product/6"')
    await expectHistoryPage('/admin/history/product/6', {
      versions: [row.version + 1, row.version + 2],
      changedKo: '소개 (한국어), 소개 (영어)',
      changedEn: 'Introduction (Korean), Introduction (English)',
      removed: '알파',
      added: '베타',
    })

    // A viewer reads it without a restore, and is refused one.
    const seen = await get('/admin/history/product/6', viewer.cookie)
    expect(seen.statusCode).toBe(200)
    expect(seen.body).toContain('<del>알파</del>')
    expect(seen.body).not.toContain(RESTORE)
    const restoreForm = { intent: 'restore', version: row.version + 2, version_id: kept[1]!.id }
    expect((await post('/admin/history/product/6', restoreForm, viewer.cookie)).statusCode).toBe(403)
    expect((await versionsOf('product', 6)).length).toBe(2)

    const restored = await post('/admin/history/product/6', restoreForm)
    expect(restored.statusCode).toBe(302)
    expect(restored.headers.location).toBe('/admin/history/product/6?restored=1')
    const now = (await db.select().from(products).where(eq(products.id, 6)))[0]!
    expect(now.introduce).toBe('알파 소개 문장')
    const after = await versionsOf('product', 6)
    expect(after.map((v) => v.action)).toEqual(['catalogue.restore', 'catalogue.detail', 'catalogue.detail'])
    expect(await audited('catalogue.restore', 6)).toBe(1)
    expect((await get('/admin/history/product/6?restored=1')).body).toContain('role="status">이 버전을 되살렸습니다')

    // A stale restore (an old version number) is refused naming who saved first.
    const stale = await post('/admin/history/product/6', restoreForm)
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('김기록')
  })
})

describe('documents', () => {
  it('keeps metadata, files and revisions, restores metadata only', async () => {
    const admin = t.runtime.services.documentsAdmin
    const input = (title: string) => ({
      type: 1,
      doc_number: 'DA-HIS-0001',
      title,
      title_en: `${title} en`,
      url: '',
      url_en: '',
      product_id: null,
      option_ids: [],
      files: [],
    })
    const created = await admin.create('reference', actor, input('감마 설명서'), true)
    if (!created.ok) throw new Error('create failed')
    const saved = await admin.save('reference', actor, created.id, created.version, input('델타 설명서'))
    if (!saved.ok) throw new Error('save failed')
    const kept = await versionsOf('reference-document', created.id)
    expect(kept.map((v) => [v.action, v.values.title, v.values.revision])).toEqual([
      ['document.save', '델타 설명서', 'A'],
      ['document.create-publish', '감마 설명서', 'A'],
    ])
    const url = `/admin/history/document/${created.id}?archive=reference`
    await expectHistoryPage(url, {
      versions: [1, 2],
      changedKo: '제목 (한국어), 제목 (영어)',
      changedEn: 'Title (Korean), Title (English)',
      removed: '감마',
      added: '델타',
    })
    expect((await get(url)).body).toContain('class="console-muted">되살리기는 문서 정보')

    expect(
      (await post(url, { intent: 'restore', version: saved.version, version_id: kept[1]!.id, archive: 'reference' }))
        .statusCode,
    ).toBe(302)
    expect((await admin.get('reference', created.id))!.title).toBe('감마 설명서')
    expect((await versionsOf('reference-document', created.id))[0]!.action).toBe('document.restore')
    expect(await audited('document.restore', created.id)).toBe(1)
  })
})

describe('investor notices', () => {
  it('keeps each save and restores the earlier title', async () => {
    const records = t.runtime.services.investorRecords
    const [category] = await records.categories()
    const values = (title: string) => ({
      category_id: category!.id,
      title,
      created_at: new Date('2026-11-02T00:00:00+09:00'),
      published: true,
    })
    const created = await records.createPost(actor, values('제1기 엡실론 공고'), [])
    if (!created.ok) throw new Error('create failed')
    const saved = await records.savePost(actor, created.id, created.version, values('제1기 제타 공고'), [])
    if (!saved.ok) throw new Error('save failed')
    const kept = await versionsOf('investor-post', created.id)
    expect(kept.map((v) => [v.action, v.values.title, v.values.date])).toEqual([
      ['invest-post.save', '제1기 제타 공고', '2026-11-02'],
      ['invest-post.create', '제1기 엡실론 공고', '2026-11-02'],
    ])
    const url = `/admin/history/investor-post/${created.id}`
    await expectHistoryPage(url, {
      versions: [created.version, saved.version],
      changedKo: '제목.',
      changedEn: 'Title.',
      removed: '엡실론',
      added: '제타',
    })
    expect((await post(url, { intent: 'restore', version: saved.version, version_id: kept[1]!.id })).statusCode).toBe(
      302,
    )
    expect((await records.post(created.id))!.title).toBe('제1기 엡실론 공고')
    expect(await audited('invest-post.restore', created.id)).toBe(1)
  })
})

describe('terms versions', () => {
  it('keeps each draft save, restores into a draft only, and is for editors only', async () => {
    const terms = t.runtime.services.terms
    const staff = { id: editor.userId, role: 'editor' as const, ip: '127.0.0.1' }
    const draft = await terms.createDraft(staff, TERMS_TYPE.privacy)
    if (!draft.ok) throw new Error('draft failed')
    const text = (word: string) => ({
      title: `개인정보 ${word} 방침`,
      title_en: `Privacy ${word} policy`,
      description: `<p>${word} 본문</p>`,
      description_en: `<p>${word} body</p>`,
    })
    const first = await terms.saveDraft(
      staff,
      draft.id,
      text('사과'),
      (await terms.get(draft.id))!.updated_at.toISOString(),
    )
    if (!first.ok) throw new Error('save failed')
    const second = await terms.saveDraft(staff, draft.id, text('포도'), first.updatedAt.toISOString())
    if (!second.ok) throw new Error('save failed')
    const kept = await versionsOf('terms', draft.id)
    expect(kept.map((v) => [v.version, v.action, v.values.title])).toEqual([
      [3, 'terms.draft.save', '개인정보 포도 방침'],
      [2, 'terms.draft.save', '개인정보 사과 방침'],
      [1, 'terms.draft.create', kept[2]!.values.title],
    ])
    const url = `/admin/history/terms/${draft.id}`
    expect((await get(url, viewer.cookie)).statusCode).toBe(403)
    const ko = await get(url)
    expect(ko.body).toContain('<del>사과</del>')
    expect(ko.body).toContain('<ins>포도</ins>')
    expect((await get(`${url}?lang=en`)).body).toContain(
      'class="console-muted">Only a draft can take an earlier version',
    )

    const restored = await post(url, {
      intent: 'restore',
      version_id: kept[1]!.id,
      updated_at: second.updatedAt.toISOString(),
    })
    expect(restored.statusCode).toBe(302)
    const now = (await terms.get(draft.id))!
    expect(now.title).toBe('개인정보 사과 방침')
    expect((await versionsOf('terms', draft.id))[0]!.action).toBe('terms.restore')

    // Published: never changed, refused with a message in the editor's language.
    const published = await terms.publish(staff, draft.id, {
      effectiveAt: new Date(Date.now() + 365 * 86_400_000),
      expectedUpdatedAt: now.updated_at.toISOString(),
    })
    if (!published.ok) throw new Error(`publish failed: ${published.reason}`)
    const after = (await terms.get(draft.id))!
    const refused = await post(`${url}?lang=en`, {
      intent: 'restore',
      version_id: kept[0]!.id,
      updated_at: after.updated_at.toISOString(),
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('role="alert">A published terms version never changes')
    const refusedKo = await post(url, {
      intent: 'restore',
      version_id: kept[0]!.id,
      updated_at: after.updated_at.toISOString(),
    })
    expect(refusedKo.statusCode).toBe(409)
    expect(refusedKo.body).toContain('role="alert">게시된 약관 버전은 바뀌지 않으므로')
    expect((await terms.get(draft.id))!.title).toBe('개인정보 사과 방침')
    expect((await get(url)).body).not.toContain(RESTORE)
  })
})

describe('page texts', () => {
  it('keeps each save of a page group and restores an earlier one as the draft', async () => {
    const texts = t.runtime.services.pageTexts
    const key = texts.keys('esg')[0]!
    const lockNow = async () => texts.parseLock((await texts.load('esg')).lock)!
    const first = await texts.save(actor, 'esg', await lockNow(), { [`${key}.ko`]: '카파 문구' }, false)
    if (!first.ok) throw new Error('save failed')
    const second = await texts.save(actor, 'esg', await lockNow(), { [`${key}.ko`]: '람다 문구' }, false)
    if (!second.ok) throw new Error('save failed')
    const kept = await versionsOf('page-texts', 1)
    expect(kept.map((v) => [v.version, v.action, v.values[`${key}.ko`]])).toEqual([
      [2, 'content.draft', '람다 문구'],
      [1, 'content.draft', '카파 문구'],
    ])
    expect((await get('/admin/texts/esg')).body).toContain('href="/admin/history/page-texts/esg"')
    await expectHistoryPage('/admin/history/page-texts/esg', {
      versions: [1, 2],
      changedKo: 'ESG 경영 · 소개 문장 (한국어).',
      changedEn: 'ESG Management · Introduction (Korean).',
      removed: '카파',
      added: '람다',
    })
    expect((await get('/admin/history/page-texts/1')).statusCode).toBe(200)

    const restored = await post('/admin/history/page-texts/esg', {
      intent: 'restore',
      version_id: kept[1]!.id,
      stamp: await texts.stamp('esg'),
    })
    expect(restored.statusCode).toBe(302)
    expect((await texts.load('esg')).texts.find((x) => x.key === key)).toMatchObject({
      ko: '카파 문구',
      hasDraft: true,
    })
    expect((await versionsOf('page-texts', 1))[0]!.action).toBe('content.restore')
  })
})

describe('content kinds', () => {
  it('their history page uses the same list, comparison and restore', async () => {
    const editor = t.runtime.services.contentEditor
    const form = (title: string) => ({
      title,
      title_en: `${title} en`,
      image: '',
      description: `<p>${title}</p>`,
      description_en: `<p>${title} en</p>`,
      starts_at: koreaLocal(60 * 24 * 10),
      ends_at: koreaLocal(60 * 24 * 20),
      sort_order: '0',
    })
    const created = await editor.create(actor, 'popups', form('사막 팝업'), false)
    if (!created.ok) throw new Error('create failed')
    const saved = await editor.save(actor, 'popups', created.id, created.version, form('바다 팝업'), false)
    if (!saved.ok) throw new Error('save failed')
    const page = await get(`/admin/content/popups/${created.id}/history`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<del>사막</del>')
    expect(page.body).toContain('<ins>바다</ins>')
    expect(page.body).toMatch(/김기록, [^<]+: 저장했습니다\./)
    expect(page.body).toContain(RESTORE)
  })
})

describe('addresses', () => {
  it('answers the console 404 for an unknown type or record, and the site 404 to visitors', async () => {
    expect((await get('/admin/history/banana/1')).statusCode).toBe(404)
    expect((await get('/admin/history/product/999999')).statusCode).toBe(404)
    expect((await get('/admin/history/page-texts/9')).statusCode).toBe(404)
    expect((await get('/admin/history/document/999999')).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/admin/history/product/6' })).statusCode).toBe(404)
  })
})
