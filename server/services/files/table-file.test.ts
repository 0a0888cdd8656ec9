import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { writeLargeWorkbook } from '#tests/helpers/large-workbook.ts'
import { readTableBytes, TABLE_LIMITS, TableFileError } from './table-file.ts'

const xlsx = async (fill: (sheet: ExcelJS.Worksheet) => void, extraSheet = false) => {
  const book = new ExcelJS.Workbook()
  fill(book.addWorksheet('first'))
  if (extraSheet) book.addWorksheet('second').addRow(['not', 'read'])
  return new Uint8Array(await book.xlsx.writeBuffer())
}

/** The same workbook zipped again with its entries in the given order (the names given first, the rest after), and maybe other changes. */
const rezipped = async (
  bytes: Uint8Array,
  first: string[],
  options: { streamFiles?: boolean; edit?: (name: string, text: string) => string } = {},
) => {
  const source = await JSZip.loadAsync(bytes)
  const names = Object.keys(source.files).filter((n) => !source.files[n]!.dir)
  for (const n of first) expect(names).toContain(n)
  const zip = new JSZip()
  for (const name of [...first, ...names.filter((n) => !first.includes(n))]) {
    const text = await source.file(name)!.async('string')
    zip.file(name, options.edit ? options.edit(name, text) : text, { createFolders: false })
  }
  const out = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    streamFiles: options.streamFiles ?? false,
  })
  const order = Object.keys((await JSZip.loadAsync(out)).files)
  expect(order.slice(0, first.length)).toEqual(first) // the order asked for is the order written
  return out
}

const sampleSheet = (sheet: ExcelJS.Worksheet) => {
  sheet.addRow(['doc_number', 'type', 'title', 'date'])
  sheet.addRow([
    ' A-0100 ',
    3,
    { richText: [{ text: '전동 ' }, { font: { bold: true }, text: '액추에이터' }] },
    new Date(Date.UTC(2026, 4, 20)),
  ])
  sheet.addRow([])
  sheet.addRow(['B-0200', { formula: '1+2', result: 3 }, { formula: '"가"&"나"', result: '가나' }])
  sheet.getCell('D4').value = { text: 'site', hyperlink: 'https://example.com' }
}
const sampleTable = {
  header: ['doc_number', 'type', 'title', 'date'],
  rows: [
    { row: 2, cells: ['A-0100', '3', '전동 액추에이터', '2026-05-20'] },
    { row: 4, cells: ['B-0200', '3', '가나', 'site'] },
  ],
}

describe('readTableBytes (.xlsx)', () => {
  it('reads the first worksheet as the text a person sees', async () => {
    expect(await readTableBytes('table.xlsx', await xlsx(sampleSheet, true))).toEqual(sampleTable)
  })

  it('pads short rows to the widest row, and keeps text that looks like a number as written', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.addRow(['a', 'b'])
      sheet.addRow(['0100'])
      sheet.addRow(['x', 'y', 'z'])
    })
    expect(await readTableBytes('t.xlsx', bytes)).toEqual({
      header: ['a', 'b', ''],
      rows: [
        { row: 2, cells: ['0100', '', ''] },
        { row: 3, cells: ['x', 'y', 'z'] },
      ],
    })
  })

  it('reads a formula with a date format as a date (1904 workbooks too), and one with no result saved as empty', async () => {
    for (const date1904 of [false, true]) {
      const book = new ExcelJS.Workbook()
      book.properties.date1904 = date1904
      const sheet = book.addWorksheet('dates')
      sheet.addRow(['due', 'plain', 'unsaved', 'error'])
      sheet.addRow([
        { formula: 'TODAY()', result: new Date(Date.UTC(2024, 1, 29)) },
        new Date(Date.UTC(1999, 11, 31)),
        { formula: 'A2+1' },
        { formula: '1/0', result: { error: '#DIV/0!' } },
      ])
      const bytes = new Uint8Array(await book.xlsx.writeBuffer())
      expect(await readTableBytes('t.xlsx', bytes)).toEqual({
        header: ['due', 'plain', 'unsaved', 'error'],
        rows: [{ row: 2, cells: ['2024-02-29', '1999-12-31', '', ''] }],
      })
    }
  })

  it('refuses bytes that are not a workbook', async () => {
    await expect(readTableBytes('t.xlsx', new TextEncoder().encode('not a zip'))).rejects.toBeInstanceOf(TableFileError)
  })

  it('refuses a zip that is not a workbook (the whole-workbook reader gave an empty table)', async () => {
    const notABook = await new JSZip().file('word/document.xml', '<w:document/>').generateAsync({ type: 'uint8array' })
    await expect(readTableBytes('t.xlsx', notABook)).rejects.toBeInstanceOf(TableFileError)
  })

  it('refuses a workbook whose worksheet does not inflate, and does not wait for it for ever', async () => {
    const bytes = await rezipped(await xlsx(sampleSheet), [
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ])
    const broken = Buffer.from(bytes)
    const name = broken.indexOf('xl/worksheets/sheet1.xml')
    const data = name + 'xl/worksheets/sheet1.xml'.length + broken.readUInt16LE(name - 2)
    broken.fill(0xff, data + 10, data + 60) // the name is preceded by the extra field's length
    await expect(readTableBytes('t.xlsx', broken)).rejects.toBeInstanceOf(TableFileError)
  })
})

