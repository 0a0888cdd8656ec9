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

