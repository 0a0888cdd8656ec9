import { and, desc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  documentRevisions,
  referenceDocuments,
  supportOptionGroups,
  supportOptions,
} from '#server/db/schema.ts'
import { makePdf } from '#server/seed/demo/demo-files.ts'
import { productSupportListSchema } from '#shared/api-schemas/products.ts'
import { searchListSchema } from '#shared/api-schemas/search.ts'
import { supportListTextSchema } from '#shared/api-schemas/support.ts'
import type { UploadedFile } from '#shared/uploads.ts'
import { getData } from '#tests/helpers/api.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The console's documents through the production build (`app.inject`): the form's validation in
 * Korean and English, numbers suggested and refused when taken, a stale save refused naming who
 * saved first, unpublishing taking a document off the public API and the search, and a new
 * revision replacing the public file (and its text in the search index) while the earlier one
 * stays downloadable from the console's revision history.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let editor2: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'docs.editor@example.com',
    name: '문서편집',
    role: 'editor',
  })
  editor2 = await enrolStaff(t.runtime.services, {
    username: 'docs.editor2@example.com',
    name: '동시편집',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'docs.viewer@example.com',
    name: '문서감사',
    role: 'viewer',
  })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })
const post = (url: string, values: Record<string, string>, cookie = editor.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })
const idFrom = (res: LightMyRequestResponse) =>
  Number(/\/admin\/documents\/[a-z]+\/(\d+)\?done=/.exec(String(res.headers.location))?.[1])
const versionOf = async (archive: string, id: number) =>
  Number(/name="version" value="(\d+)"/.exec((await get(`/admin/documents/${archive}/${id}`, editor.cookie)).body)![1])

async function uploadPdf(name: string, words: string[]): Promise<UploadedFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/upload?kind=file',
    payload: makePdf(name, words),
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      cookie: editor.cookie,
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as UploadedFile
}

const referenceList = (query = 'select=9') =>
  getData(t.app, `/api/product/support/list?${query}&recordSize=50`, productSupportListSchema)
const searchHits = async (keyword: string) =>
  (await getData(t.app, `/api/search/list?keyword=${keyword}`, searchListSchema)).list

const manualForm = (extra: Record<string, string> = {}) => ({
  intent: 'save-publish',
  type: '9',
  doc_number: '',
  title: '시험 설치 매뉴얼',
  title_en: 'Test installation manual',
  url: '',
  url_en: '',
  product_id: '',
  ...extra,
})

