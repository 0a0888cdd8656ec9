import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  agencies,
  attachments,
  banners,
  historyEntries,
  patents,
  popups,
  productBanners,
  termsVersions,
  videos,
} from '#server/db/schema.ts'
import {
  agencyListSchema,
  bannerListSchema,
  historyListSchema,
  patentListSchema,
  popupListSchema,
  productBannerListSchema,
  productBannerSchema,
  termsSchema,
  videoListSchema,
} from '#shared/api-schemas/content.ts'
import { expectAllBadRequest, expectError, getData, storeFile } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
/** The services' clock, moved by the popup tests. */
let now = new Date('2024-06-15T12:00:00Z')
const bannerIds: number[] = []

beforeAll(async () => {
  t = await buildTestApp({ seed: false, clock: () => now, checkAnswers: true })
  const db = t.runtime.database.db
  const [p1] = await db
    .insert(patents)
    .values([
      {
        type: 1,
        title: '특허 B',
        title_en: 'Patent B',
        description: '제10-0001호',
        description_en: 'No. 10-0001',
        thumbnail: 'images/patent-b.svg',
        path: 'documents/patent-b.pdf',
        origin_file_name: '특허B.pdf',
        origin_file_name_en: 'PatentB.pdf',
        sort_order: 2,
      },
    ])
    .returning({ id: patents.id })
  await db.insert(patents).values([
    {
      type: 1,
      title: '특허 A',
      title_en: 'Patent A',
      description: '제10-0002호',
      description_en: 'No. 10-0002',
      thumbnail: 'images/patent-a.svg',
      path: 'documents/patent-a.pdf',
      origin_file_name: '특허A.pdf',
      origin_file_name_en: 'PatentA.pdf',
      sort_order: 1,
    },
    {
      type: 2,
      title: '인증 ISO',
      title_en: 'ISO certificate',
      description: 'ISO 9001',
      description_en: 'ISO 9001',
      thumbnail: 'images/iso.svg',
      path: 'documents/iso.pdf',
      origin_file_name: 'ISO.pdf',
      origin_file_name_en: 'ISO.pdf',
    },
  ])
  await db.insert(historyEntries).values([
    {
      year: 2006,
      tag: '상장',
      tag_en: 'Listing',
      title: '코스닥 상장',
      title_en: 'KOSDAQ listing',
      description: '<p>상장<iframe src="x"></iframe></p>',
      description_en: '<p>Listed</p>',
      sort_order: 2,
    },
    {
      year: 1987,
      tag: '설립',
      tag_en: 'Founding',
      title: '회사 설립',
      title_en: 'Founded',
      description: '<p>설립</p>',
      description_en: '<p>Founded</p>',
      sort_order: 1,
    },
  ])
  await db.insert(banners).values([
    {
      title: '배너 2',
      title_en: 'Banner 2',
      pc_image: 'images/b2-pc.svg',
      mb_image: 'images/b2-mb.svg',
      pc_image_en: 'images/b2-pc-en.svg',
      mb_image_en: 'images/b2-mb-en.svg',
      sort_order: 2,
    },
    {
      title: '배너 1',
      title_en: 'Banner 1',
      pc_image: 'images/b1-pc.svg',
      mb_image: 'images/b1-mb.svg',
      pc_image_en: 'images/b1-pc-en.svg',
      mb_image_en: 'images/b1-mb-en.svg',
      sort_order: 1,
    },
  ])
  await db.insert(agencies).values([
    {
      type: 1,
      region: 'domestic',
      title: '서울',
      title_en: 'Seoul',
      name: '가 상사',
      name_en: 'Ga Trading',
      description: '설명',
      description_en: 'About',
    },
    {
      type: 2,
      region: 'asia',
      title: '베트남',
      title_en: 'Vietnam',
      name: '하노이',
      name_en: 'Hanoi Co.',
      description: '해외',
      description_en: 'Overseas',
      sort_order: 2,
    },
    {
      type: 2,
      region: 'middle_east',
      title: '사우디',
      title_en: 'Saudi Arabia',
      name: '리야드',
      name_en: 'Riyadh Co.',
      description: '해외',
      description_en: 'Overseas',
      sort_order: 1,
    },
  ])
  await db.insert(termsVersions).values([
    {
      type: 1,
      version: 1,
      title: '이용약관',
      title_en: 'Terms of service',
      description: '<h2>제1조</h2><script>x</script>',
      description_en: '<h2>Article 1</h2>',
      effective_at: new Date('2024-01-01T00:00:00Z'),
      published_at: new Date('2024-01-01T00:00:00Z'),
    },
  ])
  const pb = await db
    .insert(productBanners)
    .values([
      {
        image: 'images/pb-tm.svg',
        url: '/product/1/2',
        title: 'TM',
        title_en: 'TM',
        introduce: '다회전',
        introduce_en: 'Multi-turn',
        sort_order: 1,
      },
      {
        image: 'images/pb-tx.svg',
        url: '/product/1/3',
        title: 'TX',
        title_en: 'TX',
        introduce: '부분회전',
        introduce_en: 'Part-turn',
        sort_order: 0,
      },
    ])
    .returning({ id: productBanners.id })
  bannerIds.push(...pb.map((r) => r.id))
  await db.insert(videos).values([
    {
      title: '영상',
      title_en: 'Video',
      url: 'https://www.youtube.com/embed/ko',
      url_en: 'https://www.youtube.com/embed/en',
    },
  ])
  await db.insert(popups).values([
    {
      title: '상시',
      title_en: 'Always',
      description: '<p>항상</p>',
      description_en: '<p>Always</p>',
      starts_at: new Date('2024-01-01T00:00:00Z'),
      ends_at: null,
      sort_order: 2,
    },
    {
      title: '6월',
      title_en: 'June',
      image: 'images/june.svg',
      description: '<p onmouseover="x">6월</p>',
      description_en: '<p>June</p>',
      starts_at: new Date('2024-06-01T00:00:00Z'),
      ends_at: new Date('2024-07-01T00:00:00Z'),
      sort_order: 1,
    },
    {
      title: '미래',
      title_en: 'Future',
      description: '미래',
      description_en: 'Future',
      starts_at: new Date('2025-01-01T00:00:00Z'),
      ends_at: null,
    },
  ])
  await storeFile(db, t.runtime.storage, {
    key: 'documents/patent-b-en.pdf',
    originName: 'PatentB-en.pdf',
    data: '%PDF',
    contentType: 'application/pdf',
  })
  await db.insert(attachments).values({
    owner_type: 'patent',
    owner_id: p1!.id,
    file_name: 'documents/patent-b-en.pdf',
    origin_file_name: 'Patent B (EN).pdf',
    icon: 'ENG',
  })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

describe('GET /api/patent', () => {
  it('lists patents (type 1) in sort order with both languages, image URL and download key', async () => {
    const list = await getData(t.app, '/api/patent?type=1', patentListSchema)
    expect(list.map((p) => p.title_en)).toEqual(['Patent A', 'Patent B'])
    expect(list[0]).toMatchObject({
      type: 1,
      title: '특허 A',
      description: '제10-0002호',
      description_en: 'No. 10-0002',
      thumbnail: '/media/images/patent-a.svg',
      path: 'documents/patent-a.pdf',
      origin_file_name: '특허A.pdf',
      origin_file_name_en: 'PatentA.pdf',
      file_list: [],
    })
    expect(list[1]!.file_list).toEqual([
      { file_name: 'documents/patent-b-en.pdf', origin_file_name: 'Patent B (EN).pdf', icon: 'ENG' },
    ])
  })
  it('lists certificates (type 2) and refuses other types', async () => {
    const list = await getData(t.app, '/api/patent?type=2', patentListSchema)
    expect(list.map((p) => p.title_en)).toEqual(['ISO certificate'])
    await expectAllBadRequest(t.app, [
      '/api/patent',
      '/api/patent?type=3',
      '/api/patent?type=0',
      '/api/patent?type=a',
      '/api/patent?type=1&type=2',
    ])
  })
})

describe('GET /api/history', () => {
  it('lists entries in order with sanitized HTML in both languages', async () => {
    const list = await getData(t.app, '/api/history', historyListSchema)
    expect(list.map((h) => h.year)).toEqual([1987, 2006])
    expect(list[1]).toMatchObject({
      tag: '상장',
      tag_en: 'Listing',
      title: '코스닥 상장',
      title_en: 'KOSDAQ listing',
      description: '<p>상장</p>',
      description_en: '<p>Listed</p>',
    })
  })
})

describe('GET /api/banner', () => {
  it('lists banners with the four images as /media paths', async () => {
    const list = await getData(t.app, '/api/banner', bannerListSchema)
    expect(list.map((b) => b.title_en)).toEqual(['Banner 1', 'Banner 2'])
    expect(list[0]).toMatchObject({
      pc_image: '/media/images/b1-pc.svg',
      mb_image: '/media/images/b1-mb.svg',
      pc_image_en: '/media/images/b1-pc-en.svg',
      mb_image_en: '/media/images/b1-mb-en.svg',
    })
  })
})

describe('GET /api/agency', () => {
  it('lists domestic (1) or overseas (2) agencies in order', async () => {
    const domestic = await getData(t.app, '/api/agency?type=1', agencyListSchema)
    expect(domestic).toHaveLength(1)
    expect(domestic[0]).toMatchObject({
      type: 1,
      region: 'domestic',
      title: '서울',
      title_en: 'Seoul',
      name: '가 상사',
      name_en: 'Ga Trading',
      description: '설명',
      description_en: 'About',
    })
    const overseas = await getData(t.app, '/api/agency?type=2', agencyListSchema)
    expect(overseas.map((a) => a.title_en)).toEqual(['Saudi Arabia', 'Vietnam'])
    await expectAllBadRequest(t.app, ['/api/agency', '/api/agency?type=9', '/api/agency?type=%00'])
  })
})

describe('GET /api/terms', () => {
  it('answers the single terms object with sanitized HTML', async () => {
    const terms = await getData(t.app, '/api/terms?type=1', termsSchema)
    expect(terms).toEqual({
      type: 1,
      title: '이용약관',
      title_en: 'Terms of service',
      description: '<h2>제1조</h2>',
      description_en: '<h2>Article 1</h2>',
      updated_at: '2024-01-01T00:00:00.000Z',
    })
  })
  it('answers 404 for terms not written yet and 400 for a bad type', async () => {
    expectError(await t.app.inject('/api/terms?type=2'), 404)
    await expectAllBadRequest(t.app, ['/api/terms', '/api/terms?type=3', '/api/terms?type=service'])
  })
})

describe('GET /api/product/banner/list and detail', () => {
  it('lists the product slider in order', async () => {
    const list = await getData(t.app, '/api/product/banner/list', productBannerListSchema)
    expect(list.map((b) => b.title)).toEqual(['TX', 'TM'])
    expect(list[0]).toEqual({
      id: bannerIds[1],
      image: '/media/images/pb-tx.svg',
      url: '/product/1/3',
      title: 'TX',
      title_en: 'TX',
      introduce: '부분회전',
      introduce_en: 'Part-turn',
    })
  })
  it('answers one entry at detail={id} and at detail?id=', async () => {
    const a = await getData(t.app, `/api/product/banner/detail=${bannerIds[0]}`, productBannerSchema)
    expect(a).toMatchObject({ id: bannerIds[0], title: 'TM', introduce_en: 'Multi-turn' })
    const b = await getData(t.app, `/api/product/banner/detail?id=${bannerIds[0]}`, productBannerSchema)
    expect(b).toEqual(a)
  })
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(await t.app.inject('/api/product/banner/detail=424242'), 404)
    expectError(await t.app.inject('/api/product/banner/detail?id=424242'), 404)
    await expectAllBadRequest(t.app, [
      '/api/product/banner/detail=abc',
      '/api/product/banner/detail=',
      '/api/product/banner/detail=-1',
      '/api/product/banner/detail',
      '/api/product/banner/detail?id=x',
    ])
  })
})

