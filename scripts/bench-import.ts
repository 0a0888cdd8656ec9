// Bulk-import benchmark (issue 13), in-process against the database, on PGlite or PostgreSQL:
//   npx tsx scripts/bench-import.ts [--rows 10000,100000] [--dir <pglite dir to keep>] [--postgres <admin url>]
// On the demo content, a CSV of N reference-document rows (number, classification, both titles) is
// imported through the import service: read and checked (dry run, timed apart), then written in one
// transaction in batches of 1,000 with the search entries of each batch, the audit entry and the
// change notice. Baseline in the same run: the same rows as bare multi-row INSERTs of 1,000 in one
// transaction, without checks or search index. Figures are rows per second.
// `npm run bench -- --import` runs it on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { sql } from 'drizzle-orm'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { referenceDocuments, searchEntries } from '#server/db/schema.ts'
import { sync } from '#server/services/search/indexer.ts'
import { argOf, benchRuntime } from './bench-lib.ts'

const args = process.argv.slice(2)
const sizes = (argOf(args, 'rows') ?? '10000,100000').split(',').map(Number)
const { runtime, done } = await benchRuntime(args, 'import')
const { db } = runtime.database
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000))

type Row = { doc_number: string; type: number; title: string; title_en: string }
const rowsOf = (prefix: string, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    doc_number: `${prefix}-${String(i + 1).padStart(6, '0')}`,
    type: (i % 12) + 1,
    title: `벤치 가져오기 설명서 ${prefix} ${i + 1}호`,
    title_en: `Bench import manual ${prefix} no. ${i + 1}`,
  }))
const csvOf = (rows: Row[]) =>
  Buffer.from(
    `\uFEFFdoc_number,type,title,title_en\n${rows.map((r) => `${r.doc_number},${r.type},${r.title},${r.title_en}`).join('\n')}\n`,
  )

try {
  const table = []
  for (const [k, n] of sizes.entries()) {
    const file = csvOf(rowsOf(`BI${k}`, n))
    // The event loop's longest block: how long a /healthz (answered in this same loop) could wait.
    const loop = monitorEventLoopDelay({ resolution: 5 })
    loop.enable()
    let started = performance.now()
    const checked = await runtime.services.imports.run(
      'reference',
      { fileName: 'bench.csv', table: file },
      { dryRun: true },
    )
    const dryMs = performance.now() - started
    const dryBlockMs = loop.max / 1e6
    loop.reset()
    if (!checked.ok) throw new Error(`dry run found ${checked.problems.length} problems`)
    const entriesBefore = await db.$count(searchEntries)
    started = performance.now()
    const imported = await runtime.services.imports.run('reference', { fileName: 'bench.csv', table: file })
    const importMs = performance.now() - started
    const importBlockMs = loop.max / 1e6
    loop.disable()
    if (!imported.ok || imported.summary.inserted !== n) throw new Error('import failed')
    const entries = (await db.$count(searchEntries)) - entriesBefore

    const baseline = rowsOf(`BB${k}`, n)
    started = performance.now()
    await db.transaction(async (tx) => {
      for (let i = 0; i < baseline.length; i += 1000)
        await tx.insert(referenceDocuments).values(baseline.slice(i, i + 1000))
    })
    const bareMs = performance.now() - started
    table.push({
      rows: n,
      'dry run (read + check) rows/s': rate(n, dryMs),
      'import (check + write + search + audit) rows/s': rate(n, importMs),
      'import s': Math.round(importMs / 100) / 10,
      'longest loop block, dry run / import ms (goal ≤ 100)': `${dryBlockMs.toFixed(0)} / ${importBlockMs.toFixed(0)}`,
      'search entries': entries,
      'baseline: bare INSERT rows/s': rate(n, bareMs),
    })
    // Each size starts from the demo content again: this round's rows go, with their search entries
    // (and the key counts) as a deletion through the services would take them.
    await db.transaction(async (tx) => {
      const gone = await tx.execute(
        sql`delete from reference_documents where doc_number like ${`BI${k}-%`} or doc_number like ${`BB${k}-%`} returning id`,
      )
      await sync(
        tx,
        'reference',
        (gone as unknown as { rows: { id: number }[] }).rows.map((row) => row.id),
      )
    })
  }
  console.log(`\nBulk import of reference documents on ${runtime.database.driver}`)
  console.table(table)
} finally {
  await done()
}
