import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { importRuns } from '#server/db/schema.ts'
import type { ImportKind } from '#shared/import-kinds.ts'
import type { ImportInput, ImportOutcome } from './run.ts'

/**
 * The record of each check and import (docs/decisions/067-terms-and-imports-lists.md): a row when
 * it starts (`running`), completed when it ends: `dry-run` (checked, no problems), `done`
 * (imported), `failed` (problems, nothing written; or an error). Written outside the import's
 * transaction, so a failed import is recorded too.
 */

/** How many problems a run's report keeps (the console shows them; the count says how many there were). */
export const REPORT_PROBLEMS = 200

export async function startRun(
  db: Db,
  args: { kind: ImportKind; input: ImportInput; dryRun: boolean; userId: number | null; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(importRuns)
    .values({
      kind: args.kind,
      file_name: args.input.fileName,
      zip_name: args.input.zipName ?? null,
      dry_run: args.dryRun,
      status: 'running',
      user_id: args.userId,
      started_at: args.now,
    })
    .returning({ id: importRuns.id })
  return row!.id
}

/** The run's end: its outcome, or (`null`) an error that wrote nothing. */
export async function finishRun(db: Db, id: number, dryRun: boolean, outcome: ImportOutcome | null, now: Date) {
  const values =
    outcome === null
      ? { status: 'failed' }
      : outcome.ok
        ? { status: dryRun ? 'dry-run' : 'done', ...outcome.summary }
        : {
            status: 'failed',
            problem_count: outcome.problems.length,
            problems: outcome.problems.slice(0, REPORT_PROBLEMS).map((p) => ({
              row: p.row,
              column: p.column,
              problem: p.problem,
              ...(p.vars ? { vars: p.vars } : {}),
            })),
          }
  await db
    .update(importRuns)
    .set({ ...values, finished_at: now })
    .where(eq(importRuns.id, id))
}
