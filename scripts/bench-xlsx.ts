// XLSX reading benchmark: time and memory of reading a large .xlsx, ExcelJS's whole-workbook reader
// (what table-file.ts used before) against readTableBytes (the streaming reader, row by row):
//   npx tsx scripts/bench-xlsx.ts [--rows 300000] [--heap-mb 4096]
// The workbook has shared strings, as Excel writes them (a document number, a type, Korean and English
// titles), written by ExcelJS's streaming writer, whose worksheet comes before workbook.xml. Each reader
// runs in its own Node process (--max-old-space-size from --heap-mb); the heap is sampled every 5 ms.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import ExcelJS from 'exceljs'
import { readTableBytes } from '#server/services/files/table-file.ts'
import { writeLargeWorkbook } from '#tests/helpers/large-workbook.ts'

const args = process.argv.slice(2)
// Not bench-lib.ts's argOf: it would load the server runtime into the measured child too.
const argOf = (list: string[], name: string) =>
  list.includes(`--${name}`) ? list[list.indexOf(`--${name}`) + 1] : undefined
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

/** In a child: read `file` with `reader`, print {ms, peakHeapMb, rssMb, rows}. */
async function child(reader: string, file: string) {
  let peak = 0
  const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed))
  const timer = setInterval(sample, 5)
  const bytes = fs.readFileSync(file)
  const started = performance.now()
  let rows: number
  if (reader === 'whole') {
    // table-file.ts before the streaming reader: the whole workbook's objects, then each row's cells.
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes as unknown as ArrayBuffer)
    sample()
    const sheet = book.worksheets[0]!
    const width = sheet.columnCount
    const read: string[][] = []
    for (let n = 1; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n)
      read.push(Array.from({ length: width }, (_, i) => String(row.getCell(i + 1).value ?? '').trim()))
    }
    rows = read.length - 1
  } else {
    rows = (await readTableBytes('bench.xlsx', bytes)).rows.length
  }
  sample()
  const ms = Math.round(performance.now() - started)
  clearInterval(timer)
  console.log(
    JSON.stringify({
      ms,
      peakHeapMb: mb(peak),
      rssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rows,
      heapLimitMb: mb(v8.getHeapStatistics().heap_size_limit),
    }),
  )
}

if (argOf(args, 'child')) {
  await child(argOf(args, 'child')!, argOf(args, 'file')!)
} else {
  const rows = Number(argOf(args, 'rows') ?? 300_000)
  const heapMb = Number(argOf(args, 'heap-mb') ?? 4096)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-xlsx-'))
  try {
    const file = path.join(dir, 'bench.xlsx')
    await writeLargeWorkbook(file, rows)
    console.log(
      `${rows.toLocaleString('en')} rows, ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB file, --max-old-space-size=${heapMb}`,
    )
    for (const reader of ['whole', 'streaming']) {
      const run = spawnSync(
        process.execPath,
        [`--max-old-space-size=${heapMb}`, '--import', 'tsx', import.meta.filename, '--child', reader, '--file', file],
        { encoding: 'utf8' },
      )
      if (run.status !== 0)
        console.log(
          `${reader}: failed (${run.status}) ${run.stderr
            .split('\n')
            .filter((l) => /memory|Error/.test(l))
            .slice(0, 2)
            .join(' ')}`,
        )
      else {
        const r = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
          ms: number
          peakHeapMb: number
          rssMb: number
          rows: number
        }
        console.log(
          `${reader.padEnd(9)} ${String(r.ms).padStart(6)} ms  peak heap ${String(r.peakHeapMb).padStart(5)} MB  max RSS ${String(r.rssMb).padStart(5)} MB  ${r.rows} rows`,
        )
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
