import type ExcelJS from 'exceljs'
import Papa from 'papaparse'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'

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

function fromCsv(bytes: Uint8Array, limits: TableLimits): TableFile {
  const parsed = Papa.parse<string[]>(decodeCsv(bytes), { skipEmptyLines: false })
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
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
    if ('formula' in value || 'sharedFormula' in value) return '' // no result saved with it (or an error, to the streaming reader)
  }
  return String(value)
}

/** An entry of a zip file, as its central directory describes it, with its still-compressed bytes. */
type ZipEntry = { name: string; method: number; crc: number; size: number; data: Buffer }

/**
 * The entries of a zip file, read from its central directory (zip64 included): where each entry's
 * bytes are, whatever the order the writer put them in. Throws on anything that is not a zip.
 */
function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const u16 = (at: number) => zip.readUInt16LE(at)
  const u32 = (at: number) => zip.readUInt32LE(at)
  const u64 = (at: number) => Number(zip.readBigUInt64LE(at))
  let end = -1
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) throw new Error('not a zip file')
  let count = u16(end + 10)
  let at = u32(end + 16)
  if ((count === 0xffff || at === 0xffffffff) && end >= 20 && u32(end - 20) === 0x07064b50) {
    const end64 = u64(end - 12)
    if (u32(end64) !== 0x06064b50) throw new Error('broken zip64 directory')
    count = u64(end64 + 32)
    at = u64(end64 + 48)
  }
  const entries = new Map<string, ZipEntry>()
  for (let i = 0; i < count; i++) {
    if (u32(at) !== 0x02014b50) throw new Error('broken zip directory')
    const flags = u16(at + 8)
    const method = u16(at + 10)
    let compressedSize = u32(at + 20)
    let size = u32(at + 24)
    let offset = u32(at + 42)
    const nameLength = u16(at + 28)
    const extraLength = u16(at + 30)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    // zip64: the sizes and offset that do not fit 32 bits are in extra field 1, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(x + 2)) {
      if (u16(x) !== 1) continue
      let v = x + 4
      if (size === 0xffffffff) {
        size = u64(v)
        v += 8
      }
      if (compressedSize === 0xffffffff) {
        compressedSize = u64(v)
        v += 8
      }
      if (offset === 0xffffffff) offset = u64(v)
    }
    if (flags & 1) throw new Error(`${name} is encrypted`)
    if (u32(offset) !== 0x04034b50) throw new Error(`broken zip entry ${name}`)
    const start = offset + 30 + u16(offset + 26) + u16(offset + 28)
    if (start + compressedSize > zip.length) throw new Error(`zip entry ${name} runs past the end`)
    entries.set(name, { name, method, crc: u32(at + 16), size, data: zip.subarray(start, start + compressedSize) })
    at += 46 + nameLength + extraLength + u16(at + 32)
  }
  return entries
}

/**
 * A zip stream of the given entries in the given order, each stored (inflated here, chunk by chunk)
 * with its size in its header, then an end record: what ExcelJS's streaming reader reads best. An
 * entry that does not inflate, or not to its stated size, ends the stream with `onError`, as the
 * reader would otherwise wait for the rest of the entry for ever.
 */
function storedZip(entries: ZipEntry[], onError: (error: Error) => void): Readable {
  async function* parts() {
    for (const entry of entries) {
      if (entry.size > 0xfffffffe) throw new Error(`${entry.name} inflates to over 4 GB`)
      const name = Buffer.from(entry.name)
      const header = Buffer.alloc(30)
      header.writeUInt32LE(0x04034b50, 0)
      header.writeUInt16LE(20, 4) // version needed
      header.writeUInt16LE(0x800, 6) // UTF-8 name, sizes in this header
      header.writeUInt32LE(entry.crc, 14)
      header.writeUInt32LE(entry.size, 18)
      header.writeUInt32LE(entry.size, 22)
      header.writeUInt16LE(name.length, 26)
      yield Buffer.concat([header, name])
      if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name}: unknown compression ${entry.method}`)
      let length = 0
      for await (const chunk of entry.method === 0 ? [entry.data] : Readable.from([entry.data]).pipe(zlib.createInflateRaw())) {
        length += (chunk as Buffer).length
        if (length > entry.size) throw new Error(`${entry.name} is longer than its stated size`)
        yield chunk as Buffer
      }
      if (length !== entry.size) throw new Error(`${entry.name} is shorter than its stated size`)
    }
    yield Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array<number>(18).fill(0)])
  }
  return Readable.from(
    (async function* () {
      try {
        yield* parts()
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)))
      }
    })(),
    { objectMode: false },
  )
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
    const withReader = async (parts: ZipEntry[], options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>, readWith: (reader: ExcelJS.stream.xlsx.WorkbookReader) => Promise<void>) => {
      let fail: (error: Error) => void = () => {}
      const failed = new Promise<never>((_, reject) => (fail = reject))
      await Promise.race([readWith(new Excel.stream.xlsx.WorkbookReader(storedZip(parts, fail), options)), failed])
    }

    // The first tab, as the whole-workbook reader chose it: the first sheet of workbook.xml whose
    // relationship leads to a worksheet in the file (chart sheets are passed over).
    let first: ZipEntry | undefined
    let state: ReaderState = {}
    await withReader(rels ? [workbook, rels] : [workbook], { worksheets: 'ignore', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' }, async (reader) => {
      for await (const sheet of reader) void sheet // none: worksheets are ignored, the loop reads to the end
      state = reader as unknown as ReaderState
    })
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
    await withReader(parts, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' }, async (reader) => {
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
            if (value && typeof value === 'object' && 'formula' in value && typeof value.result === 'number' && isDateFormat(row.getCell(i).numFmt)) {
              value = { ...value, result: new Date(Math.round((value.result - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)) }
            }
            cells.push(cellText(value).trim())
          }
          read.push({ row: row.number, cells })
          // Checked as the rows come (the header row counted too: a bound on memory).
          if (!isBlank(cells) && ++kept > limits.rows + 1) throw tooLarge(limits)
        }
        break // one worksheet was given
      }
    })
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
export async function readTableBytes(fileName: string, bytes: Uint8Array, limits: TableLimits = TABLE_LIMITS): Promise<TableFile> {
  const ext = path.extname(fileName).toLowerCase()
  if (ext === '.xlsx') return fromXlsx(bytes, limits)
  if (ext === '.csv') {
    try {
      return fromCsv(bytes, limits)
    } catch (error) {
      if (error instanceof TableFileError) throw error
      throw new TableFileError('unreadable', error instanceof Error ? error.message : String(error))
    }
  }
  throw new TableFileError('fileType')
}
