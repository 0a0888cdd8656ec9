import type ExcelJS from 'exceljs'
import type Papa from 'papaparse'
import fs from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { storedZip, zipEntries, type ZipEntry } from './zip-entries.ts'

/** A spreadsheet read as text: the header row and the data rows (row 2 onwards), cells trimmed. */
export type TableFile = { header: string[]; rows: { row: number; cells: string[] }[] }

/**
 * What one import may hold (rows below the header; an XLSX's worksheet and shared strings,
 * inflated). Every row is kept in memory while it is checked: 300,000 rows of an XLSX took about
 * 220 MB of heap (scripts/bench-xlsx.ts) in a server limited to 512 MB. A 30 MB CSV is about
 * 250,000 rows; an XLSX of 30 MB could inflate to gigabytes of XML.
 */
export const TABLE_LIMITS = { rows: 300_000, xlsxTextBytes: 256 * 1024 * 1024 }
export type TableLimits = typeof TABLE_LIMITS

export class TableFileError extends Error {
  constructor(
    readonly problem: 'fileType' | 'unreadable' | 'tooLarge',
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

/** Characters parsed between two turns of the event loop (a 100,000-row CSV held it 200 ms in one parse). */
const CSV_PIECE = 256 * 1024

/**
 * Papa Parse's chunked parsing of a string, paused after each chunk for a turn of the event loop
 * (its documented `chunk` callback with `parser.pause()` / `parser.resume()`). The rows and errors
 * are those of one whole parse; an error's row counts from the start of the file.
 */
async function parseCsv(text: string): Promise<{ data: string[][]; errors: Papa.ParseError[] }> {
  const { default: Papa } = await import('papaparse') // on first use, as ExcelJS below
  return new Promise((resolve, reject) => {
    const data: string[][] = []
    const errors: Papa.ParseError[] = []
    Papa.parse<string[]>(text, {
      skipEmptyLines: false,
      chunkSize: CSV_PIECE,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const e of results.errors) errors.push({ ...e, row: e.row === undefined ? e.row : e.row + data.length })
        for (const cells of results.data) data.push(cells)
        parser.pause()
        void nextTurn().then(() => parser.resume())
      },
      complete: () => resolve({ data, errors }),
      error: (error: Error) => reject(error),
    } as Papa.ParseConfig<string[]>)
  })
}

async function fromCsv(bytes: Uint8Array, limits: TableLimits): Promise<TableFile> {
  const parsed = await parseCsv(decodeCsv(bytes))
  const fatal = parsed.errors.find((e) => e.type === 'Quotes')
  if (fatal) throw new TableFileError('unreadable', `${fatal.message} (row ${(fatal.row ?? 0) + 1})`)
  const [header = [], ...data] = parsed.data.map((cells) => cells.map((c) => c.trim()))
  const rows = data.map((cells, i) => ({ row: i + 2, cells })).filter((r) => !isBlank(r.cells))
  if (rows.length > limits.rows) throw tooLarge(limits)
  return { header, rows }
}

const tooLarge = (limits: TableLimits) => new TableFileError('tooLarge', `over ${limits.rows} rows`)

const pad = (n: number) => String(n).padStart(2, '0')

/** Whether an Excel number format shows a date or time (ExcelJS's own test, in utils.isDateFmt). */
const isDateFormat = (format: string | undefined) =>
  !!format && /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))

/** A cell as the text a person sees: dates as YYYY-MM-DD, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
    if ('formula' in value || 'sharedFormula' in value) return '' // no result saved with it (or an error, to the streaming reader)
  }
  return String(value)
}

/** What ExcelJS's streaming reader knows once it has read workbook.xml and its relationships (not in its types). */
type ReaderState = {
  model?: { sheets?: { name?: string; rId?: string }[] }
  workbookRels?: { Id?: string; Target?: string }[]
  properties?: { model?: { date1904?: boolean } }
}

const emptySharedStrings = (): ZipEntry => {
  const data = Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>')
  return { name: 'xl/sharedStrings.xml', method: 0, crc: 0, size: data.length, data } // the reader checks no CRC
}

/**
 * The first worksheet, read row by row with ExcelJS's streaming reader: only the cells' text is kept,
 * never the whole workbook's objects, which took about 900 MB of heap for 300,000 rows (an 8.7 MB
 * file, under the console's 30 MB limit) and would stop a server with a 512 MB heap limit.
 *
 * That reader takes the zip entries in the order they come and needs workbook.xml, its relationships,
 * the shared strings and the styles before a worksheet (or it fails, or reads dates as numbers), but
 * writers, ExcelJS's own among them, put them in any order. So the entries are found through the zip's
 * central directory and handed to it in that order: first workbook.xml and its relationships alone, to
 * learn which worksheet is the first tab, then those two, the shared strings, the styles and that
 * worksheet. The file's bytes are in memory already; the worksheet is inflated chunk by chunk.
 */
