import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachments, productImages, productOptions, products, referenceDocuments } from '#server/db/schema.ts'
import { slugify } from '#shared/product-slugs.ts'
import { productDetailSchema, productSupportListSchema, productTreeSchema } from '#shared/api-schemas/products.ts'
import { day, expectAllBadRequest, expectError, getData, storeFile } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
const ids: Record<string, number> = {}
const docIds: number[] = []

beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true })
  const db = t.runtime.database.db
  const insert = async (name: string, values: Omit<typeof products.$inferInsert, 'slug'>) => {
    const [row] = await db
      .insert(products)
      .values({ ...values, slug: slugify(values.title_en) })
      .returning({ id: products.id })
    ids[name] = row!.id
  }
  // Families: sort_order puts "hoist" first although inserted second.
  await insert('actuator', { depth: 1, title: '전동 액추에이터', title_en: 'Electric actuator', sort_order: 2 })
  await insert('hoist', { depth: 1, title: '수문 권양기', title_en: 'Gate hoist', sort_order: 1 })
  await insert('tm', {
    parent_id: ids.actuator,
    depth: 2,
    type: 1,
    title: 'TM 시리즈',
    title_en: 'TM series',
    sort_order: 0,
  })
  await insert('tx', {
    parent_id: ids.actuator,
    depth: 2,
    type: 2,
    title: 'TX 시리즈',
    title_en: 'TX series',
    sort_order: 0,
  })
  await insert('hoistTm', { parent_id: ids.hoist, depth: 2, type: 2, title: '권양기 TM', title_en: 'Hoist TM' })
  await insert('integral', {
    parent_id: ids.tm,
    depth: 3,
    title: '인테그랄',
    title_en: 'INTEGRAL',
    sort_order: 5,
    introduce: '일체형',
    introduce_en: 'Integral type',
    image: 'images/integral.svg',
  })
  await insert('basic', {
    parent_id: ids.tm,
    depth: 3,
    title: '베이직',
    title_en: 'BASIC',
    sort_order: 1,
    introduce: '기본형',
    introduce_en: 'Basic type',
  })
  await db
    .update(products)
    .set({
      introduce: 'TM 소개',
      introduce_en: 'About TM',
      description: '<p>본문<script>alert(1)</script></p>',
      description_en: '<p onclick="x()">Body</p>',
      item: '품목',
      item_en: 'Items',
      item_introduce: '품목 소개',
      item_introduce_en: 'About items',
    })
    .where(eq(products.id, ids.tm!))
  for (let i = 0; i < 7; i++) {
    await db.insert(productImages).values({ product_id: ids.tm!, path: `images/tm-${i}.svg`, sort_order: 7 - i })
  }
  await db.insert(productOptions).values([
    {
      product_id: ids.tx!,
      title: '옵션 B',
      title_en: 'Option B',
      content: '<b>B</b>',
      content_en: '<b>B en</b>',
      sort_order: 2,
    },
    {
      product_id: ids.tx!,
      title: '옵션 A',
      title_en: 'Option A',
      content: '<img src="javascript:x">A',
      content_en: 'A en',
      sort_order: 1,
    },
  ])

  // 23 reference documents, one a day; every third belongs to TX; types cycle 1, 2, 3.
  for (let i = 0; i < 23; i++) {
    const [row] = await db
      .insert(referenceDocuments)
      .values({
        type: (i % 3) + 1,
        product_id: i % 3 === 0 ? ids.tx! : null,
        title: `자료 ${i}`,
        title_en: `Document ${i}`,
        url: i === 0 ? 'https://example.com/ko' : '',
        url_en: i === 0 ? 'https://example.com/en' : '',
        created_at: day(i),
      })
      .returning({ id: referenceDocuments.id })
    docIds.push(row!.id)
  }
  await storeFile(db, t.runtime.storage, {
    key: 'documents/catalog.pdf',
    originName: '카탈로그.pdf',
    data: '%PDF-1.4',
    contentType: 'application/pdf',
  })
  await db.insert(attachments).values([
    {
      owner_type: 'reference',
      owner_id: docIds[22]!,
      file_name: 'documents/catalog.pdf',
      origin_file_name: '카탈로그 ENG.pdf',
      icon: 'ENG',
      sort_order: 2,
    },
    {
      owner_type: 'reference',
      owner_id: docIds[22]!,
      file_name: 'documents/catalog.pdf',
      origin_file_name: '카탈로그.pdf',
      icon: 'KOR',
      sort_order: 1,
    },
    // Same owner id, other owner type: must not leak into the reference list.
    {
      owner_type: 'service',
      owner_id: docIds[22]!,
      file_name: 'documents/catalog.pdf',
      origin_file_name: 'x.pdf',
      icon: 'PDF',
    },
  ])
}, 180_000)
afterAll(async () => t?.close(), 60_000)

