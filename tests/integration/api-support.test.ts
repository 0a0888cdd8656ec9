import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  attachments,
  circuitSerials,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptionGroups,
  supportOptions,
} from '#server/db/schema.ts'
import { supportListTextSchema, supportOptionListSchema, supportSerialSchema } from '#shared/api-schemas/support.ts'
import { matchesSearchText } from '#shared/search-text.ts'
import { day, expectAllBadRequest, getData, storeFile } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { createSupportService } from '#server/services/support.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
const o: Record<string, number> = {}
const d: Record<string, number> = {}
const s: Record<string, number> = {}

/** Fixture documents of type 2 (circuit diagrams) with the options they carry. */
const DOCS = [
  { key: 'tmA', title: 'TM 회로도 A', title_en: 'TM circuit A', options: ['tm', 'single'] },
  { key: 'tmB', title: 'TM 회로도 B', title_en: 'TM circuit B', options: ['tm', 'three'] },
  { key: 'tx', title: 'TX 회로도', title_en: 'TX circuit', options: ['tx', 'single'] },
  { key: 'general', title: '일반 도면', title_en: 'General drawing', options: [] },
  { key: 'percent', title: '토크 100% 표', title_en: 'Torque 100% table', options: [] },
] as const

const OPTIONS = {
  tm: {
    group: 'model',
    title: 'TM 모델',
    title_en: 'TM model',
    code: 'TM',
    name: 'tm-name',
    show_yn: 'Y',
    sort_order: 1,
  },
  tx: {
    group: 'model',
    title: 'TX 모델',
    title_en: 'TX model',
    code: 'TX',
    name: 'tx-name',
    show_yn: 'Y',
    sort_order: 2,
  },
  ltmd: { group: 'model', title: 'LTMD', title_en: 'LTMD', code: 'LT', name: '', show_yn: 'N', sort_order: 3 },
  single: {
    group: 'power',
    title: '단상 220V',
    title_en: 'Single phase 220V',
    code: '1P220',
    name: '',
    show_yn: 'Y',
    sort_order: 1,
  },
  three: {
    group: 'power',
    title: '삼상 380V',
    title_en: 'Three phase 380V',
    code: '3P380',
    name: '',
    show_yn: 'Y',
    sort_order: 2,
  },
} as const

beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true })
  const db = t.runtime.database.db
  // Groups: "power" inserted first but sorted second.
  const [power] = await db
    .insert(supportOptionGroups)
    .values({ type: 2, title: '전원', title_en: 'Power', sort_order: 2 })
    .returning()
  const [model] = await db
    .insert(supportOptionGroups)
    .values({ type: 2, title: '모델', title_en: 'Model', sort_order: 1 })
    .returning()
  await db.insert(supportOptionGroups).values({ type: 7, title: '기타', title_en: 'Other' })
  const groups = { model: model!.id, power: power!.id }
  for (const [key, { group, ...option }] of Object.entries(OPTIONS)) {
    const [row] = await db
      .insert(supportOptions)
      .values({ group_id: groups[group], ...option })
      .returning({ id: supportOptions.id })
    o[key] = row!.id
  }
  let n = 0
  for (const doc of DOCS) {
    const [row] = await db
      .insert(serviceDocuments)
      .values({ type: 2, title: doc.title, title_en: doc.title_en, url: '', url_en: '', created_at: day(++n) })
      .returning({ id: serviceDocuments.id })
    d[doc.key] = row!.id
    for (const option of doc.options)
      await db.insert(serviceDocumentOptions).values({ document_id: row!.id, option_id: o[option]! })
  }
  // A document of another type carrying a type-2 option: must not count for type 2.
  const [other] = await db
    .insert(serviceDocuments)
    .values({
      type: 1,
      title: 'TM 카탈로그',
      title_en: 'TM catalogue',
      url: 'https://example.com/c',
      url_en: 'https://example.com/c-en',
      created_at: day(9),
    })
    .returning({ id: serviceDocuments.id })
  d.other = other!.id
  await db.insert(serviceDocumentOptions).values([
    { document_id: other!.id, option_id: o.tx! },
    { document_id: other!.id, option_id: o.three! },
  ])

  await storeFile(db, t.runtime.storage, {
    key: 'documents/circuit-tm-a.pdf',
    originName: 'TM 회로도 A.pdf',
    data: '%PDF',
    contentType: 'application/pdf',
  })
  await db.insert(attachments).values([
    {
      owner_type: 'service',
      owner_id: d.tmA!,
      file_name: 'documents/circuit-tm-a.pdf',
      origin_file_name: 'TM 회로도 A.pdf',
      icon: 'KOR',
    },
  ])

  const serials = [
    ['25', '0200', 'C'],
    ['25', '0100', 'A'],
    ['25', '0101', 'B'],
    ['26', '0100', 'D'],
    ['52', '0100', 'E'],
  ] as const
  for (const [code1, code2, label] of serials) {
    const [row] = await db
      .insert(circuitSerials)
      .values({ code1, code2, title: `회로도 ${label}`, title_en: `Circuit ${label}`, model: `TM-${label}` })
      .returning({ id: circuitSerials.id })
    s[label] = row!.id
  }
  await db.insert(attachments).values({
    owner_type: 'serial',
    owner_id: s.A!,
    file_name: 'documents/circuit-tm-a.pdf',
    origin_file_name: 'A.pdf',
    icon: 'PDF',
  })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

