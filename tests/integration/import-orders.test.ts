import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { epsOrders, erpOrders } from '#server/db/schema.ts'
import { listOrders } from '#server/services/restricted/queries.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'
import { runManage } from '#tests/helpers/manage.ts'

// The restricted-area importer on the demo orders: good files upsert by work number, a file
// with any bad row changes nothing and names every problem as row, column, problem.
let t: Awaited<ReturnType<typeof buildTestApp>>
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-import-'))
beforeAll(async () => {
  t = await buildTestApp()
}, 180_000)
afterAll(async () => {
  await t?.close()
  fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

const db = () => t.runtime.database.db
const write = (name: string, text: string | Buffer) => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, text)
  return file
}
/** The orders importer through the import framework, answering as the importer of the restricted-area issue did. */
const importOrders = async (system: 'ERP' | 'EPS', file: string) => {
  const outcome = await t.runtime.services.imports.run(system === 'ERP' ? 'erp-orders' : 'eps-orders', {
    fileName: file,
    table: fs.readFileSync(file),
  })
  return outcome.ok
    ? {
        ok: true as const,
        rows: outcome.summary.rows,
        inserted: outcome.summary.inserted,
        updated: outcome.summary.updated,
      }
    : outcome
}
const snapshot = async () => (await db().select().from(erpOrders)).map((o) => JSON.stringify(o)).sort()

describe('importing orders', () => {
  it('upserts a CSV by work number: new orders added, an existing one replaced; Korean labels or keys as headers', async () => {
    const [existing] = await db().select().from(erpOrders).limit(1)
    const file = write(
      'erp.csv',
      '\uFEFF작업번호,ORD 번호,프로젝트명,고객사,납기일,valve_tag,개도 지시계 > 리밋 스위치,메모 1\n' +
        `E99-000001,99-0001,시험 정수장 밸브 교체공사,한국수자원공사,2026.3.7,FV-900,4 SET,"쉼표, 따옴표 ""포함"""\n` +
        `${existing!.work_no},${existing!.ord_no},${existing!.project_name},새 고객사,2026-12-01,,,\n`,
    )
    const result = await importOrders('ERP', file)
    expect(result).toEqual({ ok: true, rows: 2, inserted: 1, updated: 1 })
    const [added] = await db().select().from(erpOrders).where(eq(erpOrders.work_no, 'E99-000001'))
    expect(added).toMatchObject({
      ord_no: '99-0001',
      project_name: '시험 정수장 밸브 교체공사',
      delivery_date: '2026-03-07',
    })
    expect(added!.spec).toEqual({ valve_tag: 'FV-900', pi_limit_switch: '4 SET', memo1: '쉼표, 따옴표 "포함"' })
    const [replaced] = await db().select().from(erpOrders).where(eq(erpOrders.work_no, existing!.work_no))
    expect(replaced).toMatchObject({ customer: '새 고객사', delivery_date: '2026-12-01', spec: {} })
    // The imported order is found by the list at once.
    const found = await listOrders(db(), 'ERP', { name: '시험정수장', page: 1, recordSize: 30, pageSize: 5 })
    expect(found.list.map((o) => o.work_no)).toEqual(['E99-000001'])
  })

  it('reads XLSX (dates as date cells) and EUC-KR CSV as Korean Excel writes them', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('EPS')
    sheet.addRow(['work_no', 'project_name', '납기일', '모델명', '비고'])
    sheet.addRow(['P99-000001', '군산 배수펌프장 증설공사', new Date(Date.UTC(2026, 4, 20)), 'WT 15', '예비품 포함'])
    sheet.addRow([])
    sheet.addRow(['P99-000002', '군산 배수펌프장 증설공사', '', '', ''])
    const xlsx = path.join(dir, 'eps.xlsx')
    await book.xlsx.writeFile(xlsx)
    expect(await importOrders('EPS', xlsx)).toEqual({ ok: true, rows: 2, inserted: 2, updated: 0 })
    const [order] = await db().select().from(epsOrders).where(eq(epsOrders.work_no, 'P99-000001'))
    expect(order).toMatchObject({ delivery_date: '2026-05-20', model: 'WT 15', spec: { remarks: '예비품 포함' } })

    const eucKr = Buffer.from([
      ...Buffer.from('work_no,project_name\nP99-000003,'),
      // "정수장" in EUC-KR
      0xc1,
      0xa4,
      0xbc,
      0xf6,
      0xc0,
      0xe5,
      0x0a,
    ])
    expect(await importOrders('EPS', write('eps-euckr.csv', eucKr))).toMatchObject({ ok: true, inserted: 1 })
    const [korean] = await db().select().from(epsOrders).where(eq(epsOrders.work_no, 'P99-000003'))
    expect(korean!.project_name).toBe('정수장')
  })

  it('refuses a file with any bad row, listing every problem by row and column, and changes nothing', async () => {
    const before = await snapshot()
    const file = write(
      'bad.csv',
      '작업번호,ORD 번호,프로젝트명,납기일\n' +
        'E98-000001,98-0001,좋은 행,2026-01-01\n' +
        "E98-000002,25-0100'--,나쁜 ORD,2026-01-01\n" +
        'E98-000003,98-0002,,2026-02-30\n' +
        'E98-000001,98-0003,중복,\n' +
        `E98 000005,98-0004,${'가'.repeat(201)},\n`,
    )
    const result = await importOrders('ERP', file)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems.map((p) => [p.row, p.column, p.problem])).toEqual([
      [3, 'ORD 번호', 'import.error.ord'],
      [4, '프로젝트명', 'import.error.required'],
      [4, '납기일', 'import.error.date'],
      [5, '작업번호', 'import.error.duplicate'],
      [6, '작업번호', 'import.error.workNo'],
      [6, '프로젝트명', 'import.error.tooLong'],
    ])
    expect(await snapshot()).toEqual(before)
  })

  it('checks the header: unknown, ambiguous, repeated and missing columns; other file types', async () => {
    const result = await importOrders(
      'ERP',
      write('header.csv', '작업번호,색깔,리밋 스위치,밸브 태그,valve_tag\nE97-000001,빨강,2 SET,A,B\n'),
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems.map((p) => [p.row, p.column, p.problem])).toEqual([
      [1, '색깔', 'import.error.unknownColumn'],
      [1, '리밋 스위치', 'import.error.ambiguousColumn'],
      [1, 'valve_tag', 'import.error.repeatedColumn'],
      [1, 'project_name', 'import.error.missingColumn'],
    ])
    expect(result.problems[1]!.vars).toEqual({ choices: "pi_limit_switch', 'limit_switch" })
    const other = await importOrders('ERP', write('orders.txt', 'x'))
    expect(other).toMatchObject({ ok: false, problems: [{ problem: 'import.error.fileType' }] })
    const empty = await importOrders('ERP', write('empty.csv', 'work_no,project_name\n'))
    expect(empty).toMatchObject({ ok: false, problems: [{ row: 2, problem: 'import.error.empty' }] })
  })
})