describe('access and validation', () => {
  it('is the site 404 for visitors; viewers read the list but may not change anything', async () => {
    expect((await get('/admin/documents/reference')).statusCode).toBe(404)
    const [seeded] = await db()
      .select()
      .from(referenceDocuments)
      .where(eq(referenceDocuments.type, 9))
      .orderBy(desc(referenceDocuments.created_at), desc(referenceDocuments.id))
      .limit(1)
    const list = await get('/admin/documents/reference?type=9', viewer.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain(seeded!.doc_number)
    expect(list.body).toContain(seeded!.title)
    expect(list.body).not.toContain('/admin/documents/reference/new')
    expect((await post('/admin/documents/reference/new', manualForm(), viewer.cookie)).statusCode).toBe(403)
    expect((await get('/admin/documents/nothing', editor.cookie)).statusCode).toBe(404)
  })

  it('refuses a bad number, missing titles, a bad link and a file that was never uploaded, in the page language', async () => {
    const res = await post(
      '/admin/documents/reference/new',
      manualForm({
        doc_number: 'manual 12',
        title: '',
        url: 'javascript:alert(1)',
        file_0: 'uploads/2026/11/none.pdf',
        file_0_for: 'KOR',
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('문서 번호는 DA-MAN-0012처럼')
    expect(res.body).toContain('필수 항목입니다.')
    expect(res.body).toContain('http:// 또는 https://로 시작하는 주소를 입력해 주세요.')
    const [taken] = await db().select({ n: referenceDocuments.doc_number }).from(referenceDocuments).limit(1)
    const english = await post('/admin/documents/reference/new?lang=en', manualForm({ doc_number: taken!.n }))
    expect(english.statusCode).toBe(400)
    expect(english.body).toContain('This document number is already in use.')
    const unknownFile = await post(
      '/admin/documents/reference/new',
      manualForm({ file_0: 'uploads/2026/11/none.pdf', file_0_for: 'KOR' }),
    )
    expect(unknownFile.statusCode).toBe(400)
    expect(unknownFile.body).toContain('업로드된 파일이 아닙니다.')
  })

  it('refuses an option tag of another service page', async () => {
    const [other] = await db()
      .select({ id: supportOptions.id })
      .from(supportOptions)
      .innerJoin(supportOptionGroups, eq(supportOptionGroups.id, supportOptions.group_id))
      .where(eq(supportOptionGroups.type, 2))
      .limit(1)
    const res = await post('/admin/documents/service/new', {
      intent: 'save',
      type: '1',
      doc_number: '',
      title: '옵션 시험',
      title_en: 'Option test',
      [`option_${other!.id}`]: 'on',
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('이 분류의 옵션만 선택할 수 있습니다.')
  })
})

describe('a reference document from the console', () => {
  let id: number
  let fileSlots: Record<string, string>
  const oldWord = 'obsidianflux'
  const newWord = 'zephyrquartz'

  it('takes the next free number of its classification, publishes with a Korean and an English file, and is listed with them', async () => {
    const ko = await uploadPdf('시험매뉴얼_KO.pdf', ['Installation manual', `Keyword ${oldWord}`])
    const en = await uploadPdf('test-manual-en.pdf', ['Installation manual English'])
    fileSlots = { file_0: ko.key, file_0_for: 'KOR', file_1: en.key, file_1_for: 'ENG' }
    const res = await post('/admin/documents/reference/new', manualForm(fileSlots))
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302)
    id = idFrom(res)
    const [row] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.id, id))
    expect(row!.doc_number).toMatch(/^DA-MAN-\d{4}$/)
    expect(row!.revision).toBe('A')
    const listed = (await referenceList()).list.find((d) => d.id === id)
    expect(listed).toMatchObject({ doc_number: row!.doc_number, revision: 'A', title: '시험 설치 매뉴얼' })
    expect(listed!.file_list.map((f) => [f.origin_file_name, f.icon])).toEqual([
      ['시험매뉴얼_KO.pdf', 'KOR'],
      ['test-manual-en.pdf', 'ENG'],
    ])
    expect((await searchHits(oldWord)).some((h) => h.title === '시험 설치 매뉴얼')).toBe(true)
    const page = await get('/related-data?select=9')
    expect(page.body).toContain(row!.doc_number)
    expect(page.body).toContain('Rev. A')
  })

  it('refuses the second of two saves from the same version, naming who saved first', async () => {
    const version = await versionOf('reference', id)
    const form = {
      ...manualForm({
        intent: 'save',
        doc_number: (await db().select().from(referenceDocuments).where(eq(referenceDocuments.id, id)))[0]!.doc_number,
        ...fileSlots,
      }),
      version: String(version),
    }
    const first = await post(
      `/admin/documents/reference/${id}`,
      { ...form, title: '시험 설치 매뉴얼 (개정판)' },
      editor2.cookie,
    )
    expect(first.statusCode).toBe(302)
    const second = await post(`/admin/documents/reference/${id}`, { ...form, title: '다른 제목' })
    expect(second.statusCode).toBe(409)
    expect(second.body).toContain('동시편집')
    const [row] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.id, id))
    expect(row!.title).toBe('시험 설치 매뉴얼 (개정판)')
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'reference-document'), eq(auditLog.record_id, String(id))))
      .orderBy(desc(auditLog.id))
    expect(audits.map((a) => a.action)).toEqual(['document.save', 'document.create-publish'])
    expect(audits[0]!.before).toMatchObject({ title: '시험 설치 매뉴얼' })
    expect(audits[0]!.after).toMatchObject({ title: '시험 설치 매뉴얼 (개정판)' })
  })

  it('unpublished, it leaves the public API, the public page and the search; published again, it is back', async () => {
    const off = await post(`/admin/documents/reference/${id}`, {
      intent: 'unpublish',
      version: String(await versionOf('reference', id)),
    })
    expect(off.statusCode).toBe(302)
    expect((await referenceList()).list.some((d) => d.id === id)).toBe(false)
    expect((await get('/related-data?select=9')).body).not.toContain('시험 설치 매뉴얼')
    expect(await searchHits(oldWord)).toEqual([])
    expect(
      (await get(`/admin/documents/reference?q=${encodeURIComponent('시험 설치')}&state=unpublished`, editor.cookie))
        .body,
    ).toContain('시험 설치 매뉴얼')
    const on = await post(`/admin/documents/reference/${id}`, {
      intent: 'publish',
      version: String(await versionOf('reference', id)),
    })
    expect(on.statusCode).toBe(302)
    expect((await referenceList()).list.some((d) => d.id === id)).toBe(true)
  })

  it('a new revision replaces the public file and its text in the search; the earlier one stays in the console', async () => {
    const before = (await db().select().from(referenceDocuments).where(eq(referenceDocuments.id, id)))[0]!
    const bad = await post(`/admin/documents/reference/${id}`, {
      intent: 'revise',
      version: String(before.version),
      revision: 'a!',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('개정은 A, B … Z, AA 같은')
    const noFile = await post(`/admin/documents/reference/${id}`, {
      intent: 'revise',
      version: String(before.version),
      revision: '',
    })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.body).toContain('새 개정의 파일을 하나 이상 올려 주세요.')

    const next = await uploadPdf('시험매뉴얼_KO_RevB.pdf', ['Installation manual revision B', `Keyword ${newWord}`])
    const revised = await post(`/admin/documents/reference/${id}`, {
      intent: 'revise',
      version: String(before.version),
      revision: '',
      file_0: next.key,
      file_0_for: 'KOR',
    })
    expect(revised.statusCode, revised.body.slice(0, 300)).toBe(302)

    const listed = (await referenceList()).list.find((d) => d.id === id)!
    expect(listed.revision).toBe('B')
    expect(new Date(listed.revised_at).getTime()).toBeGreaterThan(before.revised_at.getTime())
    expect(listed.file_list.map((f) => f.origin_file_name)).toEqual(['시험매뉴얼_KO_RevB.pdf'])
    expect((await searchHits(newWord)).some((h) => h.title === '시험 설치 매뉴얼 (개정판)')).toBe(true)
    expect(await searchHits(oldWord)).toEqual([])

    const [earlier] = await db()
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.owner_type, 'reference'), eq(documentRevisions.owner_id, id)))
    expect(earlier).toMatchObject({ doc_number: before.doc_number, revision: 'A', title: before.title })
    const consolePage = await get(`/admin/documents/reference/${id}`, editor.cookie)
    expect(consolePage.body).toContain(`${before.doc_number} Rev. A`)
    const oldLink = /href="(\/admin\/files\/download\?[^"]*)"[^>]*>\[KOR\] 시험매뉴얼_KO\.pdf/.exec(
      consolePage.body.replace(/&amp;/g, '&'),
    )
    expect(oldLink, 'the earlier revision offers its Korean file').not.toBeNull()
    // Through the console only (ADR 039): the public address of the superseded file is a 404.
    expect((await get(oldLink![1]!)).statusCode).toBe(404)
    expect((await get(oldLink![1]!.replace('/admin/files/download', '/api/s3/download'))).statusCode).toBe(404)
    const download = await get(oldLink![1]!, editor.cookie)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    // A revision typed by the editor, and never the current one again.
    const same = await post(`/admin/documents/reference/${id}`, {
      intent: 'revise',
      version: String(await versionOf('reference', id)),
      revision: 'B',
      file_0: next.key,
      file_0_for: 'KOR',
    })
    expect(same.statusCode).toBe(400)
    expect(same.body).toContain('현재 개정보다 뒤의 개정을 입력해 주세요')
    // Issue 30: never an earlier revision, and never one made only of the current revision's files.
    const older = await post(`/admin/documents/reference/${id}`, {
      intent: 'revise',
      version: String(await versionOf('reference', id)),
      revision: 'A',
      file_0: next.key,
      file_0_for: 'KOR',
    })
    expect(older.statusCode).toBe(400)
    expect(older.body).toContain('새 개정에는 현재 개정에 없는 새 파일이 하나 이상 있어야 합니다.')
    const revD = await uploadPdf('시험매뉴얼_RevD.pdf', ['Installation manual revision D'])
    const typed = await post(`/admin/documents/reference/${id}`, {
      intent: 'revise',
      version: String(await versionOf('reference', id)),
      revision: 'D',
      file_0: revD.key,
      file_0_for: 'auto',
    })
    expect(typed.statusCode).toBe(302)
    const after = (await referenceList()).list.find((d) => d.id === id)!
    expect(after.revision).toBe('D')
    expect(after.file_list.map((f) => f.icon)).toEqual(['PDF'])
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'reference-document'), eq(auditLog.record_id, String(id))))
    expect(audits.filter((a) => a.action === 'document.revise')).toHaveLength(2)
  })
})