describe('GET /api/support/option/list', () => {
  const options = (q: string) => getData(t.app, `/api/support/option/list?${q}`, supportOptionListSchema)
  const availability = (groups: Awaited<ReturnType<typeof options>>) =>
    Object.fromEntries(
      groups.flatMap((g) => g.option_list.map((x) => [Object.keys(o).find((k) => o[k] === x.id), x.available])),
    )

  it('lists the groups of a type in order, with both languages, code, name, show_yn and disabled', async () => {
    const groups = await options('type=2')
    expect(groups.map((g) => g.title_en)).toEqual(['Model', 'Power'])
    expect(groups[0]).toMatchObject({ title: '모델', title_en: 'Model' })
    expect(groups[0]!.option_list).toEqual([
      {
        id: o.tm,
        title: 'TM 모델',
        title_en: 'TM model',
        code: 'TM',
        name: 'tm-name',
        show_yn: 'Y',
        disabled: false,
        available: true,
      },
      {
        id: o.tx,
        title: 'TX 모델',
        title_en: 'TX model',
        code: 'TX',
        name: 'tx-name',
        show_yn: 'Y',
        disabled: false,
        available: true,
      },
      {
        id: o.ltmd,
        title: 'LTMD',
        title_en: 'LTMD',
        code: 'LT',
        name: '',
        show_yn: 'N',
        disabled: true,
        available: true,
      },
    ])
    expect(await options('type=5')).toEqual([])
    expect((await options('type=7'))[0]!.option_list).toEqual([])
  })

  it("narrows `available` facet by facet: the selection in an option's own group is ignored", async () => {
    // Only the model group has a selection: its own options stay available (the visitor can switch),
    // the power options narrow to those some TM document carries.
    expect(availability(await options(`type=2&option_id_list=${o.tm}`))).toEqual({
      tm: true,
      tx: true,
      ltmd: true,
      single: true,
      three: true,
    })
    // Model narrows by the power choice (three-phase: only TM B), power by the model choice (TM: both).
    expect(availability(await options(`type=2&option_id_list=${o.tm},${o.three}`))).toEqual({
      tm: true,
      tx: false,
      ltmd: false,
      single: true,
      three: true,
    })
    // TX + three-phase exists only on a document of type 1: each facet still shows what the other allows.
    expect(availability(await options(`type=2&option_id_list=${o.tx},${o.three}`))).toEqual({
      tm: true,
      tx: false,
      ltmd: false,
      single: true,
      three: false,
    })
    expect(availability(await options(`type=2&option_id_list=${o.tx}`))).toEqual({
      tm: true,
      tx: true,
      ltmd: true,
      single: true,
      three: false,
    })
    expect(availability(await options(`type=2&option_id_list=${o.single}`))).toEqual({
      tm: true,
      tx: true,
      ltmd: false,
      single: true,
      three: true,
    })
    // '0' means nothing selected; duplicates count once.
    expect(Object.values(availability(await options('type=2&option_id_list=0'))).every(Boolean)).toBe(true)
    expect(availability(await options(`type=2&option_id_list=${o.tm},${o.tm}`))).toEqual(
      availability(await options(`type=2&option_id_list=${o.tm}`)),
    )
    // An id outside the type's groups belongs to no facet: it narrows every group, and nothing carries it.
    expect(Object.values(availability(await options('type=2&option_id_list=999999'))).some(Boolean)).toBe(false)
  })

  it('refuses bad parameters with 400', async () => {
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',')
    await expectAllBadRequest(t.app, [
      '/api/support/option/list',
      '/api/support/option/list?type=0',
      '/api/support/option/list?type=13',
      '/api/support/option/list?type=two',
      '/api/support/option/list?type=2&option_id_list=a',
      '/api/support/option/list?type=2&option_id_list=1,,2',
      '/api/support/option/list?type=2&option_id_list=1;2',
      '/api/support/option/list?type=2&option_id_list=-1',
      `/api/support/option/list?type=2&option_id_list=${many}`,
      '/api/support/option/list?type=2&option_id_list=1&option_id_list=2',
    ])
  })
})