describe('GET /api/youtube/list', () => {
  it('lists videos with embed URLs per language', async () => {
    const list = await getData(t.app, '/api/youtube/list', videoListSchema)
    expect(list).toEqual([
      expect.objectContaining({
        title: '영상',
        title_en: 'Video',
        url: 'https://www.youtube.com/embed/ko',
        url_en: 'https://www.youtube.com/embed/en',
      }),
    ])
  })
})

describe('GET /api/popup', () => {
  it('answers only popups whose [starts_at, ends_at) window holds the clock time', async () => {
    now = new Date('2024-06-15T12:00:00Z')
    const june = await getData(t.app, '/api/popup', popupListSchema)
    expect(june.map((p) => p.title_en)).toEqual(['June', 'Always'])
    expect(june[0]).toMatchObject({
      image: '/media/images/june.svg',
      description: '<p>6월</p>',
      description_en: '<p>June</p>',
      starts_at: '2024-06-01T00:00:00.000Z',
      ends_at: '2024-07-01T00:00:00.000Z',
    })
    expect(june[1]).toMatchObject({ image: null, ends_at: null })
  })
  it('starts_at is inclusive, ends_at exclusive', async () => {
    now = new Date('2024-06-01T00:00:00Z')
    expect((await getData(t.app, '/api/popup', popupListSchema)).map((p) => p.title_en)).toEqual(['June', 'Always'])
    now = new Date('2024-07-01T00:00:00Z')
    expect((await getData(t.app, '/api/popup', popupListSchema)).map((p) => p.title_en)).toEqual(['Always'])
    now = new Date('2025-01-01T00:00:00Z')
    expect((await getData(t.app, '/api/popup', popupListSchema)).map((p) => p.title_en)).toEqual(['Future', 'Always'])
  })
  it('answers an empty array before any popup starts', async () => {
    now = new Date('2023-12-31T23:59:59Z')
    expect(await getData(t.app, '/api/popup', popupListSchema)).toEqual([])
  })
})
