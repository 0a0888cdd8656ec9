import { getChoseong } from 'es-hangul'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, like, sql } from 'drizzle-orm'
import {
  agencies,
  attachments,
  circuitSerials,
  files,
  products,
  searchTotals,
  serviceDocuments,
} from '#server/db/schema.ts'
import { TOTALS } from '#server/services/search/totals.ts'
import { searchListSchema } from '#shared/api-schemas/search.ts'
import { errorEnvelopeSchema } from '#shared/api-schemas/common.ts'
import { getData } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The demo content, indexed by the seed in its own transaction: the search call over it.
let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ checkAnswers: true })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const search = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  getData(t.app, `/api/search/list?${new URLSearchParams(query)}`, searchListSchema, headers)
const marked = (text: string, ranges: [number, number][]) => ranges.map(([s, e]) => text.slice(s, e))

describe('GET /api/search/list', () => {
  it('answers hits of a Korean word in Korean, 15 a page with the list contract, each with where it lives and a link', async () => {
    const data = await search({ keyword: '액추에이터', language: 'KOR' })
    expect(data.pagination.totalRecordCountAll).toBeGreaterThan(15)
    expect(data.list).toHaveLength(15)
    expect(data.pagination.page).toBe(1)
    expect(data.pagination.page_list).toEqual(
      Array.from({ length: Math.min(5, data.pagination.totalPageCount) }, (_, i) => i + 1),
    )
    expect(data.pagination.totalPageCount).toBe(Math.ceil(data.pagination.totalRecordCountAll / 15))
    for (const hit of data.list) {
      expect(hit.oneDepth).not.toBe('')
      expect(hit.url).toMatch(/^\/[a-z]/)
      expect(hit.url).not.toContain('lang=en')
      const inTitle = marked(hit.title, hit.highlights.title)
      const inBody = marked(hit.description, hit.highlights.description)
      expect([...inTitle, ...inBody].length, hit.title).toBeGreaterThan(0)
      // The word, or a synonym of it (엑추에이터, 구동기: the seeded list, ADR 047).
      for (const part of [...inTitle, ...inBody])
        expect(['액추에이터', '엑추에이터', '구동기']).toContain(part.replace(/\s/g, ''))
    }
    // Title hits come before hits in the body only.
    const firstBodyOnly = data.list.findIndex((h) => h.highlights.title.length === 0)
    if (firstBodyOnly >= 0)
      expect(data.list.slice(firstBodyOnly).every((h) => h.highlights.title.length === 0)).toBe(true)
  })

  it('searches the English content for ENG, with English links', async () => {
    const data = await search({ keyword: 'actuator', language: 'ENG', recordSize: '50' })
    expect(data.list.length).toBeGreaterThan(0)
    for (const hit of data.list) {
      expect(hit.url).toContain('lang=en')
      expect(`${hit.title} ${hit.description}`.toLowerCase()).toContain('actuator')
    }
    // Without `language`, the request language decides (cookie or ?lang).
    const viaCookie = await search({ keyword: 'actuator' }, { cookie: 'lang=en' })
    expect(viaCookie.pagination.totalRecordCountAll).toBe(data.pagination.totalRecordCountAll)
  })

  it('finds 1-syllable Korean words and parts of words', async () => {
    const one = await search({ keyword: '밸', language: 'KOR' })
    expect(one.pagination.totalRecordCountAll).toBeGreaterThan(0)
    for (const hit of one.list) expect(`${hit.title}${hit.description}`).toContain('밸')
    const part = await search({ keyword: '권양', language: 'KOR' })
    const whole = await search({ keyword: '권양기', language: 'KOR' })
    expect(part.pagination.totalRecordCountAll).toBeGreaterThanOrEqual(whole.pagination.totalRecordCountAll)
  })

  it('finds titles by their initial consonants', async () => {
    const data = await search({ keyword: 'ㅈㄷㅇㅊ', language: 'KOR', recordSize: '100' })
    for (const hit of data.list) {
      const parts = marked(hit.title, hit.highlights.title)
      expect(parts.length, hit.title).toBeGreaterThan(0)
      for (const part of parts) expect(getChoseong(part).replace(/\s/g, '')).toBe('ㅈㄷㅇㅊ')
    }
    // 전동 액추에이터 (electric actuator) and 절대 위치 (absolute position) share the initials.
    const titles = data.list.map((h) => h.title)
    expect(titles.some((title) => title.includes('전동 액추에이터'))).toBe(true)
    expect(titles.some((title) => title.includes('절대 위치'))).toBe(true)
  })

  it('finds model names however they are spaced or hyphenated, and serials with or without the hyphen', async () => {
    // Spaced or hyphenated, the model is two words (every entry holding both, ADR 047), run
    // together one: the entries holding them together come first either way.
    const [spaced, hyphenated, together] = await Promise.all(
      ['tm smart', 'TM-SMART', 'tmsmart'].map((keyword) => search({ keyword, language: 'ENG', recordSize: '100' })),
    )
    expect(together!.pagination.totalRecordCountAll).toBeGreaterThan(0)
    expect(hyphenated!.list.map((h) => h.url + h.title)).toEqual(spaced!.list.map((h) => h.url + h.title))
    expect(spaced!.pagination.totalRecordCountAll).toBeGreaterThanOrEqual(together!.pagination.totalRecordCountAll)
    const runTogether = new Set(together!.list.map((h) => h.url + h.title))
    const first = spaced!.list.slice(0, runTogether.size).map((h) => h.url + h.title)
    expect(first.filter((hit) => runTogether.has(hit)).length).toBeGreaterThanOrEqual(
      Math.min(10, runTogether.size) - 2,
    )
    for (const keyword of ['250100', '25-0100']) {
      const data = await search({ keyword, language: 'KOR' })
      const serial = data.list.find((h) => h.type === 'serial')
      expect(serial, keyword).toBeDefined()
      expect(serial!.url).toBe('/service/reference/circuit-diagram?code=25-0100&focus=serial_result')
      expect(marked(serial!.title, serial!.highlights.title)).toEqual(['25-0100'])
    }
  })

  it('indexes every kind of public content', async () => {
    const kinds = new Set<string>()
    for (const keyword of [
      '대한액추에이터',
      '액추에이터',
      '밸브',
      '결선도',
      '특허',
      '주주총회',
      '이용약관',
      '채용',
      '대리점',
      '공장',
      '발전소',
      'ESG',
    ]) {
      for (const hit of (await search({ keyword, language: 'KOR', recordSize: '100' })).list) kinds.add(hit.type)
    }
    expect([...kinds].sort()).toEqual([
      'agency',
      'client',
      'history',
      'notice',
      'page',
      'patent',
      'product',
      'reference',
      'serial',
      'service',
      'terms',
      'workplace',
    ])
  })

  it('finds the text inside PDF files (document numbers)', async () => {
    // The PDF prints the document's number (as its list entry does), found through the file's text.
    const [file] = await t.runtime.database.db
      .select({ text: files.text_content, owner: attachments.owner_id })
      .from(attachments)
      .innerJoin(files, eq(files.file_name, attachments.file_name))
      .where(and(eq(attachments.owner_type, 'service'), like(files.file_name, '%.pdf')))
      .limit(1)
    const number = /Document no\.: (\S+)/.exec(file!.text ?? '')?.[1]
    expect(number).toBeDefined()
    const data = await search({ keyword: number!, language: 'KOR' })
    // The document that holds the number comes first (others share its parts: DS, MAN, …).
    expect(data.list[0]!.type).toBe('service')
    expect(marked(data.list[0]!.description, data.list[0]!.highlights.description)).toContain(number)
  })

  it('pages: page 2 continues page 1, a page past the end is empty with the true totals', async () => {
    const first = await search({ keyword: '액추에이터', language: 'KOR' })
    const second = await search({ keyword: '액추에이터', language: 'KOR', page: '2' })
    expect(second.pagination.page).toBe(2)
    expect(second.list.map((h) => h.url + h.title)).not.toContain(first.list[0]!.url + first.list[0]!.title)
    const past = await search({ keyword: '액추에이터', language: 'KOR', page: '999' })
    expect(past.list).toEqual([])
    expect(past.pagination.totalRecordCountAll).toBe(first.pagination.totalRecordCountAll)
  })

  it('takes keywords as data: markup, SQL wildcards and quotes are searched literally, never run', async () => {
    // Markup is words like any other: `onerror` is found inside "communicati-on error" (a substring,
    // ADR 012), so the list holds that word only and says the others were left out (ADR 047).
    const markup = await search({ keyword: '<img src=x onerror=alert(1)>', language: 'KOR' })
    expect(markup.partial?.found).toEqual(['onerror'])
    for (const hit of markup.list) expect(`${hit.title} ${hit.description}`.toLowerCase()).not.toContain('<img')
    for (const keyword of ['%', '_', '\\', "'", "' or 1=1 --", '%%%', 'a']) {
      const data = await search({ keyword, language: 'KOR' })
      expect(data.list, keyword).toEqual([])
      expect(data.pagination.totalRecordCountAll, keyword).toBe(0)
    }
    // An empty keyword finds nothing (the page shows its prompt).
    expect((await search({ keyword: '' })).pagination.totalRecordCountAll).toBe(0)
  })

  it('refuses a keyword over 100 characters with a clear bilingual 400', async () => {
    const res = await t.app.inject(`/api/search/list?keyword=${'가'.repeat(101)}`)
    expect(res.statusCode).toBe(400)
    const body = errorEnvelopeSchema.parse(res.json())
    expect(body.error.messages.ko).toBe('검색어는 100자 이내로 입력해 주세요.')
    expect(body.error.messages.en).toBe('Please enter a search word of at most 100 characters.')
    expect((await t.app.inject(`/api/search/list?keyword=${'가'.repeat(100)}`)).statusCode).toBe(200)
    for (const bad of ['page=abc', 'recordSize=1000', 'language=JPN', 'keyword=a&keyword=b']) {
      expect((await t.app.inject(`/api/search/list?${bad}`)).statusCode, bad).toBe(400)
    }
  })

  it('is public: a Bearer token or a session changes nothing', async () => {
    const anonymous = await search({ keyword: '밸브', language: 'KOR' })
    const withToken = await search({ keyword: '밸브', language: 'KOR' }, { authorization: `Bearer ${'x'.repeat(43)}` })
    expect(withToken).toEqual(anonymous)
  })
})