describe('GET /api/support/list/text', () => {
  const list = (q: string) => getData(t.app, `/api/support/list/text?type=2&${q}`, supportListTextSchema)
  const keys = (data: Awaited<ReturnType<typeof list>>) =>
    data.list.map((x) => Object.keys(d).find((k) => d[k] === x.id))

  it('lists the documents of the type newest first, 5 per page, with both languages and downloads', async () => {
    const data = await list('')
    expect(keys(data)).toEqual(['percent', 'general', 'tx', 'tmB', 'tmA'])
    expect(data.pagination).toEqual({ page: 1, page_list: [1], totalPageCount: 1, totalRecordCountAll: 5 })
    const tmA = data.list[4]!
    expect(tmA).toMatchObject({ type: 2, title: 'TM 회로도 A', title_en: 'TM circuit A', url: '', url_en: '' })
    expect(tmA.file_list).toEqual([
      { file_name: 'documents/circuit-tm-a.pdf', origin_file_name: 'TM 회로도 A.pdf', icon: 'KOR' },
    ])
    const other = await getData(t.app, '/api/support/list/text?type=1', supportListTextSchema)
    expect(other.list).toEqual([
      expect.objectContaining({
        id: d.other,
        url: 'https://example.com/c',
        url_en: 'https://example.com/c-en',
        file_list: [],
      }),
    ])
  })

  it('pages with the shared pagination rule', async () => {
    const first = await list('recordSize=2&pageSize=2')
    expect(first.pagination).toEqual({ page: 1, page_list: [1, 2], totalPageCount: 3, totalRecordCountAll: 5 })
    const last = await list('recordSize=2&pageSize=2&page=3')
    expect(keys(last)).toEqual(['tmA'])
    expect(last.pagination.page_list).toEqual([3])
    const past = await list('recordSize=2&pageSize=2&page=4')
    expect(past.list).toEqual([])
    expect(past.pagination).toEqual({ page: 4, page_list: [3], totalPageCount: 3, totalRecordCountAll: 5 })
    // Filtered lists count in the same query; past the end they still answer the true totals.
    const filtered = await list(`keyword=tm&option_id_list=${o.tm}&recordSize=1&pageSize=5`)
    expect(filtered.pagination).toEqual({ page: 1, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 2 })
    expect(keys(await list(`keyword=tm&option_id_list=${o.tm}&recordSize=1&page=2`))).toEqual(['tmA'])
    const filteredPast = await list(`keyword=tm&option_id_list=${o.tm}&recordSize=1&page=7`)
    expect(filteredPast.list).toEqual([])
    expect(filteredPast.pagination).toEqual({ page: 7, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 2 })
    expect((await list('keyword=nothing-matches&page=3')).pagination).toEqual({
      page: 3,
      page_list: [],
      totalPageCount: 0,
      totalRecordCountAll: 0,
    })
  })

  it('every search word must match the title, English title or an option title, name or code', async () => {
    expect(keys(await list('keyword=tm'))).toEqual(['tmB', 'tmA'])
    expect(keys(await list(`keyword=${encodeURIComponent('회로도+380V')}`))).toEqual(['tmB'])
    expect(keys(await list('keyword=%ED%9A%8C%EB%A1%9C%EB%8F%84%20380v'))).toEqual(['tmB'])
    expect(keys(await list('keyword=single'))).toEqual(['tx', 'tmA'])
    expect(keys(await list('keyword=1p220'))).toEqual(['tx', 'tmA'])
    expect(keys(await list('keyword=tx-NAME'))).toEqual(['tx'])
    expect(keys(await list('keyword=TM%203P380'))).toEqual(['tmB'])
    // A raw '+' in the query string is a space, as is an encoded one (%2B).
    expect(keys(await list('keyword=TM+3P380'))).toEqual(['tmB'])
    expect(keys(await list('keyword=TM%2B3P380'))).toEqual(['tmB'])
    expect(keys(await list('keyword=none%20TM%20NONE'))).toEqual(['tmB', 'tmA'])
    expect(keys(await list('keyword=None'))).toHaveLength(5)
    expect(keys(await list('keyword=%20%20'))).toHaveLength(5)
    expect(keys(await list('keyword=nothing-matches'))).toEqual([])
  })

  it('treats LIKE wildcards in search words literally', async () => {
    expect(keys(await list('keyword=100%25'))).toEqual(['percent'])
    expect(keys(await list('keyword=%25'))).toEqual(['percent'])
    expect(keys(await list('keyword=_'))).toEqual([])
    expect(keys(await list('keyword=%5C'))).toEqual([])
  })

  it('agrees with the shared pure rule on every fixture', async () => {
    const texts: Record<string, string[]> = Object.fromEntries(
      DOCS.map((doc) => [
        doc.key,
        [
          doc.title,
          doc.title_en,
          ...doc.options.flatMap((k) => [OPTIONS[k].title, OPTIONS[k].title_en, OPTIONS[k].name, OPTIONS[k].code]),
        ],
      ]),
    )
    for (const keyword of [
      'tm',
      'TM b',
      '회로도',
      '220v 회로도',
      'model',
      'none',
      'circuit+three',
      'drawing',
      'x y',
      'M 2',
    ]) {
      const expected = DOCS.filter((doc) => matchesSearchText(keyword, texts[doc.key]!))
        .map((doc) => doc.key)
        .reverse()
      expect(keys(await list(`keyword=${encodeURIComponent(keyword)}`)), keyword).toEqual(expected)
    }
  })

  it('a document must carry every selected option; 0 means none', async () => {
    expect(keys(await list(`option_id_list=${o.tm}`))).toEqual(['tmB', 'tmA'])
    expect(keys(await list(`option_id_list=${o.tm},${o.single}`))).toEqual(['tmA'])
    expect(keys(await list(`option_id_list=${o.tx},${o.three}`))).toEqual([])
    expect(keys(await list('option_id_list=0'))).toHaveLength(5)
    expect(keys(await list(`option_id_list=${o.tm}&keyword=b`))).toEqual(['tmB'])
  })

  it('follows an option added to or taken from a document at once (its option ids are kept by the database)', async () => {
    const db = t.runtime.database.db
    await db.insert(serviceDocumentOptions).values({ document_id: d.general!, option_id: o.tm! })
    expect(keys(await list(`option_id_list=${o.tm}`))).toEqual(['general', 'tmB', 'tmA'])
    // An option's words find the document too.
    expect(keys(await list('keyword=tm-name'))).toEqual(['general', 'tmB', 'tmA'])
    await db
      .delete(serviceDocumentOptions)
      .where(and(eq(serviceDocumentOptions.document_id, d.general!), eq(serviceDocumentOptions.option_id, o.tm!)))
    expect(keys(await list(`option_id_list=${o.tm}`))).toEqual(['tmB', 'tmA'])
    expect(keys(await list('keyword=tm-name'))).toEqual(['tmB', 'tmA'])
  })

  it("finds a document by edited titles and by its options' edited words at once (its searched text is kept by the database)", async () => {
    const db = t.runtime.database.db
    await db
      .update(serviceDocuments)
      .set({ title: '제타 도면', title_en: 'Zeta DRAWING' })
      .where(eq(serviceDocuments.id, d.general!))
    expect(keys(await list('keyword=zeta'))).toEqual(['general'])
    expect(keys(await list(`keyword=${encodeURIComponent('제타 drawing')}`))).toEqual(['general'])
    expect(keys(await list('keyword=general'))).toEqual([])
    await db
      .update(serviceDocuments)
      .set({ title: '일반 도면', title_en: 'General drawing' })
      .where(eq(serviceDocuments.id, d.general!))
    expect(keys(await list('keyword=zeta'))).toEqual([])

    // An option's new name finds the documents carrying it, the old one no longer does; a change of
    // anything but its words leaves the search as it was.
    await db.update(supportOptions).set({ name: 'Renamed-TM' }).where(eq(supportOptions.id, o.tm!))
    expect(keys(await list('keyword=renamed-tm'))).toEqual(['tmB', 'tmA'])
    expect(keys(await list('keyword=tm-name'))).toEqual([])
    await db.update(supportOptions).set({ name: 'tm-name', sort_order: 5 }).where(eq(supportOptions.id, o.tm!))
    expect(keys(await list('keyword=tm-name'))).toEqual(['tmB', 'tmA'])
    expect(keys(await list('keyword=renamed-tm'))).toEqual([])
    await db.update(supportOptions).set({ sort_order: OPTIONS.tm.sort_order }).where(eq(supportOptions.id, o.tm!))

    // A new document is found by its title and, once it carries an option, by the option's words.
    const [added] = await db
      .insert(serviceDocuments)
      .values({ type: 2, title: '새 회로도', title_en: 'New circuit', url: '', url_en: '', created_at: day(8) })
      .returning({ id: serviceDocuments.id })
    try {
      expect((await list('keyword=new')).list.map((x) => x.id)).toEqual([added!.id])
      expect((await list('keyword=tx-name')).list.map((x) => x.id)).toEqual([d.tx])
      await db.insert(serviceDocumentOptions).values({ document_id: added!.id, option_id: o.tx! })
      expect((await list('keyword=tx-name')).list.map((x) => x.id)).toEqual([added!.id, d.tx])
    } finally {
      await db.delete(serviceDocuments).where(eq(serviceDocuments.id, added!.id))
    }
    expect(keys(await list('keyword=new'))).toEqual([])
  })

  it("a second node sees a change at its next search (the database's search version), and a rolled-back change alters nothing", async () => {
    const db = t.runtime.database.db
    // Another server node: its own copy of the documents, the same database.
    const node = createSupportService({ db })
    const search = async (keyword: string) =>
      (await node.documents({ type: 2, keyword, optionIds: [], page: 1, recordSize: 5, pageSize: 5 })).list.map(
        (x) => x.id,
      )
    expect(await search('general')).toEqual([d.general])
    expect(keys(await list('keyword=general'))).toEqual(['general'])
    await db.update(serviceDocuments).set({ published: false }).where(eq(serviceDocuments.id, d.general!))
    try {
      expect(await search('general')).toEqual([])
      expect(keys(await list('keyword=general'))).toEqual([])
    } finally {
      await db.update(serviceDocuments).set({ published: true }).where(eq(serviceDocuments.id, d.general!))
    }
    expect(await search('general')).toEqual([d.general])
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(serviceDocuments)
          .set({ title_en: 'Rolled back drawing' })
          .where(eq(serviceDocuments.id, d.general!))
        throw new Error('undone')
      }),
    ).rejects.toThrow('undone')
    expect(await search('rolled')).toEqual([])
    expect(await search('general')).toEqual([d.general])
  })

  it('refuses bad parameters with 400 (keyword up to 100 characters is fine)', async () => {
    expect(keys(await list(`keyword=${'a'.repeat(100)}`))).toEqual([])
    await expectAllBadRequest(t.app, [
      '/api/support/list/text',
      '/api/support/list/text?type=0',
      '/api/support/list/text?type=13',
      `/api/support/list/text?type=2&keyword=${'a'.repeat(101)}`,
      '/api/support/list/text?type=2&keyword=a&keyword=b',
      '/api/support/list/text?type=2&option_id_list=x',
      '/api/support/list/text?type=2&page=0x10',
      '/api/support/list/text?type=2&page=100001',
      '/api/support/list/text?type=2&recordSize=101',
      '/api/support/list/text?type=2&pageSize=11',
    ])
  })
})

