// Publishing benchmark (issue 12), in-process against the database, on PGlite or PostgreSQL:
//   npx tsx scripts/bench-publish.ts [--runs 200] [--dir <pglite dir to keep>] [--postgres <admin url>]
// On the demo content, one history entry (indexed by the site search) is saved again and again
// through the console's editor, at 1 caller (one record: concurrent saves would be conflicts):
// - save as a draft (version check, draft column, audit entry);
// - publish (version check, the columns, audit, search index re-built for the entry, change notice);
// - publish → the change notice heard by this node's listener (LISTEN; what empties page caches);
// and in the same run, as the baseline, the bare `update … set title` of the same row.
// `npm run bench -- --publish` runs it on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { asc, eq, sql } from 'drizzle-orm'
import { historyEntries, users } from '#server/db/schema.ts'
import { argOf, benchRuntime, measure } from './bench-lib.ts'

const args = process.argv.slice(2)
const runs = Number(argOf(args, 'runs') ?? 200)
const { runtime, done } = await benchRuntime(args, 'publish')
const { db } = runtime.database
const { contentEditor, changes } = runtime.services
try {
  const [editor] = await db
    .insert(users)
    .values({
      username: 'bench-editor@example.com',
      password_hash: '',
      company: '대한액추에이터',
      division: '홍보',
      name: '벤치편집',
      role: 'editor',
    })
    .returning()
  const actor = { userId: editor!.id, ip: '127.0.0.1' }
  const [entry] = await db.select().from(historyEntries).orderBy(asc(historyEntries.id)).limit(1)
  const form = (n: number) => ({
    year: String(entry!.year),
    tag: entry!.tag,
    tag_en: entry!.tag_en,
    title: `${entry!.title} ${n}`,
    title_en: `${entry!.title_en} ${n}`,
    description: entry!.description,
    description_en: entry!.description_en,
    sort_order: String(entry!.sort_order),
  })
  let n = 0
  let version = entry!.version
  const save = async (publish: boolean) => {
    const result = await contentEditor.save(actor, 'history', entry!.id, version, form(++n), publish)
    if (!result.ok) throw new Error(`save refused: ${result.reason}`)
    version = result.version
  }
  // Heard on this node: resolves when the listener gets the next notice.
  let heard: (() => void) | null = null
  const unsubscribe = changes.subscribe(() => heard?.())
  await changes.ready()
  const publishHeard = async () => {
    const notice = new Promise<void>((resolve) => (heard = resolve))
    await save(true)
    await notice
  }
  const calls = [
    { name: 'save as draft', run: () => save(false) },
    { name: 'publish (audit + search index + notice)', run: () => save(true) },
    { name: 'publish → notice heard by the listener', run: publishHeard },
    {
      name: 'baseline: bare update of the title',
      run: () =>
        db
          .update(historyEntries)
          .set({ title: sql`${entry!.title} || ' ' || ${String(++n)}` })
          .where(eq(historyEntries.id, entry!.id)),
    },
  ]
  const rows = []
  for (const call of calls) {
    const one = await measure(call.run, 1, runs)
    rows.push({ call: call.name, 'p50 ms': one.p50, 'p99 ms': one.p99 })
  }
  unsubscribe()
  console.log(`\nPublishing on ${runtime.database.driver}: ${runs} saves of one history entry per call, 1 caller`)
  console.table(rows)
} finally {
  await done()
}
