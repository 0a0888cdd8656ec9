import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachments, investCategories, investPosts } from '#server/db/schema.ts'
import { investCategoryListSchema, investListSchema } from '#shared/api-schemas/investors.ts'
import { day, expectAllBadRequest, getData, storeFile } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
const cat: Record<string, number> = {}
const posts: number[] = []

beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true })
  const db = t.runtime.database.db
  for (const [key, type, title, sort_order] of [
    ['agm2024', 1, '2024 정기주주총회', 2],
    ['agm2023', 1, '2023 정기주주총회', 1],
    ['settle', 2, '결산공고', 0],
  ] as const) {
    const [row] = await db
      .insert(investCategories)
      .values({ type, title, sort_order })
      .returning({ id: investCategories.id })
    cat[key] = row!.id
  }
  // 17 notices in 2024 (type 1), 2 in 2023 (type 1), 1 settlement (type 2).
  for (let i = 0; i < 20; i++) {
    const category = i < 17 ? cat.agm2024! : i < 19 ? cat.agm2023! : cat.settle!
    const [row] = await db
      .insert(investPosts)
      .values({ category_id: category, type: i < 19 ? 1 : 2, title: `공고 ${i}`, created_at: day(i) })
      .returning({ id: investPosts.id })
    posts.push(row!.id)
  }
  await storeFile(db, t.runtime.storage, {
    key: 'documents/notice.pdf',
    originName: '소집공고.pdf',
    data: '%PDF',
    contentType: 'application/pdf',
  })
  await db.insert(attachments).values({
    owner_type: 'invest',
    owner_id: posts[16]!,
    file_name: 'documents/notice.pdf',
    origin_file_name: '소집공고.pdf',
    icon: 'PDF',
  })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

describe('GET /api/invest/category/list', () => {
  it('lists the categories of a type in sort order', async () => {
    expect(await getData(t.app, '/api/invest/category/list?type=1', investCategoryListSchema)).toEqual([
      { id: cat.agm2023, title: '2023 정기주주총회' },
      { id: cat.agm2024, title: '2024 정기주주총회' },
    ])
    expect(await getData(t.app, '/api/invest/category/list?type=2', investCategoryListSchema)).toEqual([
      { id: cat.settle, title: '결산공고' },
    ])
  })
  it('refuses a missing or unknown type', async () => {
    await expectAllBadRequest(t.app, [
      '/api/invest/category/list',
      '/api/invest/category/list?type=3',
      '/api/invest/category/list?type=x',
    ])
  })
})

describe('GET /api/invest/list', () => {
  const list = (q: string) => getData(t.app, `/api/invest/list?${q}`, investListSchema)

  it('lists a category newest first, 15 per page, with data_list downloads', async () => {
    const first = await list(`category_info_id=${cat.agm2024}&type=1`)
    expect(first.pagination).toEqual({ page: 1, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 17 })
    expect(first.list.map((p) => p.id)).toEqual(posts.slice(2, 17).reverse())
    expect(first.list[0]).toEqual({
      id: posts[16],
      title: '공고 16',
      created_at: day(16).toISOString(),
      data_list: [{ icon: 'PDF', file_name: 'documents/notice.pdf', origin_file_name: '소집공고.pdf' }],
    })
    const second = await list(`category_info_id=${cat.agm2024}&type=1&page=2`)
    expect(second.list.map((p) => p.id)).toEqual([posts[1], posts[0]])
    expect(second.pagination.page_list).toEqual([1, 2])
    const past = await list(`category_info_id=${cat.agm2024}&type=1&page=3`)
    expect(past).toEqual({
      list: [],
      pagination: { page: 3, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 17 },
    })
  })

  it('filters by category and type, each optional', async () => {
    expect((await list(`category_info_id=${cat.agm2023}`)).pagination.totalRecordCountAll).toBe(2)
    expect((await list('type=1')).pagination.totalRecordCountAll).toBe(19)
    expect((await list('type=2')).list.map((p) => p.title)).toEqual(['공고 19'])
    expect((await list(`category_info_id=${cat.settle}&type=1`)).list).toEqual([])
    expect((await list('')).pagination.totalRecordCountAll).toBe(20)
    expect((await list('category_info_id=424242')).pagination.totalRecordCountAll).toBe(0)
  })

  it('accepts a Bearer token without needing it', async () => {
    const res = await t.app.inject({ url: '/api/invest/list?type=1', headers: { authorization: 'Bearer x.y.z' } })
    expect(res.statusCode).toBe(200)
  })

  it('refuses bad parameters with 400', async () => {
    await expectAllBadRequest(t.app, [
      '/api/invest/list?type=3',
      '/api/invest/list?category_info_id=abc',
      '/api/invest/list?category_info_id=-2',
      '/api/invest/list?page=999999',
      '/api/invest/list?recordSize=1000',
      '/api/invest/list?pageSize=-1',
    ])
  })
})