async function fromXlsx(bytes: Uint8Array, limits: TableLimits): Promise<TableFile> {
  // Loaded on first use: ExcelJS and its zip libraries are about 25 MB of memory the public site never needs.
  const { default: Excel } = await import('exceljs')
  const read: { row: number; cells: string[] }[] = []
  let kept = 0
  let width = 0
  try {
    const entries = zipEntries(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    const workbook = entries.get('xl/workbook.xml')
    const rels = entries.get('xl/_rels/workbook.xml.rels')
    if (!workbook) throw new Error('no xl/workbook.xml: not a workbook')
    /** A streaming reader over the entries, handed to `readWith`; a broken entry rejects even if the reader would hang. */
    const withReader = async (
      parts: ZipEntry[],
      options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
      readWith: (reader: ExcelJS.stream.xlsx.WorkbookReader) => Promise<void>,
    ) => {
      let fail: (error: Error) => void = () => {}
      const failed = new Promise<never>((_, reject) => (fail = reject))
      await Promise.race([readWith(new Excel.stream.xlsx.WorkbookReader(storedZip(parts, fail), options)), failed])
    }

    // The first tab, as the whole-workbook reader chose it: the first sheet of workbook.xml whose
    // relationship leads to a worksheet in the file (chart sheets are passed over).
    let first: ZipEntry | undefined
    let state: ReaderState = {}
    await withReader(
      rels ? [workbook, rels] : [workbook],
      { worksheets: 'ignore', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' },
      async (reader) => {
        for await (const sheet of reader) void sheet // none: worksheets are ignored, the loop reads to the end
        state = reader as unknown as ReaderState
      },
    )
    for (const sheet of state.model?.sheets ?? []) {
      const target = state.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target
      const name = target === undefined ? '' : `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`
      first = /^xl\/worksheets\/sheet\d+[.]xml$/.test(name) ? entries.get(name) : undefined
      if (first) break
    }
    if (!first || !rels) return { header: [], rows: [] }
    const strings = entries.get('xl/sharedStrings.xml')
    if (first.size + (strings?.size ?? 0) > limits.xlsxTextBytes) throw tooLarge(limits)

    const styles = entries.get('xl/styles.xml')
    const parts = [workbook, rels, strings ?? emptySharedStrings(), ...(styles ? [styles] : []), first]
    // Styles are read for their number formats: a date cell is a number with a date format.
    await withReader(
      parts,
      { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' },
      async (reader) => {
        for await (const sheet of reader) {
          const date1904 = !!(reader as unknown as ReaderState).properties?.model?.date1904 // workbook.xml is read by now
          for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
            // The width as the whole-workbook reader's columnCount: the most cells of a row with a value.
            if (row.hasValues) width = Math.max(width, row.cellCount)
            const values = row.values as ExcelJS.CellValue[]
            const cells: string[] = []
            for (let i = 1; i < values.length; i++) {
              let value = values[i]
              // The streaming reader leaves a formula's number unconverted where the whole-workbook reader makes a date of it.
              if (
                value &&
                typeof value === 'object' &&
                'formula' in value &&
                typeof value.result === 'number' &&
                isDateFormat(row.getCell(i).numFmt)
              ) {
                value = {
                  ...value,
                  result: new Date(Math.round((value.result - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)),
                }
              }
              cells.push(cellText(value).trim())
            }
            read.push({ row: row.number, cells })
            // Checked as the rows come (the header row counted too: a bound on memory).
            if (!isBlank(cells) && ++kept > limits.rows + 1) throw tooLarge(limits)
          }
          break // one worksheet was given
        }
      },
    )
  } catch (error) {
    if (error instanceof TableFileError) throw error
    throw new TableFileError('unreadable', error instanceof Error ? error.message : String(error))
  }
  const padded = (cells: string[]) => {
    while (cells.length < width) cells.push('')
    return cells
  }
  const header = read[0]?.row === 1 ? padded(read.shift()!.cells) : Array<string>(width).fill('')
  const rows = read.filter((r) => !isBlank(r.cells))
  for (const r of rows) padded(r.cells)
  return { header, rows }
}

/** Reads a `.csv` or `.xlsx` file (the first worksheet). */
export async function readTableFile(filePath: string): Promise<TableFile> {
  const ext = path.extname(filePath).toLowerCase()
  if (ext !== '.csv' && ext !== '.xlsx') throw new TableFileError('fileType')
  return readTableBytes(filePath, await fs.readFile(filePath))
}

/** Reads the bytes of an uploaded `.csv` or `.xlsx` file, told apart by its name. */
export async function readTableBytes(
  fileName: string,
  bytes: Uint8Array,
  limits: TableLimits = TABLE_LIMITS,
): Promise<TableFile> {
  const ext = path.extname(fileName).toLowerCase()
  if (ext === '.xlsx') return fromXlsx(bytes, limits)
  if (ext === '.csv') {
    try {
      return await fromCsv(bytes, limits)
    } catch (error) {
      if (error instanceof TableFileError) throw error
      throw new TableFileError('unreadable', error instanceof Error ? error.message : String(error))
    }
  }
  throw new TableFileError('fileType')
}
