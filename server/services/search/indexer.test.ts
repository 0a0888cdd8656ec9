import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { memoryRuntimePerFile } from '#tests/helpers/memory-runtime.ts'
import { sync, syncBatch } from './indexer.ts'

const runtime = memoryRuntimePerFile('indexer')
const db = () => runtime().database.db

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows
/** What the index holds for reference documents with the test's titles, and every key count and remembered total. */
async function indexState() {
  const entries = rowsOf<{ source_id: string; lang: string; title: string }>(
    await db().execute(
      sql`select source_id, lang, title from search_entries where kind = 'reference' and (title like '%색인 시험%' or title like '%Index test%') order by source_id, lang`,
    ),
  )
  const counts = rowsOf<{ lang: string; key: number; entries: number }>(
    await db().execute(sql`select lang, key, entries from search_key_counts where entries <> 0 order by lang, key`),
  )
  const titles = rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from search_titles t join search_entries e on e.id = t.id where e.kind = 'reference'`,
    ),
  )[0]!.n
  return { entries, counts, titles }
}

describe('sync with more source ids than one statement takes', () => {
  it('removes and rebuilds the entries of 70,000 ids (PostgreSQL takes 65,535 parameters a statement)', async () => {
    const before = await indexState()
    const ids = rowsOf<{ id: number }>(
      await db().execute(sql`insert into reference_documents (type, title, title_en, published)
        select 1, '색인 시험 ' || g, 'Index test ' || g, g % 70 = 0 from generate_series(1, 70000) g returning id`),
    ).map((row) => row.id)
    expect(ids).toHaveLength(70_000)
    const shown = ids.filter((_, i) => (i + 1) % 70 === 0) // 1,000 published, spread over every batch of ids
    await db().transaction((tx) => syncBatch(tx, 'reference', shown, { fresh: true }))
    const indexed = await indexState()
    expect(indexed.entries).toHaveLength(2_000) // Korean and English
    expect(indexed.titles).toBe(before.titles + 2_000)

    // Every id (most unpublished): the 1,000 rows' entries are removed and built again, the same.
    await db().transaction((tx) => sync(tx, 'reference', ids))
    expect(await indexState()).toEqual(indexed)

    // All deleted: their entries go, and the key counts are as before they came.
    await db().execute(sql`delete from reference_documents where id in (select unnest(${`{${ids.join(',')}}`}::int[]))`)
    await db().transaction((tx) => sync(tx, 'reference', ids))
    expect(await indexState()).toEqual(before)
  }, 120_000)
})
