import JSZip from 'jszip'
import ExcelJS from 'exceljs'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  agencies,
  attachments,
  auditLog,
  circuitSerials,
  documentRevisions,
  files as filesTable,
  referenceDocuments,
  searchEntries,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptionGroups,
  supportOptions,
  users,
} from '#server/db/schema.ts'
import type { ImportInput } from '#server/services/import/index.ts'
import { IMPORT_BATCH } from '#server/services/import/kind.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { ImportKind } from '#shared/import-kinds.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The bulk importer of every kind on the demo content: a dry run names every problem as row,
// column and message and writes nothing; a good file lands in one transaction with its files,
// its search entries, one audit entry and the change notice.
let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp()
}, 180_000)
afterAll(async () => {
  await t?.close()
}, 60_000)

const db = () => t.runtime.database.db
const csv = (text: string, zip?: Buffer): ImportInput => ({
  fileName: 'rows.csv',
  table: Buffer.from(`\uFEFF${text}`),
  ...(zip && { zipName: 'files.zip', zip }),
})
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`)
async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new JSZip()
  for (const [name, data] of Object.entries(entries)) zip.file(name, data)
  return zip.generateAsync({ type: 'nodebuffer' })
}
const run = (kind: ImportKind, input: ImportInput, dryRun = false) =>
  t.runtime.services.imports.run(kind, input, { dryRun, actor: { userId: null, ip: '127.0.0.1' } })
/** Problems as the console shows them: row, column, Korean message. */
async function problemsOf(kind: ImportKind, input: ImportInput) {
  const outcome = await run(kind, input, true)
  expect(outcome.ok).toBe(false)
  return outcome.ok ? [] : outcome.problems.map((p) => [p.row, p.column, translate('ko', p.problem, p.vars)])
}

describe('reference documents', () => {
  it('a dry run names every problem (unknown column, missing value, bad values, repeated number, ZIP entry missing) and writes nothing', async () => {
    const before = await db().$count(referenceDocuments)
    const zip = await zipOf({ 'manuals/a-ko.pdf': pdf('a') })
    expect(
      await problemsOf('reference', csv('doc_number,type,title,title_en,색깔\nDA-MAN-9001,MAN,가,A,빨강\n', zip)),
    ).toEqual([[1, '색깔', '알 수 없는 열입니다. 필드 키나 한글 이름을 쓰세요.']])
    expect(await problemsOf('reference', csv('doc_number,title,title_en\nDA-MAN-9001,가,A\n'))).toEqual([
      [1, 'type', '필수 열이 없습니다.'],
    ])
    const rows = await problemsOf(
      'reference',
      csv(
        '문서번호,revision,분류,title,title_en,url,file_ko,file_en\n' +
          'DA-MAN-9001,A,MAN,설치 설명서,Installation manual,,manuals/a-ko.pdf,\n' +
          'DA-MAN-9002,A,MAN,,Manual,,,\n' +
          'DA-MAN-9003,a1,XYZ,제목,Title,ftp://example.com/x,,\n' +
          'DA-MAN-9001,B,1,중복,Duplicate,,,\n' +
          'DA-MAN-9004,A,2,파일,File,,manuals/none.pdf,manuals/b-en.pdf\n',
        zip,
      ),
    )
    expect(rows).toEqual([
      [3, 'title', '값이 필요합니다.'],
      [4, 'revision', '개정은 A~ZZZ의 영문 대문자나 1.2 같은 번호여야 합니다.'],
      [4, '분류', '분류는 1~12의 번호나 분류 코드(CAT, MAN 등)여야 합니다.'],
      [4, 'url', 'http:// 또는 https://로 시작하는 주소여야 합니다.'],
      [5, '문서번호', '2행과 같은 문서번호입니다.'],
      [6, 'file_ko', "ZIP 파일 안에 'manuals/none.pdf'가 없습니다."],
      [6, 'file_en', "ZIP 파일 안에 'manuals/b-en.pdf'가 없습니다."],
    ])
    // A repeated number is found even when the earlier row has problems of its own.
    expect(
      await problemsOf('reference', csv('doc_number,type,title,title_en\nDA-MAN-9005,MAN,,A\nDA-MAN-9005,MAN,가,A\n')),
    ).toEqual([
      [2, 'title', '값이 필요합니다.'],
      [3, 'doc_number', '2행과 같은 문서번호입니다.'],
    ])
    expect(await problemsOf('reference', csv('type,title,title_en,file_ko\nMAN,가,A,a.pdf\n'))).toEqual([
      [2, 'file_ko', "파일 'a.pdf'를 지정했지만 ZIP 파일이 업로드되지 않았습니다."],
    ])
    expect(await db().$count(referenceDocuments)).toBe(before)
  })

  it('imports with the ZIP files per language, numbers rows without one, updates an existing number (a new revision keeps the old one), audits once', async () => {
    const zip = await zipOf({ 'manuals/a-ko.pdf': pdf('a ko'), 'manuals/a-en.pdf': pdf('a en'), 'b.pdf': pdf('b') })
    const file = csv(
      'doc_number,revision,type,title,title_en,url,file_ko,file_en\n' +
        'DA-MAN-9101,A,MAN,가져온 설치 설명서,Imported installation manual,,manuals/a-ko.pdf,manuals/a-en.pdf\n' +
        ',,CAT,번호 없는 카탈로그,Catalogue without number,https://example.com/cat,b.pdf,\n',
      zip,
    )
    expect(await run('reference', file, true)).toEqual({
      ok: true,
      summary: { rows: 2, inserted: 2, updated: 0, files: 0 },
    })
    expect(await run('reference', file)).toEqual({ ok: true, summary: { rows: 2, inserted: 2, updated: 0, files: 3 } })
    const [doc] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.doc_number, 'DA-MAN-9101'))
    expect(doc).toMatchObject({ type: 9, title: '가져온 설치 설명서', revision: 'A' })
    const files = await db()
      .select()
      .from(attachments)
      .where(and(eq(attachments.owner_type, 'reference'), eq(attachments.owner_id, doc!.id)))
      .orderBy(asc(attachments.sort_order))
    expect(files.map((f) => [f.icon, f.origin_file_name])).toEqual([
      ['KOR', 'a-ko.pdf'],
      ['ENG', 'a-en.pdf'],
    ])
    const [numbered] = await db()
      .select()
      .from(referenceDocuments)
      .where(eq(referenceDocuments.title, '번호 없는 카탈로그'))
    expect(numbered!.doc_number).toMatch(/^DA-\d{5}$/)
    expect(numbered).toMatchObject({ revision: 'A', url: 'https://example.com/cat' })

    // The same number again, revision B with a new Korean file: "0 new, 1 updated"; Rev. A is kept.
    const revised = csv(
      'doc_number,revision,type,title,title_en,file_ko\nDA-MAN-9101,B,MAN,개정된 설치 설명서,Revised manual,manuals/a-ko.pdf\n',
      zip,
    )
    expect(await run('reference', revised, true)).toEqual({
      ok: true,
      summary: { rows: 1, inserted: 0, updated: 1, files: 0 },
    })
    expect(await run('reference', revised)).toMatchObject({ ok: true, summary: { inserted: 0, updated: 1 } })
    const [after] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.doc_number, 'DA-MAN-9101'))
    expect(after).toMatchObject({ id: doc!.id, revision: 'B', title: '개정된 설치 설명서', version: doc!.version + 1 })
    const [kept] = await db()
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.owner_type, 'reference'), eq(documentRevisions.owner_id, doc!.id)))
    expect(kept).toMatchObject({ revision: 'A', title: '가져온 설치 설명서' })
    expect(
      await db().$count(attachments, and(eq(attachments.owner_type, 'revision'), eq(attachments.owner_id, kept!.id))),
    ).toBe(2)
    expect(
      await db().$count(attachments, and(eq(attachments.owner_type, 'reference'), eq(attachments.owner_id, doc!.id))),
    ).toBe(1)

    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.record_type, 'import'))
      .orderBy(asc(auditLog.id))
    expect(entries.map((e) => e.after)).toEqual([
      { kind: 'reference', file: 'rows.csv', zip: 'files.zip', rows: 2, inserted: 2, updated: 0, files: 3 },
      { kind: 'reference', file: 'rows.csv', zip: 'files.zip', rows: 1, inserted: 0, updated: 1, files: 1 },
    ])
    const hits = await t.runtime.services.search.search({
      keyword: '개정된 설치',
      lang: 'ko',
      page: 1,
      recordSize: 10,
      pageSize: 5,
    })
    expect(hits.list.map((h) => h.title)).toContain('개정된 설치 설명서')
  })

  it("credits the files an import stores to the one who imported them (the media library's uploader)", async () => {
    const [editor] = await db()
      .insert(users)
      .values({
        username: 'importer@example.com',
        name: '가져온 사람',
        password_hash: 'x',
        company: 'c',
        division: 'd',
      })
      .returning({ id: users.id })
    const zip = await zipOf({ 'credited.pdf': pdf('credited') })
    const input = csv('type,title,title_en,file_ko\nMAN,업로더 확인 설명서,Uploader check manual,credited.pdf\n', zip)
    const outcome = await t.runtime.services.imports.run('reference', input, { actor: { userId: editor!.id } })
    expect(outcome).toMatchObject({ ok: true, summary: { files: 1 } })
    const stored = await db()
      .select({ uploadedBy: filesTable.uploaded_by })
      .from(filesTable)
      .where(eq(filesTable.origin_file_name, 'credited.pdf'))
    expect(stored).toEqual([{ uploadedBy: editor!.id }])
  })

  it('reads XLSX, and a file error is one problem of the whole file', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('docs')
    sheet.addRow(['type', 'title', 'title_en'])
    sheet.addRow([4, '엑셀 토크표', 'Excel torque table'])
    const table = Buffer.from(await book.xlsx.writeBuffer())
    expect(await run('reference', { fileName: 'docs.xlsx', table })).toMatchObject({
      ok: true,
      summary: { inserted: 1 },
    })
    expect(await problemsOf('reference', { fileName: 'docs.txt', table })).toEqual([
      [0, '', 'CSV 또는 XLSX 파일만 가져올 수 있습니다.'],
    ])
    expect(
      (
        await problemsOf('reference', csv('type,title,title_en,file_ko\n1,가,A,x.pdf\n', Buffer.from('not a zip')))
      )[0]![2],
    ).toMatch(/^ZIP 파일을 읽을 수 없습니다/)
  })

  it('a file over the row limit is one problem, in both languages, and nothing is written', async () => {
    const before = await db().$count(referenceDocuments)
    const tableLimits = { rows: 2, xlsxTextBytes: 1024 * 1024 }
    const outcome = await t.runtime.services.imports.run(
      'reference',
      csv('type,title,title_en\n1,가,A\n1,나,B\n1,다,C\n'),
      { tableLimits, actor: { userId: null } },
    )
    expect(outcome.ok).toBe(false)
    const [problem] = outcome.ok ? [] : outcome.problems
    expect(translate('ko', problem!.problem, problem!.vars)).toBe(
      '한 번에 가져올 수 있는 행은 2행까지입니다. 파일을 나누어 가져오세요.',
    )
    expect(translate('en', problem!.problem, problem!.vars)).toBe(
      'At most 2 rows can be imported at a time. Split the file into parts.',
    )
    expect(await db().$count(referenceDocuments)).toBe(before)
  })
})

describe('10,000 reference documents', () => {
  it('import in one transaction with progress to 10000/10000; every row is stored and searchable', async () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `DA-TRQ-${String(i + 1).padStart(5, '0')},TRQ,대량 토크표 ${i + 1}호,Bulk torque table no. ${i + 1}`,
    )
    lines[4321] = 'DA-TRQ-04322,TRQ,한빛누리 특수 토크표,Hanbit Nuri special torque table'
    // A 2-character keyword's total is its key's count (search_key_counts), which the import adds up.
    const totalOf = async (keyword: string) =>
      (await t.runtime.services.search.search({ keyword, lang: 'ko', page: 1, recordSize: 10, pageSize: 5 })).pagination
        .totalRecordCountAll
    const before = await totalOf('대량')
    const progress: [number, number][] = []
    const started = performance.now()
    const outcome = await t.runtime.services.imports.run(
      'reference',
      csv(`doc_number,type,title,title_en\n${lines.join('\n')}\n`),
      {
        onProgress: (done, total) => progress.push([done, total]),
      },
    )
    const seconds = (performance.now() - started) / 1000
    expect(outcome).toEqual({ ok: true, summary: { rows: 10_000, inserted: 10_000, updated: 0, files: 0 } })
    expect(progress.at(-1)).toEqual([10_000, 10_000])
    // After each batch, and 0 at the start.
    expect(progress.length).toBe(10_000 / IMPORT_BATCH + 1)
    console.log(`10,000 reference rows imported in ${seconds.toFixed(1)} s (${Math.round(10_000 / seconds)} rows/s)`)
    expect(
      await db().$count(
        referenceDocuments,
        inArray(referenceDocuments.doc_number, ['DA-TRQ-00001', 'DA-TRQ-10000', 'DA-TRQ-04322']),
      ),
    ).toBe(3)
    expect(await db().$count(referenceDocuments, eq(referenceDocuments.type, 4))).toBeGreaterThanOrEqual(10_000)
    const hits = await t.runtime.services.search.search({
      keyword: '한빛누리',
      lang: 'ko',
      page: 1,
      recordSize: 10,
      pageSize: 5,
    })
    expect(hits.list.map((h) => h.title)).toEqual(['한빛누리 특수 토크표'])
    const en = await t.runtime.services.search.search({
      keyword: 'Hanbit Nuri',
      lang: 'en',
      page: 1,
      recordSize: 10,
      pageSize: 5,
    })
    expect(en.list.map((h) => h.title)).toEqual(['Hanbit Nuri special torque table'])
    expect(await totalOf('대량')).toBe(before + 9_999)
    // The same number as the entries hold it, and as a full reindex counts it.
    const held = await db().$count(
      searchEntries,
      and(
        eq(searchEntries.lang, 'ko'),
        sql`strpos(${searchEntries.title_compact} || ${searchEntries.body_compact}, '대량') > 0`,
      ),
    )
    expect(held).toBe(before + 9_999)
    await t.runtime.services.search.reindex()
    expect(await totalOf('대량')).toBe(before + 9_999)
  }, 300_000)
})

describe('service documents', () => {
  it('tags options by code or id, refuses unknown ones, and the change notice goes out at commit', async () => {
    // Two options of one document type (their codes are unique within it); the other type's options are unknown to it.
    const options = await db()
      .select({ id: supportOptions.id, code: supportOptions.code, type: supportOptionGroups.type })
      .from(supportOptions)
      .innerJoin(supportOptionGroups, eq(supportOptionGroups.id, supportOptions.group_id))
      .orderBy(asc(supportOptions.id))
    const [option, other] = options.filter((o) => o.type === options[0]!.type)
    const foreign = options.find((o) => o.type !== option!.type)!
    expect(
      await problemsOf(
        'service',
        csv(
          `type,title,title_en,options\n${option!.type},서비스 문서,Service doc,"${option!.id}, NOPE, ${foreign.id}"\n`,
        ),
      ),
    ).toEqual([
      [2, 'options', '알 수 없는 옵션입니다: NOPE'],
      [2, 'options', `알 수 없는 옵션입니다: ${foreign.id}`],
    ])
    const heard: string[][] = []
    const unsubscribe = t.runtime.services.changes.subscribe((topics) => heard.push(topics))
    await t.runtime.services.changes.ready()
    const code = other!.code || String(other!.id)
    const outcome = await run(
      'service',
      csv(
        `doc_number,type,title,title_en,options\nDS-MAN-9001,${option!.type},가져온 서비스 설명서,Imported service manual,${option!.id};${code}\n`,
      ),
    )
    expect(outcome).toMatchObject({ ok: true, summary: { inserted: 1 } })
    const [doc] = await db().select().from(serviceDocuments).where(eq(serviceDocuments.doc_number, 'DS-MAN-9001'))
    const tags = await db().select().from(serviceDocumentOptions).where(eq(serviceDocumentOptions.document_id, doc!.id))
    expect(tags.map((o) => o.option_id).sort()).toEqual([option!.id, other!.id].sort())
    await expect.poll(() => heard.flat()).toContain('service-documents')
    unsubscribe()
  })
})

describe('circuit serials', () => {
  it('checks codes and repeated serials; imports with a diagram file and updates an existing code pair', async () => {
    const zip = await zipOf({ 'diagrams/77-0001.pdf': pdf('diagram') })
    expect(
      await problemsOf(
        'serial',
        csv('code1,code2,title,title_en,file\n7,0001,가,A,\n77,0001,나,B,\n77,0001,다,C,diagrams/x.pdf\n', zip),
      ),
    ).toEqual([
      [2, 'code1', '코드1은 숫자 2자리여야 합니다.'],
      [4, 'code2', '3행과 같은 시리얼(코드1-코드2)입니다.'],
      [4, 'file', "ZIP 파일 안에 'diagrams/x.pdf'가 없습니다."],
    ])
    expect(
      await run(
        'serial',
        csv(
          'code1,code2,title,title_en,model,file\n77,0001,가져온 결선도,Imported diagram,TM 05,diagrams/77-0001.pdf\n',
          zip,
        ),
      ),
    ).toMatchObject({ ok: true, summary: { inserted: 1, files: 1 } })
    const again = csv('코드1,코드2,제목,영문 제목,모델\n77,0001,고친 결선도,Changed diagram,TM 10\n')
    expect(await run('serial', again, true)).toMatchObject({ ok: true, summary: { inserted: 0, updated: 1 } })
    await run('serial', again)
    const rows = await db()
      .select()
      .from(circuitSerials)
      .where(and(eq(circuitSerials.code1, '77'), eq(circuitSerials.code2, '0001')))
    expect(rows.map((r) => [r.title, r.model])).toEqual([['고친 결선도', 'TM 10']])
    expect(
      await db().$count(attachments, and(eq(attachments.owner_type, 'serial'), eq(attachments.owner_id, rows[0]!.id))),
    ).toBe(1)
    const hits = await t.runtime.services.search.search({
      keyword: '77-0001',
      lang: 'ko',
      page: 1,
      recordSize: 10,
      pageSize: 5,
    })
    expect(hits.list.map((h) => h.title)).toContain('77-0001 고친 결선도')
  })
})

describe('agencies', () => {
  it('checks type, region and id; adds new agencies and updates one by id', async () => {
    const [existing] = await db().select().from(agencies).orderBy(asc(agencies.id)).limit(1)
    const header = 'id,type,region,name,name_en,title,title_en,description,description_en,sort_order\n'
    expect(
      await problemsOf('agency', csv(`${header}99999,1,domestic,가,A,나,B,다,C,1\n,3,mars,가,A,나,B,다,C,x\n`)),
    ).toEqual([
      [2, 'id', '없는 대리점 ID입니다. 새 대리점은 ID를 비워 두세요.'],
      [3, 'type', '구분은 1(국내) 또는 2(해외)여야 합니다.'],
      [3, 'region', '지역은 domestic, asia, middle_east, americas, europe 중 하나여야 합니다.'],
      [3, 'sort_order', '-1000000~1000000 사이의 정수여야 합니다.'],
    ])
    const file = csv(
      `${header},해외,Middle East,두바이 상사,Dubai Trading,중동,Middle East,Tel +971,Tel +971,5\n${existing!.id},1,domestic,고친 대리점,Changed agency,부산,Busan,Tel 051,Tel +82 51,0\n`,
    )
    expect(await run('agency', file, true)).toEqual({
      ok: true,
      summary: { rows: 2, inserted: 1, updated: 1, files: 0 },
    })
    await run('agency', file)
    const [changed] = await db().select().from(agencies).where(eq(agencies.id, existing!.id))
    expect(changed).toMatchObject({ name: '고친 대리점', version: existing!.version + 1 })
    const [added] = await db().select().from(agencies).where(eq(agencies.name_en, 'Dubai Trading'))
    expect(added).toMatchObject({ type: 2, region: 'middle_east', sort_order: 5 })
    const hits = await t.runtime.services.search.search({
      keyword: '두바이 상사',
      lang: 'ko',
      page: 1,
      recordSize: 10,
      pageSize: 5,
    })
    expect(hits.list.length).toBe(1)
  })
})