describeEmbedded('npm run manage -- import-orders', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-import-cli-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const manage = (...args: string[]) => runManage(dataDir, ...args)

  it('imports with a progress bar, and prints row, column, problem for a bad file (exit 1)', () => {
    expect(manage('migrate').status).toBe(0)
    const rows = Array.from(
      { length: 2500 },
      (_, i) =>
        `E96-${String(i + 1).padStart(6, '0')},96-${String((i % 9999) + 1).padStart(4, '0')},부산 정수장 고도처리시설 설치공사`,
    )
    const good = write('many.csv', `work_no,ord_no,project_name\n${rows.join('\n')}\n`)
    const ok = manage('import-orders', good, '--system', 'erp')
    expect(ok.status, ok.out).toBe(0)
    expect(ok.out).toMatch(/^importing ERP orders \[#+\] 100% 2,500\/2,500 /m)
    expect(ok.out).toMatch(/2500 ERP orders imported \(2500 new, 0 updated\)/)
    const again = manage('import-orders', good, '--system', 'erp')
    expect(again.out).toMatch(/\(0 new, 2500 updated\)/)

    const bad = manage(
      'import-orders',
      write('bad-cli.csv', 'work_no,ord_no,project_name\nE95-1,2025-1,정수장\n'),
      '--system',
      'erp',
    )
    expect(bad.status).toBe(1)
    expect(bad.out).toContain('row,column,problem\n2,ord_no,ORD 번호는 YY-NNNN 형식이어야 합니다. (예: 25-0100)')
    expect(bad.out).toContain('1 problem(s)')
    const en = manage(
      'import-orders',
      write('bad-cli.csv', 'work_no,ord_no,project_name\nE95-1,2025-1,정수장\n'),
      '--system',
      'erp',
      '--lang',
      'en',
    )
    expect(en.out).toContain('2,ord_no,An ORD number reads YY-NNNN (e.g. 25-0100).')
    const usage = manage('import-orders', good)
    expect(usage.status).toBe(1)
    expect(usage.out).toContain('--system erp|eps')
  }, 180_000)
})