describe('readTableBytes, limits', () => {
  const problemOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'read',
      (error: unknown) => (error instanceof TableFileError ? error.problem : String(error)),
    )
  const rowsOf = (n: number) => (sheet: ExcelJS.Worksheet) => {
    sheet.addRow(['id', 'title'])
    for (let i = 1; i <= n; i++) sheet.addRow([i, `row ${i}`])
  }

  it('reads up to the row limit and refuses a file with more rows, CSV or XLSX; blank rows do not count', async () => {
    const limits = { ...TABLE_LIMITS, rows: 3 }
    expect(
      (await readTableBytes('t.csv', new TextEncoder().encode('id,title\n1,a\n\n2,b\n,\n3,c\n'), limits)).rows,
    ).toHaveLength(3)
    expect(
      await problemOf(readTableBytes('t.csv', new TextEncoder().encode('id,title\n1,a\n2,b\n3,c\n4,d\n'), limits)),
    ).toBe('tooLarge')
    expect((await readTableBytes('t.xlsx', await xlsx(rowsOf(3)), limits)).rows).toHaveLength(3)
    expect(await problemOf(readTableBytes('t.xlsx', await xlsx(rowsOf(4)), limits))).toBe('tooLarge')
  })

  it('refuses an XLSX whose worksheet and shared strings inflate to more than the limit, before reading them', async () => {
    const bytes = await xlsx(rowsOf(200))
    const entries = await JSZip.loadAsync(bytes)
    const inflated =
      (await entries.file('xl/worksheets/sheet1.xml')!.async('uint8array')).length +
      (await entries.file('xl/sharedStrings.xml')!.async('uint8array')).length
    expect(await problemOf(readTableBytes('t.xlsx', bytes, { ...TABLE_LIMITS, xlsxTextBytes: inflated }))).toBe('read')
    expect(await problemOf(readTableBytes('t.xlsx', bytes, { ...TABLE_LIMITS, xlsxTextBytes: inflated - 1 }))).toBe(
      'tooLarge',
    )
  })
})