/** Every hit of a keyword, page by page (100 a page), and the total the first page states. */
async function allHits(keyword: string, language: 'KOR' | 'ENG') {
  const first = await search({ keyword, language, recordSize: '100' })
  const list = [...first.list]
  for (let page = 2; page <= first.pagination.totalPageCount; page++)
    list.push(...(await search({ keyword, language, recordSize: '100', page: String(page) })).list)
  return { total: first.pagination.totalRecordCountAll, urls: list.map((h) => `${h.type} ${h.url}`) }
}

describe('the index follows the content at once', () => {
  it('an edited agency is found by its new name, no longer by the old one', async () => {
    const [agency] = await t.runtime.database.db.select().from(agencies).orderBy(asc(agencies.id)).limit(1)
    const before = await search({ keyword: agency!.name, language: 'KOR' })
    expect(before.list.some((h) => h.type === 'agency' && h.title.includes(agency!.name))).toBe(true)
    await t.runtime.services.content.updateAgency(agency!.id, { name: '한빛제어기술', name_en: 'Hanbit Control' })
    expect((await search({ keyword: '한빛제어', language: 'KOR' })).list.map((h) => h.title)).toContain(
      `한빛제어기술 (${agency!.title})`,
    )
    expect((await search({ keyword: 'hanbit', language: 'ENG' })).pagination.totalRecordCountAll).toBe(1)
    expect(
      (await search({ keyword: agency!.name, language: 'KOR' })).list.some(
        (h) => h.type === 'agency' && h.title.includes(agency!.name),
      ),
    ).toBe(false)
  })

  it('an edited product description is found; a deleted document and agency are gone', async () => {
    const [product] = await t.runtime.database.db.select().from(products).where(eq(products.depth, 2)).limit(1)
    await t.runtime.services.products.updateProduct(product!.id, {
      description: '<p>해수 담수화 플랜트 전용 <strong>방식 코팅</strong></p>',
    })
    const found = (await search({ keyword: '담수화', language: 'KOR' })).list.find((h) => h.type === 'product')
    expect(found?.title).toBe(product!.title)
    expect(marked(found!.description, found!.highlights.description)).toEqual(['담수화'])

    const [doc] = await t.runtime.database.db.select().from(serviceDocuments).limit(1)
    const byTitle = () => search({ keyword: doc!.title, language: 'KOR', recordSize: '100' })
    expect((await byTitle()).list.some((h) => h.type === 'service' && h.title === doc!.title)).toBe(true)
    expect(await t.runtime.services.support.deleteDocument(doc!.id)).toBe(true)
    expect((await byTitle()).list.some((h) => h.type === 'service' && h.title === doc!.title)).toBe(false)

    const [agency] = await t.runtime.database.db.select().from(agencies).orderBy(asc(agencies.id)).limit(1)
    expect(await t.runtime.services.content.deleteAgency(agency!.id)).toBe(true)
    expect((await search({ keyword: '한빛제어', language: 'KOR' })).pagination.totalRecordCountAll).toBe(0)
  })

  it('the total of a 1- or 2-character keyword (the count of its key) follows edits and deletes', async () => {
    const [agency] = await t.runtime.database.db.select().from(agencies).orderBy(asc(agencies.id)).limit(1)
    expect((await allHits('뷁', 'KOR')).total).toBe(0)
    await t.runtime.services.content.updateAgency(agency!.id, { name: '뷁고을제어', name_en: 'Bwelgoeul Control' })
    expect((await allHits('뷁', 'KOR')).urls).toHaveLength(1)
    expect((await allHits('뷁고', 'KOR')).total).toBe(1)
    const edited = await allHits('제어', 'KOR')
    expect(edited.urls.length).toBe(edited.total)
    expect(await t.runtime.services.content.deleteAgency(agency!.id)).toBe(true)
    expect((await allHits('뷁', 'KOR')).total).toBe(0)
    const deleted = await allHits('제어', 'KOR')
    expect(deleted.total).toBe(edited.total - 1)
    expect(deleted.urls.length).toBe(deleted.total)
  })

  it('the total of 3 to 5 initials (the count of their run key) follows edits and deletes; initials apart do not match', async () => {
    const [agency] = await t.runtime.database.db.select().from(agencies).orderBy(asc(agencies.id)).limit(1)
    const apart = (await allHits('ㅂㅇㅈ', 'KOR')).total
    expect((await allHits('ㅂㄱㅇㅈ', 'KOR')).total).toBe(0)
    await t.runtime.services.content.updateAgency(agency!.id, { name: '뷁고을제어', name_en: 'Bwelgoeul Control' })
    // ㅂㄱㅇㅈㅇ: ㅂㄱㅇㅈ and ㄱㅇㅈㅇ stand together, ㅂ ㅇ ㅈ do not.
    for (const keyword of ['ㅂㄱㅇㅈ', 'ㄱㅇㅈㅇ', 'ㅂㄱㅇㅈㅇ']) {
      const hits = await allHits(keyword, 'KOR')
      expect(hits.total, keyword).toBe(1)
      expect(hits.urls).toHaveLength(1)
    }
    expect((await allHits('ㅂㅇㅈ', 'KOR')).total).toBe(apart)
    // Jamo typed in a body (their own key): a body-only hit, after the title hit and counted.
    const [product] = await t.runtime.database.db.select().from(products).where(eq(products.depth, 2)).limit(1)
    await t.runtime.services.products.updateProduct(product!.id, { description: '<p>약칭 ㅂㄱㅇㅈ 문의</p>' })
    const withBody = await allHits('ㅂㄱㅇㅈ', 'KOR')
    expect(withBody.total).toBe(2)
    expect(withBody.urls[0]).toMatch(/^agency /)
    expect(withBody.urls[1]).toMatch(/^product /)
    const many = await allHits('ㅈㄷㅇ', 'KOR')
    expect(many.urls.length).toBe(many.total)
    expect(await t.runtime.services.content.deleteAgency(agency!.id)).toBe(true)
    expect((await allHits('ㅂㄱㅇㅈ', 'KOR')).urls).toEqual([withBody.urls[1]])
    await t.runtime.services.products.updateProduct(product!.id, { description: product!.description })
    expect((await allHits('ㅂㄱㅇㅈ', 'KOR')).total).toBe(0)
  })

  it('a remembered total of a longer keyword (search_totals) follows edits and deletes, and equals a fresh count', async () => {
    const { db } = t.runtime.database
    const remembered = async () =>
      (
        await db
          .select()
          .from(searchTotals)
          .where(and(eq(searchTotals.lang, 'ko'), eq(searchTotals.keyword, '뷀쉬쓔')))
      )[0]?.body_only
    // A page past the end is counted, not listed (page 1 here counts with its body-only hits).
    const pastEnd = async () =>
      (await search({ keyword: '뷀쉬쓔', language: 'KOR', page: '1000' })).pagination.totalRecordCountAll
    TOTALS.rememberFrom = 1
    try {
      const [a, b] = await db.select().from(products).where(eq(products.depth, 2)).orderBy(asc(products.id)).limit(2)
      await t.runtime.services.products.updateProduct(a!.id, { description: '<p>해수용 뷀쉬쓔 코팅</p>' })
      expect(await pastEnd()).toBe(1)
      expect(await remembered()).toBe(1)
      await t.runtime.services.products.updateProduct(b!.id, { description: '<p>뷀쉬쓔 전용</p>' })
      const two = await allHits('뷀쉬쓔', 'KOR')
      expect([two.total, two.urls.length, await remembered(), await pastEnd()]).toEqual([2, 2, 2, 2])
      await t.runtime.services.products.updateProduct(a!.id, { description: '<p>해수용 코팅</p>' })
      expect([(await allHits('뷀쉬쓔', 'KOR')).total, await remembered(), await pastEnd()]).toEqual([1, 1, 1])
      await db.delete(searchTotals)
      expect(await pastEnd()).toBe(1)
    } finally {
      TOTALS.rememberFrom = 500
    }
  })

  it('a remembered total of several words (body-only hits) follows edits and deletes, and equals a fresh count', async () => {
    const { db } = t.runtime.database
    const rememberedKeys = async () =>
      (await db.select().from(searchTotals).where(eq(searchTotals.lang, 'ko')))
        .filter((row) => row.keyword.startsWith('+'))
        .map((row) => row.body_only)
    const pastEnd = async () =>
      (await search({ keyword: '뷀쉬 쓔쓔', language: 'KOR', page: '1000' })).pagination.totalRecordCountAll
    TOTALS.rememberTermsFrom = 1
    try {
      const [a, b] = await db.select().from(products).where(eq(products.depth, 2)).orderBy(asc(products.id)).limit(2)
      await t.runtime.services.products.updateProduct(a!.id, { description: '<p>쓔쓔 해수용 뷀쉬 코팅</p>' })
      expect(await pastEnd()).toBe(1)
      expect(await rememberedKeys()).toEqual([1])
      await t.runtime.services.products.updateProduct(b!.id, { description: '<p>뷀쉬 전용 쓔쓔</p>' })
      const two = await allHits('쓔쓔 뷀쉬', 'KOR')
      expect([two.total, two.urls.length, await pastEnd()]).toEqual([2, 2, 2])
      expect(await rememberedKeys()).toEqual([2])
      // One word taken away: the entry no longer holds every word.
      await t.runtime.services.products.updateProduct(a!.id, { description: '<p>해수용 뷀쉬 코팅</p>' })
      expect([(await allHits('뷀쉬 쓔쓔', 'KOR')).total, await pastEnd()]).toEqual([1, 1])
      expect(await rememberedKeys()).toEqual([1])
      await db.delete(searchTotals)
      expect(await pastEnd()).toBe(1)
    } finally {
      TOTALS.rememberTermsFrom = 20
    }
  })

  it('text of PDFs stored without it is read before a reindex', async () => {
    const db = t.runtime.database.db
    const [file] = await db.select().from(files).where(like(files.file_name, 'documents/service/%.pdf')).limit(1)
    await db.update(files).set({ text_content: null }).where(eq(files.file_name, file!.file_name))
    expect(await t.runtime.services.search.extractMissingText()).toBe(1)
    const [again] = await db.select().from(files).where(eq(files.file_name, file!.file_name))
    expect(again!.text_content).toBe(file!.text_content)
    expect(await t.runtime.services.search.extractMissingText()).toBe(0)
  })

  it('a full reindex rebuilds the same entries, and the indexes keep their small pending list', async () => {
    const pendingLimits = async () =>
      (
        (await t.runtime.database.db.execute(
          sql`select relname, reloptions::text as options from pg_class where relname in ('search_entries_grams_idx', 'search_titles_title_grams_idx', 'search_words_words_idx') order by relname`,
        )) as unknown as { rows: { relname: string; options: string | null }[] }
      ).rows.map((row) => `${row.relname} ${row.options}`)
    const expected = [
      'search_entries_grams_idx {gin_pending_list_limit=512}',
      'search_titles_title_grams_idx {gin_pending_list_limit=512}',
      'search_words_words_idx {gin_pending_list_limit=512}',
    ]
    expect(await pendingLimits()).toEqual(expected)
    const before = await search({ keyword: '결선도', language: 'KOR', recordSize: '100' })
    const progress: number[] = []
    const count = await t.runtime.services.search.reindex((p) => progress.push(p.done))
    expect(count).toBeGreaterThan(0)
    expect(progress.at(-1)).toBeGreaterThan(0)
    const after = await search({ keyword: '결선도', language: 'KOR', recordSize: '100' })
    expect(after.list.map((h) => h.url).sort()).toEqual(before.list.map((h) => h.url).sort())
    for (const [keyword, language] of [
      ['댐', 'KOR'],
      ['밸브', 'KOR'],
      ['ㅈㄷ', 'KOR'],
      ['tm', 'ENG'],
    ] as const) {
      const hits = await allHits(keyword, language)
      expect(hits.total).toBeGreaterThan(0)
      expect(hits.urls.length).toBe(hits.total)
    }
    expect((await t.runtime.database.db.select().from(circuitSerials)).length).toBeGreaterThan(0)
    expect(await pendingLimits()).toEqual(expected)
  })
})

