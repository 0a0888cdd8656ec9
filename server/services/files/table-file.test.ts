import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { readTableBytes, TableFileError } from './table-file.ts'

const xlsx = async (fill: (sheet: ExcelJS.Worksheet) => void, extraSheet = false) => {
  const book = new ExcelJS.Workbook()
  fill(book.addWorksheet('first'))
  if (extraSheet) book.addWorksheet('second').addRow(['not', 'read'])
  return new Uint8Array(await book.xlsx.writeBuffer())
}

describe('readTableBytes (.xlsx)', () => {
  it('reads the first worksheet as the text a person sees', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.addRow(['doc_number', 'type', 'title', 'date'])
      sheet.addRow([' A-0100 ', 3, { richText: [{ text: '전동 ' }, { font: { bold: true }, text: '액추에이터' }] }, new Date(Date.UTC(2026, 4, 20))])
      sheet.addRow([])
      sheet.addRow(['B-0200', { formula: '1+2', result: 3 }, { formula: '"가"&"나"', result: '가나' }])
      sheet.getCell('D4').value = { text: 'site', hyperlink: 'https://example.com' }
    }, true)
    expect(await readTableBytes('table.xlsx', bytes)).toEqual({
      header: ['doc_number', 'type', 'title', 'date'],
      rows: [
        { row: 2, cells: ['A-0100', '3', '전동 액추에이터', '2026-05-20'] },
        { row: 4, cells: ['B-0200', '3', '가나', 'site'] },
      ],
    })
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

  it('refuses bytes that are not a workbook', async () => {
    await expect(readTableBytes('t.xlsx', new TextEncoder().encode('not a zip'))).rejects.toBeInstanceOf(TableFileError)
  })
})

describe('readTableBytes (.xlsx), memory', () => {
  it('reads 100,000 rows within a 160 MB heap (the whole-workbook reader needed about 300 MB)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-xlsx-'))
    try {
      const file = path.join(dir, 'big.xlsx')
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file })
      const sheet = book.addWorksheet('reference')
      sheet.addRow(['doc_number', 'type', 'title', 'title_en']).commit()
      for (let i = 0; i < 100_000; i++) sheet.addRow([`BX-${i}`, (i % 12) + 1, `전동 액추에이터 유지보수 설명서 ${i}호`, `Electric actuator maintenance manual no. ${i}`]).commit()
      await book.commit()
      const script = path.join(dir, 'read.mts')
      fs.writeFileSync(
        script,
        `import fs from 'node:fs'\nimport { readTableBytes } from ${JSON.stringify(path.resolve('server/services/files/table-file.ts'))}\n` +
          `const table = await readTableBytes('big.xlsx', fs.readFileSync(${JSON.stringify(file)}))\nconsole.log(table.rows.length, table.rows.at(-1).cells.join('|'))\n`,
      )
      const run = spawnSync(process.execPath, ['--max-old-space-size=160', '--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000 })
      expect(run.stderr).not.toMatch(/heap out of memory/)
      expect(run.stdout.trim()).toBe('100000 BX-99999|4|전동 액추에이터 유지보수 설명서 99999호|Electric actuator maintenance manual no. 99999')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