describe('service documents, options and serials', () => {
  it('tags a service document with options of its page; unpublished it leaves the public list', async () => {
    const [option] = await db()
      .select({ id: supportOptions.id })
      .from(supportOptions)
      .innerJoin(supportOptionGroups, eq(supportOptionGroups.id, supportOptions.group_id))
      .where(eq(supportOptionGroups.type, 2))
      .limit(1)
    const created = await post('/admin/documents/service/new', {
      intent: 'save-publish',
      type: '2',
      doc_number: 'DS-CIR-9001',
      title: '표준 회로도 시험',
      title_en: 'Standard diagram test',
      [`option_${option!.id}`]: 'on',
    })
    expect(created.statusCode, created.body.slice(0, 300)).toBe(302)
    const id = idFrom(created)
    const list = () =>
      getData(t.app, `/api/support/list/text?type=2&option_id_list=${option!.id}&recordSize=50`, supportListTextSchema)
    expect((await list()).list.find((d) => d.id === id)).toMatchObject({ doc_number: 'DS-CIR-9001', revision: 'A' })
    expect((await get(`/admin/documents/service/${id}`, editor.cookie)).body).toMatch(
      new RegExp(`name="option_${option!.id}" checked=""`),
    )
    await post(`/admin/documents/service/${id}`, {
      intent: 'unpublish',
      version: String(await versionOf('service', id)),
    })
    expect((await list()).list.some((d) => d.id === id)).toBe(false)
  })

  it('adds an option group and an option to a service page, shown by the public option list', async () => {
    const group = await post('/admin/documents/options?type=5', {
      intent: 'group-create',
      type: '5',
      title: '통신 방식',
      title_en: 'Protocol',
      sort_order: '9',
    })
    expect(group.statusCode).toBe(200)
    const [row] = await db().select().from(supportOptionGroups).where(eq(supportOptionGroups.title, '통신 방식'))
    const bad = await post('/admin/documents/options?type=5', {
      intent: 'option-create',
      group_id: String(row!.id),
      title: '',
      title_en: 'Modbus',
      sort_order: 'x',
    })
    expect(bad.statusCode).toBe(400)
    const option = await post('/admin/documents/options?type=5', {
      intent: 'option-create',
      group_id: String(row!.id),
      title: '모드버스',
      title_en: 'Modbus',
      code: 'MB',
      name: 'Modbus RTU',
      show_yn: 'Y',
      sort_order: '0',
    })
    expect(option.statusCode).toBe(200)
    const res = await t.app.inject('/api/support/option/list?type=5')
    expect(res.json().data.find((g: { title: string }) => g.title === '통신 방식').option_list[0]).toMatchObject({
      title: '모드버스',
      code: 'MB',
      show_yn: 'Y',
    })
  })

  it('records a circuit serial (2 + 4 digits) that the public lookup finds', async () => {
    const bad = await post('/admin/documents/serials/new', { code1: '7', code2: '12', title: '', title_en: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('숫자 2자리로 입력해 주세요.')
    expect(bad.body).toContain('숫자 4자리로 입력해 주세요.')
    const pdf = await uploadPdf('serial-99-4321.pdf', ['Circuit'])
    const ok = await post('/admin/documents/serials/new', {
      code1: '99',
      code2: '4321',
      title: '시험 회로도',
      title_en: 'Test diagram',
      model: 'TM-9',
      published: 'on',
      file_0: pdf.key,
      file_0_for: 'auto',
    })
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(302)
    const found = (await t.app.inject('/api/support/serial?code1=99&code2=4321')).json().data.list
    expect(found[0]).toMatchObject({ code: '99-4321', title: '시험 회로도', model: 'TM-9' })
    expect(found[0].file_list[0]).toMatchObject({ origin_file_name: 'serial-99-4321.pdf', icon: 'PDF' })
  })
})

describe('investor notices', () => {
  it('adds a category and a notice with a file; hidden, the notice leaves the public list; the internal rules file is replaced', async () => {
    const badCategory = await post('/admin/investors', { intent: 'category-create', type: '3', title: '' })
    expect(badCategory.statusCode).toBe(400)
    expect(
      (await post('/admin/investors', { intent: 'category-create', type: '2', title: '2026년 결산', sort_order: '0' }))
        .statusCode,
    ).toBe(200)
    const categories = (await t.app.inject('/api/invest/category/list?type=2')).json().data as {
      id: number
      title: string
    }[]
    const category = categories.find((c) => c.title === '2026년 결산')!
    expect(category).toBeDefined()

    const pdf = await uploadPdf('2026_결산공고.pdf', ['Settlement notice'])
    // Where the new notice's form posts (the page open at ?post=new), so the refusal shows at its date.
    const badDate = await post('/admin/investors?post=new', {
      intent: 'post-save',
      category_id: String(category.id),
      title: '제39기 결산공고',
      date: '2026-02-31',
      published: 'on',
    })
    expect(badDate.statusCode).toBe(400)
    expect(badDate.body).toMatch(/class="field__error"[^>]*>날짜와 시각을 올바르게 입력해 주세요\./)
    const saved = await post('/admin/investors', {
      intent: 'post-save',
      category_id: String(category.id),
      title: '제39기 결산공고',
      date: '2026-03-20',
      published: 'on',
      file_0: pdf.key,
      file_0_for: 'KOR',
    })
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200)
    const publicList = async () =>
      (await t.app.inject(`/api/invest/list?type=2&category_info_id=${category.id}`)).json().data.list as {
        id: number
        title: string
        created_at: string
        data_list: { origin_file_name: string }[]
      }[]
    const [notice] = await publicList()
    expect(notice).toMatchObject({ title: '제39기 결산공고', data_list: [{ origin_file_name: '2026_결산공고.pdf' }] })
    expect(notice!.created_at.startsWith('2026-03-19T15:00:00')).toBe(true)
    // The public list shows the day as it is in Korea (midnight there is still the 19th in UTC).
    const listed = await get(`/investment/settlement?select=${category.id}`)
    expect(listed.body).toContain('2026.03.20')
    expect(listed.body).not.toContain('2026.03.19')

    const page = await get(`/admin/investors?post=${notice!.id}`, editor.cookie)
    const version = /name="id" value="\d+"\/><input type="hidden" name="version" value="(\d+)"/.exec(page.body)![1]!
    const hidden = await post('/admin/investors', {
      intent: 'post-save',
      id: String(notice!.id),
      version,
      category_id: String(category.id),
      title: '제39기 결산공고',
      date: '2026-03-20',
      file_0: pdf.key,
      file_0_for: 'KOR',
    })
    expect(hidden.statusCode).toBe(200)
    expect(await publicList()).toEqual([])

    const rules = await t.runtime.services.investorRecords.internalRules()
    const rulesPdf = await uploadPdf('내부정보관리규정_2026.pdf', ['Internal rules'])
    const stale = await post('/admin/investors', {
      intent: 'rules-save',
      version: String(rules!.version - 1),
      title: 'x',
      file: rulesPdf.key,
    })
    expect(stale.statusCode).toBe(409)
    const ok = await post('/admin/investors', {
      intent: 'rules-save',
      version: String(rules!.version),
      title: '내부정보관리규정 (2026 개정)',
      file: rulesPdf.key,
    })
    expect(ok.statusCode).toBe(200)
    expect((await get('/investment/internal')).body).toContain('내부정보관리규정 (2026 개정)')
  })
})