describe('readTableBytes (.xlsx), entry order', () => {
  const sheet = 'xl/worksheets/sheet1.xml'
  const meta = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml']

  // ExcelJS's streaming reader reads a worksheet at once when the relationships and shared strings came
  // before it (or else later, from a temporary file): then workbook.xml after it failed with "Cannot read
  // properties of undefined (reading 'sheets')", and the styles after it made numbers of the dates.
  it('reads a worksheet that comes before workbook.xml', async () => {
    const bytes = await rezipped(await xlsx(sampleSheet, true), [
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      sheet,
      'xl/workbook.xml',
      'xl/styles.xml',
    ])
    expect(await readTableBytes('t.xlsx', bytes)).toEqual(sampleTable)
  })

  it('reads a worksheet that comes before the styles (the date) and the other worksheet', async () => {
    const bytes = await rezipped(await xlsx(sampleSheet, true), [
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/workbook.xml',
      sheet,
      'xl/worksheets/sheet2.xml',
      'xl/styles.xml',
    ])
    expect(await readTableBytes('t.xlsx', bytes)).toEqual(sampleTable)
  })

  it('reads shared strings that come after the worksheet', async () => {
    const bytes = await rezipped(await xlsx(sampleSheet), [
      sheet,
      ...meta.filter((n) => n !== 'xl/sharedStrings.xml'),
      'xl/sharedStrings.xml',
    ])
    expect(await readTableBytes('t.xlsx', bytes)).toEqual(sampleTable)
  })

  it('reads entries written with data descriptors (sizes after the data), the worksheet first and the rest reversed', async () => {
    const original = await xlsx(sampleSheet)
    const names = Object.keys((await JSZip.loadAsync(original)).files).filter((n) => !n.endsWith('/') && n !== sheet)
    expect(
      await readTableBytes('t.xlsx', await rezipped(original, [sheet, ...names.reverse()], { streamFiles: true })),
    ).toEqual(sampleTable)
  })

  it('reads the first tab of workbook.xml, not the first worksheet file', async () => {
    const bytes = await rezipped(await xlsx(sampleSheet, true), [sheet, 'xl/worksheets/sheet2.xml'], {
      edit: (name, text) =>
        name === 'xl/workbook.xml' ? text.replace(/(<sheet [^>]*\/>)(<sheet [^>]*\/>)/, '$2$1') : text,
    })
    expect(await readTableBytes('t.xlsx', bytes)).toEqual({ header: ['not', 'read'], rows: [] })
  })

  it('reads a workbook without shared strings (zip64 headers, written by the streaming writer with worksheets first)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-xlsx-'))
    try {
      const file = path.join(dir, 'inline.xlsx')
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: file,
        useSharedStrings: false,
        zip: { forceZip64: true },
      })
      const ws = book.addWorksheet('only')
      ws.addRow(['code', 'when']).commit()
      ws.addRow(['C-1', new Date(Date.UTC(2025, 0, 31))]).commit()
      await book.commit()
      const bytes = fs.readFileSync(file)
      const names = Object.keys((await JSZip.loadAsync(bytes)).files)
      expect(names).not.toContain('xl/sharedStrings.xml')
      expect(names.indexOf(sheet)).toBeLessThan(names.indexOf('xl/workbook.xml'))
      expect(await readTableBytes('t.xlsx', bytes)).toEqual({
        header: ['code', 'when'],
        rows: [{ row: 2, cells: ['C-1', '2025-01-31'] }],
      })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('readTableBytes (.xlsx), memory', () => {
  it('reads 100,000 rows within a 160 MB heap (the whole-workbook reader needed about 300 MB)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-xlsx-'))
    try {
      const file = path.join(dir, 'big.xlsx')
      await writeLargeWorkbook(file, 100_000)
      const script = path.join(dir, 'read.mts')
      fs.writeFileSync(
        script,
        `import fs from 'node:fs'\nimport { readTableBytes } from ${JSON.stringify(path.resolve('server/services/files/table-file.ts'))}\n` +
          `const table = await readTableBytes('big.xlsx', fs.readFileSync(${JSON.stringify(file)}))\nconsole.log(table.rows.length, table.rows.at(-1).cells.join('|'))\n`,
      )
      const run = spawnSync(process.execPath, ['--max-old-space-size=160', '--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(run.stderr).not.toMatch(/heap out of memory/)
      expect(run.stdout.trim()).toBe(
        '100000 BX-99999|4|전동 액추에이터 유지보수 설명서 99999호|Electric actuator maintenance manual no. 99999',
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