describe('GET /api/support/serial', () => {
  const serial = (q: string) => getData(t.app, `/api/support/serial?${q}`, supportSerialSchema)
  const labels = (data: Awaited<ReturnType<typeof serial>>) => data.list.map((x) => x.title_en.replace('Circuit ', ''))

  it('matches code1 exactly and code2 as a prefix, ordered by code', async () => {
    const all = await serial('code1=25')
    expect(labels(all)).toEqual(['A', 'B', 'C'])
    expect(all.list[0]).toEqual({
      id: s.A,
      code: '25-0100',
      title: '회로도 A',
      title_en: 'Circuit A',
      model: 'TM-A',
      file_list: [{ file_name: 'documents/circuit-tm-a.pdf', origin_file_name: 'A.pdf', icon: 'PDF' }],
    })
    expect(labels(await serial('code1=25&code2='))).toEqual(['A', 'B', 'C'])
    expect(labels(await serial('code1=25&code2=01'))).toEqual(['A', 'B'])
    expect(labels(await serial('code1=25&code2=0101'))).toEqual(['B'])
    expect(labels(await serial('code1=26&code2=0100'))).toEqual(['D'])
    expect(labels(await serial('code1=99'))).toEqual([])
  })

  it('pages 5 per page by default', async () => {
    const data = await serial('code1=25&recordSize=2&pageSize=5')
    expect(data.pagination).toEqual({ page: 1, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 3 })
    expect(labels(await serial('code1=25&recordSize=2&page=2'))).toEqual(['C'])
    expect((await serial('code1=25')).pagination).toEqual({
      page: 1,
      page_list: [1],
      totalPageCount: 1,
      totalRecordCountAll: 3,
    })
  })

  it('refuses bad codes with 400', async () => {
    await expectAllBadRequest(t.app, [
      '/api/support/serial',
      '/api/support/serial?code1=',
      '/api/support/serial?code1=2',
      '/api/support/serial?code1=123',
      '/api/support/serial?code1=ab',
      '/api/support/serial?code1=25&code2=12345',
      '/api/support/serial?code1=25&code2=01a',
      '/api/support/serial?code1=25&code2=0%25',
      '/api/support/serial?code1=25&code2=-1',
      '/api/support/serial?code1=25&page=x',
    ])
  })
})
