import type ExcelJS from 'exceljs'
import Papa from 'papaparse'
import fs from 'node:fs/promises'
import path from 'node:path'

/** A spreadsheet read as text: the header row and the data rows (row 2 onwards), cells trimmed. */
export type TableFile = { header: string[]; rows: { row: number; cells: string[] }[] }

export class TableFileError extends Error {
  constructor(
    readonly problem: 'fileType' | 'unreadable',
    reason = '',
  ) {
    super(reason || problem)
  }
}

/**
 * Text of CSV bytes: UTF-8 (with or without BOM), or, when the bytes are not valid UTF-8, EUC-KR
 * (CP949), which is what Korean Excel writes by default.
 */
function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('euc-kr').decode(bytes)
  }
}

const isBlank = (cells: string[]) => cells.every((c) => c === '')

function fromCsv(bytes: Uint8Array): TableFile {
  const parsed = Papa.parse<string[]>(decodeCsv(bytes), { skipEmptyLines: false })
  const fatal = parsed.errors.find((e) => e.type === 'Quotes')
  if (fatal) throw new TableFileError('unreadable', `${fatal.message} (row ${(fatal.row ?? 0) + 1})`)
  const [header = [], ...data] = parsed.data.map((cells) => cells.map((c) => c.trim()))
  return {
    header,
    rows: data.map((cells, i) => ({ row: i + 2, cells })).filter((r) => !isBlank(r.cells)),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A cell as the text a person sees: dates as YYYY-MM-DD, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
  }
  return String(value)
}

async function fromXlsx(bytes: Uint8Array): Promise<TableFile> {
  // Loaded on first use: ExcelJS and its zip libraries are about 25 MB of memory the public site never needs.
  const { default: Excel } = await import('exceljs')
  const book = new Excel.Workbook()
  try {
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer)
  } catch (error) {
    throw new TableFileError('unreadable', error instanceof Error ? error.message : String(error))
  }
  const sheet = book.worksheets[0]
  if (!sheet) return { header: [], rows: [] }
  const width = sheet.columnCount
  const cellsOf = (r: ExcelJS.Row) => Array.from({ length: width }, (_, i) => cellText(r.getCell(i + 1).value).trim())
  const header = cellsOf(sheet.getRow(1))
  const rows: TableFile['rows'] = []
  for (let n = 2; n <= sheet.rowCount; n++) {
    const cells = cellsOf(sheet.getRow(n))
    if (!isBlank(cells)) rows.push({ row: n, cells })
  }
  return { header, rows }
}

/** Reads a `.csv` or `.xlsx` file (the first worksheet). */
export async function readTableFile(filePath: string): Promise<TableFile> {
  const ext = path.extname(filePath).toLowerCase()
  if (ext !== '.csv' && ext !== '.xlsx') throw new TableFileError('fileType')
  return readTableBytes(filePath, await fs.readFile(filePath))
}

/** Reads the bytes of an uploaded `.csv` or `.xlsx` file, told apart by its name. */
export async function readTableBytes(fileName: string, bytes: Uint8Array): Promise<TableFile> {
  const ext = path.extname(fileName).toLowerCase()
  if (ext === '.xlsx') return fromXlsx(bytes)
  if (ext === '.csv') {
    try {
      return fromCsv(bytes)
    } catch (error) {
      if (error instanceof TableFileError) throw error
      throw new TableFileError('unreadable', error instanceof Error ? error.message : String(error))
    }
  }
  throw new TableFileError('fileType')
}