describe('GET /api/product/list', () => {
  it('answers the three-level tree in both languages, ordered by sort_order then id', async () => {
    const tree = await getData(t.app, '/api/product/list', productTreeSchema)
    expect(tree.map((f) => f.title_en)).toEqual(['Gate hoist', 'Electric actuator'])
    const actuator = tree[1]!
    expect(actuator).toMatchObject({ id: ids.actuator, title: '전동 액추에이터', title_en: 'Electric actuator' })
    expect(actuator.product_list.map((s) => [s.id, s.type])).toEqual([
      [ids.tm, 1],
      [ids.tx, 2],
    ])
    expect(actuator.product_list[0]!.product_list).toEqual([
      { id: ids.basic, title: '베이직', title_en: 'BASIC' },
      { id: ids.integral, title: '인테그랄', title_en: 'INTEGRAL' },
    ])
    expect(Object.keys(actuator.product_list[0]!).sort()).toEqual(['id', 'product_list', 'title', 'title_en', 'type'])
  })

  it('accepts and ignores a Bearer token and cookies', async () => {
    const res = await t.app.inject({
      url: '/api/product/list',
      headers: { authorization: 'Bearer nonsense', cookie: 'session=zzz' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('GET /api/product/detail', () => {
  it('type 1: both languages, at most 6 images in order, children as related items, sanitized HTML', async () => {
    const d = await getData(t.app, `/api/product/detail?info_id=${ids.tm}`, productDetailSchema)
    expect(d).toMatchObject({
      id: ids.tm,
      parent_id: ids.actuator,
      depth: 2,
      type: 1,
      title: 'TM 시리즈',
      title_en: 'TM series',
      introduce: 'TM 소개',
      introduce_en: 'About TM',
      item: '품목',
      item_en: 'Items',
      item_introduce: '품목 소개',
      item_introduce_en: 'About items',
    })
    expect(d.description).toBe('<p>본문</p>')
    expect(d.description_en).toBe('<p>Body</p>')
    expect(d.image_list).toHaveLength(6)
    expect(d.image_list[0]).toEqual({ path: '/media/images/tm-6.svg' })
    expect(d.image_list[5]).toEqual({ path: '/media/images/tm-1.svg' })
    expect(d.relate_list).toEqual([
      {
        id: ids.basic,
        image_path: null,
        title: '베이직',
        title_en: 'BASIC',
        introduce: '기본형',
        introduce_en: 'Basic type',
      },
      {
        id: ids.integral,
        image_path: '/media/images/integral.svg',
        title: '인테그랄',
        title_en: 'INTEGRAL',
        introduce: '일체형',
        introduce_en: 'Integral type',
      },
    ])
    expect(d.option_list).toEqual([])
  })

  it('type 2: options in order with sanitized content, no related items', async () => {
    const d = await getData(t.app, `/api/product/detail?info_id=${ids.tx}`, productDetailSchema)
    expect(d.type).toBe(2)
    expect(d.relate_list).toEqual([])
    expect(d.option_list.map((o) => o.title_en)).toEqual(['Option A', 'Option B'])
    expect(d.option_list[0]).toMatchObject({ title: '옵션 A', content: '<img />A', content_en: 'A en' })
    expect(d.option_list[1]).toMatchObject({ content: '<b>B</b>', content_en: '<b>B en</b>' })
    expect(Object.keys(d.option_list[0]!).sort()).toEqual(['content', 'content_en', 'id', 'title', 'title_en'])
  })

  it('answers 404 for an unknown id and 400 for a missing or malformed one', async () => {
    expectError(await t.app.inject('/api/product/detail?info_id=999999'), 404)
    await expectAllBadRequest(t.app, [
      '/api/product/detail',
      '/api/product/detail?info_id=',
      '/api/product/detail?info_id=abc',
      '/api/product/detail?info_id=0',
      '/api/product/detail?info_id=-1',
      '/api/product/detail?info_id=1.5',
      '/api/product/detail?info_id=1e3',
      '/api/product/detail?info_id=99999999999',
      '/api/product/detail?info_id=1&info_id=2',
    ])
  })
})

describe('GET /api/product/support/list', () => {
  const url = (q: string) => `/api/product/support/list?${q}`

  it('lists newest first with both languages and downloads, 15 per page by default', async () => {
    const data = await getData(t.app, url(''), productSupportListSchema)
    expect(data.pagination).toEqual({ page: 1, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 23 })
    expect(data.list).toHaveLength(15)
    expect(data.list[0]).toMatchObject({
      id: docIds[22],
      type: 2,
      title: '자료 22',
      title_en: 'Document 22',
      url: '',
      url_en: '',
    })
    expect(data.list[0]!.created_at).toBe(new Date(Date.UTC(2024, 0, 23)).toISOString())
    expect(data.list[0]!.file_list).toEqual([
      { file_name: 'documents/catalog.pdf', origin_file_name: '카탈로그.pdf', icon: 'KOR' },
      { file_name: 'documents/catalog.pdf', origin_file_name: '카탈로그 ENG.pdf', icon: 'ENG' },
    ])
    expect(data.list[1]!.file_list).toEqual([])
    expect(Object.keys(data.list[0]!).sort()).toEqual([
      'created_at',
      'doc_number',
      'file_list',
      'id',
      'revised_at',
      'revision',
      'title',
      'title_en',
      'type',
      'url',
      'url_en',
    ])
  })

  it('pagination math: first, middle, last and past the end', async () => {
    const page = (n: number) => getData(t.app, url(`page=${n}&recordSize=5&pageSize=2`), productSupportListSchema)
    const first = await page(1)
    expect(first.pagination).toEqual({ page: 1, page_list: [1, 2], totalPageCount: 5, totalRecordCountAll: 23 })
    expect(first.list.map((d) => d.id)).toEqual(docIds.slice(18).reverse())
    const middle = await page(3)
    expect(middle.pagination).toEqual({ page: 3, page_list: [3, 4], totalPageCount: 5, totalRecordCountAll: 23 })
    expect(middle.list.map((d) => d.id)).toEqual(docIds.slice(8, 13).reverse())
    const last = await page(5)
    expect(last.pagination).toEqual({ page: 5, page_list: [5], totalPageCount: 5, totalRecordCountAll: 23 })
    expect(last.list.map((d) => d.id)).toEqual(docIds.slice(0, 3).reverse())
    const past = await page(9)
    expect(past.list).toEqual([])
    expect(past.pagination).toEqual({ page: 9, page_list: [5], totalPageCount: 5, totalRecordCountAll: 23 })
    // Pages below 1 read as 1.
    expect((await page(0)).pagination.page).toBe(1)
    expect((await page(-3)).list.map((d) => d.id)).toEqual(first.list.map((d) => d.id))
  })

  it('filters by classification (select, or its alias type) and by product id', async () => {
    const byType = await getData(t.app, url('select=1'), productSupportListSchema)
    expect(byType.pagination.totalRecordCountAll).toBe(8)
    expect(byType.list.every((d) => d.type === 1)).toBe(true)
    const alias = await getData(t.app, url('type=1'), productSupportListSchema)
    expect(alias.list.map((d) => d.id)).toEqual(byType.list.map((d) => d.id))
    const all = await getData(t.app, url('select=0'), productSupportListSchema)
    expect(all.pagination.totalRecordCountAll).toBe(23)
    const byProduct = await getData(t.app, url(`id=${ids.tx}`), productSupportListSchema)
    expect(byProduct.pagination.totalRecordCountAll).toBe(8)
    const both = await getData(t.app, url(`id=${ids.tx}&select=2`), productSupportListSchema)
    expect(both.pagination.totalRecordCountAll).toBe(0)
    expect(both.pagination.page_list).toEqual([])
    const none = await getData(t.app, url(`id=${ids.hoist}`), productSupportListSchema)
    expect(none.list).toEqual([])
    expect((await getData(t.app, url('id=0&select='), productSupportListSchema)).pagination.totalRecordCountAll).toBe(
      23,
    )
  })

  it('refuses malformed and out-of-range parameters with 400', async () => {
    await expectAllBadRequest(t.app, [
      url('select=13'),
      url('select=-1'),
      url('select=all'),
      url('type=99'),
      url('id=x'),
      url('page=abc'),
      url('page=100001'),
      url('page=1.5'),
      url('recordSize=0'),
      url('recordSize=101'),
      url('pageSize=0'),
      url('pageSize=11'),
      url('page=1&page=2'),
    ])
  })
})