describe('every word, any order, the forms people type (issue 32, ADR 047)', () => {
  const titles = async (keyword: string, language: 'KOR' | 'ENG' = 'KOR') =>
    (await search({ keyword, language, recordSize: '100' })).list.map((h) => h.title)

  it('finds the entries holding every word in any order, the words together and in the title first', async () => {
    for (const [one, other, language] of [
      ['TM 결선도', '결선도 TM', 'KOR'],
      ['TX 카탈로그', '카탈로그 TX', 'KOR'],
      ['TM actuator', 'actuator TM', 'ENG'],
    ] as const) {
      const a = await search({ keyword: one, language, recordSize: '100' })
      const b = await search({ keyword: other, language, recordSize: '100' })
      expect(a.pagination.totalRecordCountAll, one).toBeGreaterThan(0)
      expect(b.pagination.totalRecordCountAll, other).toBe(a.pagination.totalRecordCountAll)
      expect(new Set(b.list.map((h) => h.url + h.title))).toEqual(new Set(a.list.map((h) => h.url + h.title)))
    }
    const hits = (await search({ keyword: '결선도 TX', language: 'KOR', recordSize: '100' })).list
    for (const hit of hits) expect(`${hit.title} ${hit.description}`.toLowerCase()).toMatch(/tx/)
    // Both words in the title rank before hits holding one of them in the body only.
    const inTitle = hits.map((h) => /TX/.test(h.title) && /결선도|회로도/.test(h.title))
    expect(inTitle.indexOf(false) === -1 || inTitle.slice(inTitle.indexOf(false)).every((x) => !x)).toBe(true)
  })

  it('falls back to most of the words, and says which were left out', async () => {
    const data = await search({ keyword: '서울사무소 뷁뷁뷁', language: 'KOR' })
    expect(data.list.map((h) => h.title)).toContain('서울사무소')
    expect(data.partial).toEqual({ found: ['서울사무소'], missing: ['뷁뷁뷁'] })
    expect((await search({ keyword: 'TM 결선도', language: 'KOR' })).partial).toBeNull()
  })

  it('a Korean particle or ending finds the bare word; an English plural or ending the base word', async () => {
    expect(await titles('서울은')).toEqual(await titles('서울'))
    expect((await titles('베트남에서')).length).toBeGreaterThan(0)
    expect(await titles('감사보고서를')).toEqual(await titles('감사보고서'))
    const plural = await search({ keyword: 'actuators', language: 'ENG' })
    const singular = await search({ keyword: 'actuator', language: 'ENG' })
    // The plural finds every entry the singular does (its stem also finds actuated, actuation).
    expect(plural.pagination.totalRecordCountAll).toBeGreaterThanOrEqual(singular.pagination.totalRecordCountAll)
    expect(singular.pagination.totalRecordCountAll).toBeGreaterThan(100)
    expect(await titles('TQ instruction manuals', 'ENG')).toContain('TQ Instruction Manual')
  })

  it('synonyms are data: wiring diagram finds circuit diagrams; a new group works at once and is validated', async () => {
    const wiring = await titles('wiring diagram', 'ENG')
    expect(wiring.filter((title) => title.includes('Circuit Diagram')).length).toBeGreaterThan(10)
    expect((await titles('TX catalogue', 'ENG')).slice(0, 2)).toContain('TX Catalog')
    const { synonyms } = t.runtime.services.search
    expect(await titles('뷁고을')).toEqual([])
    const saved = await synonyms.save({ terms: ['뷁고을', '서울사무소'] })
    expect(saved.ok).toBe(true)
    try {
      expect(await titles('뷁고을')).toContain('서울사무소')
      expect(await synonyms.save({ terms: ['서울사무소', '본사'] })).toEqual({
        ok: false,
        reason: 'invalid',
        errors: { terms: 'search.synonyms.error.taken' },
      })
      expect((await synonyms.save({ terms: ['혼자'] })).ok).toBe(false)
      expect((await synonyms.save({ terms: ['a', 'b'] })).ok).toBe(false)
      expect((await synonyms.save({ terms: ['가'.repeat(41), '나'] })).ok).toBe(false)
    } finally {
      if (saved.ok) expect(await synonyms.remove(saved.id)).toBe(true)
    }
    expect(await titles('뷁고을')).toEqual([])
    expect((await synonyms.list()).length).toBeGreaterThan(5)
  })

  it('terms with more combinations of forms than the index is asked for still find every entry holding them all', async () => {
    // 카탈로그 has four forms (catalogue holds catalog); with TX given five, 5 × 4 combinations pass
    // FORM_COMBINATIONS, so 카탈로그 is left to the text test, and TX's forms of two letters are tested in the text too.
    const before = await search({ keyword: 'TX 카탈로그', language: 'KOR', recordSize: '100' })
    expect(before.pagination.totalRecordCountAll).toBeGreaterThan(1)
    const { synonyms } = t.runtime.services.search
    const saved = await synonyms.save({ terms: ['TX', '뷁가', '뷁나', '뷁다', '뷁라'] })
    expect(saved.ok).toBe(true)
    try {
      const after = await search({ keyword: 'TX 카탈로그', language: 'KOR', recordSize: '100' })
      expect(after.pagination.totalRecordCountAll).toBe(before.pagination.totalRecordCountAll)
      expect(new Set(after.list.map((h) => h.url + h.title))).toEqual(new Set(before.list.map((h) => h.url + h.title)))
    } finally {
      if (saved.ok) expect(await synonyms.remove(saved.id)).toBe(true)
    }
  })

  it('a keyword of many words, each with many forms, answers with entries holding every word, or says which were left out', async () => {
    const keyword = '결선도 카탈로그 액추에이터 취급설명서 외형도 TM 감속기 방폭 스마트 뷁뷁 ㄱㄴㄷ 25-0100'
    for (const language of ['KOR', 'ENG'] as const) {
      const data = await search({ keyword, language, recordSize: '100' })
      expect(data.partial, language).not.toBeNull()
      expect(data.partial!.missing, language).toContain('뷁뷁')
      // Too many words for every set of them to be tried: taken one by one, several stay together.
      expect(data.partial!.found.length, language).toBeGreaterThan(2)
      expect(data.pagination.totalRecordCountAll, language).toBeGreaterThan(0)
    }
  })

  it('did you mean: a keyword typed on the other layout or with a typo shows the results of what was meant', async () => {
    const layout = await search({ keyword: 'ruftjseh', language: 'KOR' })
    expect(layout.corrected).toBe('결선도')
    expect(layout.list.length).toBeGreaterThan(0)
    const korean = await search({ keyword: 'ㅅㅌ ㅊㅁㅅㅁㅣㅐㅎ', language: 'ENG' })
    expect(korean.corrected).toBe('tx catalog')
    expect(korean.list[0]!.title).toBe('TX Catalog')
    const typo = await search({ keyword: '취급설명셔', language: 'KOR' })
    expect(typo.corrected).toBe('취급설명서')
    expect(typo.list.map((h) => h.title)).toContain('TX 취급설명서')
    expect((await search({ keyword: 'bluetoth', language: 'ENG' })).corrected).toBe('bluetooth')
    const nothing = await search({ keyword: 'zzqqxxvv', language: 'ENG' })
    expect([nothing.list, nothing.corrected, nothing.partial]).toEqual([[], null, null])
  })

  it('excerpts start at the best passage, never with a file name; documents carry their number and revision', async () => {
    const data = await search({ keyword: 'TX 취급설명서', language: 'KOR' })
    const doc = data.list.find((h) => h.title === 'TX 취급설명서')!
    expect(doc.document).toEqual({ number: 'DS-MAN-0004', revision: 'A' })
    for (const hit of data.list) {
      expect(hit.description).not.toMatch(/\.(pdf|dwg|gsd)\b/i)
      expect(hit.description).not.toMatch(/^D[AS]-[A-Z]+-\d+ Rev\./)
    }
    const page = (await search({ keyword: '정수장', language: 'KOR' })).list.find((h) => h.type === 'client')
    expect(page!.type === 'client' ? page!.document : null).toBeNull()
    expect(page!.description.slice(0, 40)).toContain('정수장')
  })
})
