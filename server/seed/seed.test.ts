import { productAddresses } from '#shared/product-slugs.ts'
import { and, asc, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizeRichText } from '#server/services/html.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import * as s from '#server/db/schema.ts'
import { seedDemo } from './seed.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const db = () => t.runtime.database.db
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/

const publishedNow = () =>
  and(lte(s.popups.starts_at, sql`now()`), or(isNull(s.popups.ends_at), gt(s.popups.ends_at, sql`now()`)))

/** Row counts of every table the demo fills, plus the groupings the pages rely on. */
async function snapshot() {
  const tables = {
    files: s.files,
    attachments: s.attachments,
    banners: s.banners,
    productBanners: s.productBanners,
    videos: s.videos,
    popups: s.popups,
    terms: s.termsVersions,
    history: s.historyEntries,
    patents: s.patents,
    agencies: s.agencies,
    investCategories: s.investCategories,
    investPosts: s.investPosts,
  }
  const rows: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db().select({ n: count() }).from(table)
    rows[name] = row!.n
  }
  const regions = await db()
    .select({ type: s.agencies.type, region: s.agencies.region, n: count() })
    .from(s.agencies)
    .groupBy(s.agencies.type, s.agencies.region)
  const [published] = await db().select({ n: count() }).from(s.popups).where(publishedNow())
  const [settings] = await db().select().from(s.siteSettings)
  return {
    rows,
    regions: Object.fromEntries(regions.map((r) => [`${r.type}:${r.region}`, r.n])),
    publishedPopups: published!.n,
    internalRules: [settings?.internal_rules_file, settings?.internal_rules_title],
  }
}

