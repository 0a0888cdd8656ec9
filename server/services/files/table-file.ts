import type ExcelJS from 'exceljs'
import Papa from 'papaparse'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'

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

/**
 * The first worksheet, read row by row (ExcelJS's streaming reader): only the cells' text is kept,
 * never the whole workbook's objects, which took about 900 MB of heap for 300,000 rows (an 8.7 MB
 * file, under the console's 30 MB limit) and would stop a server with a 512 MB heap limit.
 */
async function fromXlsx(bytes: Uint8Array): Promise<TableFile> {
  // Loaded on first use: ExcelJS and its zip libraries are about 25 MB of memory the public site never needs.
  const { default: Excel } = await import('exceljs')
  const read: { row: number; cells: string[] }[] = []
  let width = 0
  try {
    // Styles are read for their number formats: a date cell is a number with a date format.
    const book = new Excel.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    })
    for await (const sheet of book) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[]
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim())
        width = Math.max(width, cells.length)
        read.push({ row: row.number, cells })
      }
      break // the first worksheet only
    }
  } catch (error) {
    throw new TableFileError('unreadable', error instanceof Error ? error.message : String(error))
  }
  const padded = (cells: string[]) => (cells.length < width ? [...cells, ...Array<string>(width - cells.length).fill('')] : cells)
  const first = read[0]?.row === 1 ? read.shift()! : undefined
  return {
    header: first ? padded(first.cells) : Array<string>(width).fill(''),
    rows: read.map((r) => ({ row: r.row, cells: padded(r.cells) })).filter((r) => !isBlank(r.cells)),
  }
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
