import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { popups, products, referenceDocuments, users } from '#server/db/schema.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { textOf } from '#tests/helpers/page-text.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The console's one search box (/admin/search, issue 33; docs/decisions/057-console-search.md)
 * through the production build: every word in any order and either language, over products,
 * documents, content records and page texts; members and staff for administrators only.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let admin: EnrolledStaff
const ids = { popup: 0, product: 0, document: 0, member: 0 }

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'find.editor@example.com',
    name: '찾기편집',
    role: 'editor',
  })
  admin = await enrolStaff(t.runtime.services, { username: 'find.admin@example.com', name: '찾기관리', role: 'admin' })
  const db = t.runtime.database.db
  const [popup] = await db
    .insert(popups)
    .values({
      title: '보령댐 수문 권양기 결선도 점검 안내',
      title_en: 'Boryeong dam gate hoist wiring check notice',
      description: '<p>점검</p>',
      description_en: '<p>Check</p>',
      starts_at: new Date(),
      published: false,
    })
    .returning()
  const [product] = await db
    .insert(products)
    .values({
      depth: 1,
      title: '보령댐 권양기 제어반',
      title_en: 'Boryeong hoist control panel',
      slug: 'boryeong-hoist-control-panel',
    })
    .returning()
  const [document] = await db
    .insert(referenceDocuments)
    .values({
      type: 1,
      title: '보령댐 권양기 결선도 모음',
      title_en: 'Boryeong hoist wiring diagrams',
      doc_number: 'RD-2026-0042',
    })
    .returning()
  const [member] = await db
    .insert(users)
    .values({
      username: 'hoist.buyer@example.com',
      name: '보령구매',
      company: '보령수자원설비',
      division: '구매',
      password_hash: 'x',
    })
    .returning()
  ids.popup = popup!.id
  ids.product = product!.id
  ids.document = document!.id
  ids.member = member!.id
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } })
describe('console search', () => {
  it('finds every word in any order across products, documents and content, each linked to its editor', async () => {
    const page = await get(`/admin/search?q=${encodeURIComponent('결선도 보령댐')}`, editor.cookie)
    expect(page.statusCode).toBe(200)
    const text = textOf(page.body)
    expect(text).toContain('‘결선도 보령댐’ 검색 결과 2건')
    expect(page.body).toContain(`href="/admin/content/popups/${ids.popup}"`)
    expect(page.body).toContain(`href="/admin/documents/reference/${ids.document}"`)
    expect(text).toContain('RD-2026-0042')
    // The product has 보령댐 but not 결선도: every word must be found.
    expect(page.body).not.toContain(`href="/admin/catalogue/${ids.product}"`)
    const product = await get(`/admin/search?q=${encodeURIComponent('제어반 보령댐')}`, editor.cookie)
    expect(product.body).toContain(`href="/admin/catalogue/${ids.product}"`)
  })

  it('finds English words in English, and page texts by their current copy', async () => {
    const page = await get('/admin/search?q=wiring+BORYEONG&lang=en', editor.cookie)
    const text = textOf(page.body)
    expect(text).toContain('Console search')
    expect(text).toContain('Boryeong dam gate hoist wiring check notice')
    expect(text).toContain('Boryeong hoist wiring diagrams')
    const copy = await get('/admin/search?q=greenhouse+gas&lang=en', editor.cookie)
    expect(copy.body).toContain('href="/admin/texts/esg"')
    expect(textOf(copy.body)).toContain('Page texts')
  })

  it('finds members for administrators only', async () => {
    const asEditor = await get(`/admin/search?q=${encodeURIComponent('보령구매')}`, editor.cookie)
    expect(asEditor.body).not.toContain(`href="/admin/members/${ids.member}"`)
    expect(textOf(asEditor.body)).toContain('‘보령구매’에 맞는 항목이 없습니다')
    const asAdmin = await get(`/admin/search?q=${encodeURIComponent('보령수자원설비')}`, admin.cookie)
    expect(asAdmin.body).toContain(`href="/admin/members/${ids.member}"`)
    const staff = await get(`/admin/search?q=${encodeURIComponent('찾기편집')}`, admin.cookie)
    expect(textOf(staff.body)).toContain('find.editor@example.com')
  })

  it('takes % and _ as letters, and refuses an overlong query with a message (400)', async () => {
    // As wildcards both would find every record with 보령 in it.
    for (const q of ['%보령', '보령_']) {
      const wild = await get(`/admin/search?q=${encodeURIComponent(q)}`, editor.cookie)
      expect(wild.statusCode).toBe(200)
      expect(textOf(wild.body)).toContain(`‘${q}’에 맞는 항목이 없습니다`)
    }
    const long = await get(`/admin/search?q=${'가'.repeat(201)}`, editor.cookie)
    expect(long.statusCode).toBe(400)
    expect(textOf(long.body)).toContain('검색어는 200자 이내로 입력하세요')
    const longEn = await get(`/admin/search?q=${'a'.repeat(201)}&lang=en`, editor.cookie)
    expect(textOf(longEn.body)).toContain('Keep the search to 200 characters or fewer')
  })

  it('is the site 404 to anyone not signed in as staff', async () => {
    const page = await t.app.inject({ url: `/admin/search?q=${encodeURIComponent('보령댐')}` })
    expect(page.statusCode).toBe(404)
    expect(page.body).not.toContain('보령댐 권양기')
  })
})