describe('demo seed on a fresh database', () => {
  it('loads exactly 6 history entries, oldest 1987 and newest 2023', async () => {
    const rows = await db().select().from(s.historyEntries).orderBy(asc(s.historyEntries.sort_order))
    expect(rows).toHaveLength(6)
    expect(rows[0]!.year).toBe(1987)
    expect(rows.at(-1)!.year).toBe(2023)
    expect(rows.map((r) => r.year)).toContain(2006)
  })

  it('loads 21 domestic and 19 overseas agencies (9 Asia, 8 Middle East, 1 Americas, 1 Europe)', async () => {
    const { regions } = await snapshot()
    expect(regions).toEqual({ '1:domestic': 21, '2:asia': 9, '2:middle_east': 8, '2:americas': 1, '2:europe': 1 })
  })

  it('loads at least 6 patents and 6 certificates with a thumbnail and a PDF each', async () => {
    const rows = await db().select().from(s.patents)
    expect(rows.filter((r) => r.type === 1).length).toBeGreaterThanOrEqual(6)
    expect(rows.filter((r) => r.type === 2).length).toBeGreaterThanOrEqual(6)
    expect(rows.length).toBeGreaterThanOrEqual(10)
    for (const r of rows) {
      expect(r.path).toMatch(/^patents\/.+\.pdf$/)
      expect(r.thumbnail).toMatch(/^patents\/.+\.svg$/)
      expect(r.origin_file_name).toMatch(HANGUL)
      expect(r.origin_file_name_en).not.toMatch(HANGUL)
      expect(r.description).not.toBe('')
    }
  })

  it('publishes 2 of its 3 popups now, one of them with an image', async () => {
    const all = await db().select().from(s.popups)
    expect(all).toHaveLength(3)
    const now = await db().select().from(s.popups).where(publishedNow())
    expect(now).toHaveLength(2)
    expect(now.filter((p) => p.image !== null)).toHaveLength(1)
  })

  it('loads both terms types as version 1, in force from the date its text names, with sanitized bilingual HTML', async () => {
    const rows = await db().select().from(s.termsVersions).orderBy(asc(s.termsVersions.type))
    expect(rows.map((r) => [r.type, r.version, r.effective_at?.toISOString()])).toEqual([
      [1, 1, '2023-12-31T15:00:00.000Z'],
      [2, 1, '2024-12-31T15:00:00.000Z'],
    ])
    const privacy = rows[1]!
    for (const phrase of [
      '처리 목적',
      '보유 기간',
      '제3자 제공',
      '위탁',
      '파기',
      '안전성 확보조치',
      '쿠키',
      '개인정보 보호책임자',
      '개인정보침해신고센터',
      '2025년 1월 1일',
    ]) {
      expect(privacy.description).toContain(phrase)
    }
    for (const phrase of [
      'Purposes of Processing',
      'Retention',
      'Third Parties',
      'Entrustment',
      'Destruction',
      'Cookies',
      'Privacy Officer',
      '1 January 2025',
    ]) {
      expect(privacy.description_en).toContain(phrase)
    }
    for (const r of rows) {
      expect(r.description).toContain('<table>')
      expect(r.description_en).not.toMatch(HANGUL)
    }
  })

  it('stores every rich-text column already sanitized', async () => {
    const html = [
      ...(await db()
        .select({ a: s.termsVersions.description, b: s.termsVersions.description_en })
        .from(s.termsVersions)),
      ...(await db().select({ a: s.popups.description, b: s.popups.description_en }).from(s.popups)),
      ...(await db()
        .select({ a: s.historyEntries.description, b: s.historyEntries.description_en })
        .from(s.historyEntries)),
    ].flatMap((r) => [r.a, r.b])
    for (const h of html) expect(sanitizeRichText(h)).toBe(h)
  })

  it('keeps English columns free of Hangul', async () => {
    const english = [
      ...(await db().select({ a: s.banners.title_en }).from(s.banners)),
      ...(await db().select({ a: s.productBanners.title_en }).from(s.productBanners)),
      ...(await db().select({ a: s.productBanners.introduce_en }).from(s.productBanners)),
      ...(await db().select({ a: s.videos.title_en }).from(s.videos)),
      ...(await db().select({ a: s.historyEntries.title_en }).from(s.historyEntries)),
      ...(await db().select({ a: s.patents.title_en }).from(s.patents)),
      ...(await db().select({ a: s.agencies.title_en }).from(s.agencies)),
      ...(await db().select({ a: s.agencies.name_en }).from(s.agencies)),
      ...(await db().select({ a: s.agencies.description_en }).from(s.agencies)),
    ].map((r) => r.a)
    for (const text of english) {
      expect(text).not.toBe('')
      expect(text).not.toMatch(HANGUL)
    }
  })

  it('loads home banners, the product slider and youtube-nocookie videos', async () => {
    const banners = await db().select().from(s.banners)
    expect(banners).toHaveLength(3)
    for (const b of banners) {
      expect([b.pc_image, b.mb_image, b.pc_image_en, b.mb_image_en].every((k) => k.startsWith('banners/'))).toBe(true)
    }
    const items = await db().select().from(s.productBanners)
    expect(items).toHaveLength(6)
    // Every slider item links to a live product address (a slug path, no 301 hop).
    const live = new Set(productAddresses(await db().select().from(s.products), { visibleOnly: true }).values())
    for (const i of items) expect(live.has(i.url), i.url).toBe(true)
    const videos = await db().select().from(s.videos)
    expect(videos).toHaveLength(4)
    for (const v of videos) {
      expect(v.url).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/)
      expect(v.url_en).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/)
    }
  })

  it('loads at least 20 investor posts with 1-2 PDF attachments each, one category paginating', async () => {
    const posts = await db().select().from(s.investPosts)
    expect(posts.length).toBeGreaterThanOrEqual(20)
    const years = new Set(posts.map((p) => p.created_at.getFullYear()))
    for (let y = 2019; y <= 2026; y++) expect(years).toContain(y)
    const categories = await db().select().from(s.investCategories)
    expect(categories.filter((c) => c.type === 1).length).toBeGreaterThanOrEqual(3)
    expect(categories.filter((c) => c.type === 2).length).toBeGreaterThanOrEqual(2)
    for (const p of posts) expect(categories.find((c) => c.id === p.category_id)?.type).toBe(p.type)
    const perCategory = categories.map((c) => posts.filter((p) => p.category_id === c.id).length)
    expect(Math.max(...perCategory)).toBeGreaterThan(15)
    expect(Math.min(...perCategory)).toBeGreaterThan(0)

    const attachments = await db().select().from(s.attachments).where(eq(s.attachments.owner_type, 'invest'))
    for (const p of posts) {
      const mine = attachments.filter((a) => a.owner_id === p.id)
      expect(mine.length).toBeGreaterThanOrEqual(1)
      expect(mine.length).toBeLessThanOrEqual(2)
      for (const a of mine) {
        expect(a.icon).toBe('PDF')
        expect(a.file_name).toMatch(/^invest\/.+\.pdf$/)
        expect(a.origin_file_name).toMatch(HANGUL)
      }
    }
  })

  it('points the internal information rules setting at a stored PDF', async () => {
    const [settings] = await db().select().from(s.siteSettings)
    expect(settings!.internal_rules_title).toBe('내부정보관리규정')
    expect(settings!.internal_rules_file).toBe('invest/internal-information-rules.pdf')
    const [file] = await db().select().from(s.files).where(eq(s.files.file_name, settings!.internal_rules_file!))
    expect(file?.origin_file_name).toBe('내부정보관리규정.pdf')
  })

  it('has the bytes of every files row in storage; PDFs start with %PDF', async () => {
    const rows = await db().select().from(s.files)
    expect(rows.length).toBeGreaterThan(0)
    for (const f of rows) {
      const bytes = await t.runtime.storage.read(f.file_name)
      expect(bytes, f.file_name).not.toBeNull()
      expect(bytes!.length).toBe(f.size)
      if (f.content_type === 'application/pdf' || f.file_name.endsWith('.pdf')) {
        expect(bytes!.subarray(0, 4).toString('latin1'), f.file_name).toBe('%PDF')
      }
      if (f.file_name.endsWith('.svg')) expect(bytes!.toString('utf8')).toMatch(/^<svg /)
    }
  })

  it("gives the popups the Customer Center panel's phone numbers, no other", async () => {
    const [settings] = await db().select().from(s.siteSettings)
    const panel = [settings!.sales_phone, settings!.as_phone]
    const popups = await db().select().from(s.popups)
    const numbers = popups.flatMap((p) => [
      ...`${p.description} ${p.description_en}`.matchAll(/\d{2,3}-\d{3,4}-\d{4}/g),
    ])
    expect(numbers.length).toBeGreaterThan(0)
    for (const [n] of numbers) expect(panel).toContain(n)
  })

  it('prints in every document PDF the number its list entry shows', async () => {
    const checked = { reference: 0, service: 0 }
    for (const [owner, table] of [
      ['reference', s.referenceDocuments],
      ['service', s.serviceDocuments],
    ] as const) {
      const docs = await db()
        .select({ id: table.id, number: table.doc_number })
        .from(table)
        .orderBy(asc(table.id))
        .limit(40)
      for (const doc of docs) {
        const pdfs = await db()
          .select({ key: s.attachments.file_name })
          .from(s.attachments)
          .where(and(eq(s.attachments.owner_type, owner), eq(s.attachments.owner_id, doc.id)))
        for (const { key } of pdfs.filter((f) => f.key.endsWith('.pdf'))) {
          const text = (await t.runtime.storage.read(key))!.toString('latin1')
          expect(text, key).toContain(`Document no.: ${doc.number} `)
          checked[owner]++
        }
      }
    }
    expect(checked.reference).toBeGreaterThan(10)
    expect(checked.service).toBeGreaterThan(10)
  })

  it('draws product images with no words of either language but the model name', async () => {
    const images = await db().select().from(s.productImages)
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) {
      const svg = (await t.runtime.storage.read(image.path))!.toString('utf8')
      expect(svg, image.path).not.toMatch(HANGUL)
      expect(svg, image.path).not.toMatch(/Front view|Side view|Handwheel|Terminal box|Nameplate/)
    }
  })

  it('references only keys recorded in files', async () => {
    const keys = new Set((await db().select({ k: s.files.file_name }).from(s.files)).map((r) => r.k))
    const referenced = [
      ...(await db().select().from(s.banners)).flatMap((b) => [b.pc_image, b.mb_image, b.pc_image_en, b.mb_image_en]),
      ...(await db().select().from(s.productBanners)).map((p) => p.image),
      ...(await db().select().from(s.popups)).flatMap((p) => (p.image ? [p.image] : [])),
      ...(await db().select().from(s.patents)).flatMap((p) => [p.thumbnail, p.path]),
    ]
    for (const k of referenced) expect(keys.has(k), k).toBe(true)
  })
})

describe('seeding again', () => {
  it('skips when content exists and changes nothing', async () => {
    const before = await snapshot()
    expect(await seedDemo({ db: db(), storage: t.runtime.storage })).toBe('skipped')
    expect(await snapshot()).toEqual(before)
  })

  it('restores the demo counts with reset after rows were deleted or altered', async () => {
    const before = await snapshot()
    await db().delete(s.agencies).where(eq(s.agencies.region, 'asia'))
    await db().delete(s.historyEntries).where(eq(s.historyEntries.year, 1987))
    await db()
      .update(s.popups)
      .set({ ends_at: new Date('2000-01-01') })
    await db().delete(s.investPosts)
    await db().update(s.siteSettings).set({ internal_rules_file: null, internal_rules_title: '' })
    await t.runtime.storage.remove('invest/internal-information-rules.pdf')
    expect((await snapshot()).regions['2:asia']).toBeUndefined()

    const bus = t.runtime.services.changes
    const heard: string[][] = []
    const off = bus.subscribe((topics) => heard.push(topics))
    await bus.ready()
    expect(await seedDemo({ db: db(), storage: t.runtime.storage }, { reset: true })).toBe('seeded')
    expect(await snapshot()).toEqual(before)
    // Running servers hear that everything changed (their page caches empty).
    await expect.poll(() => heard).toEqual([['*']])
    off()
    const restored = await t.runtime.storage.read('invest/internal-information-rules.pdf')
    expect(restored?.subarray(0, 4).toString('latin1')).toBe('%PDF')
  })
})
