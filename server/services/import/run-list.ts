import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { importRuns, users } from '#server/db/schema.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import { COMMAND_LINE, type ImportSort } from '#shared/import-list.ts'
import { countUpTo, orderOf, readPage, wordsCondition } from '../console-lists.ts'

/**
 * The console's list of checks and imports (docs/decisions/067-terms-and-imports-lists.md):
 * searched by file name, filtered by state and by who ran it, sorted and paged in SQL; and one
 * run's report (its counts and first problems).
 */
export function createRunList(db: Db) {
  const r = importRuns
  const selected = {
    id: r.id,
    kind: r.kind,
    file_name: r.file_name,
    zip_name: r.zip_name,
    dry_run: r.dry_run,
    status: r.status,
    user_id: r.user_id,
    started_at: r.started_at,
    finished_at: r.finished_at,
    rows: r.rows,
    inserted: r.inserted,
    updated: r.updated,
    files: r.files,
    problem_count: r.problem_count,
    who: users.name,
    who_username: users.username,
  }
  return {
    /** One page of the runs. */
    async listRuns(query: ListQuery<ImportSort>, pageSize: number) {
      const where: (SQL | undefined)[] = [wordsCondition(query.q, [r.file_name, sql`coalesce(${r.zip_name}, '')`])]
      if (query.filters.state) where.push(eq(r.status, query.filters.state))
      const person = query.filters.person
      if (person === COMMAND_LINE) where.push(isNull(r.user_id))
      else if (person) where.push(eq(r.user_id, Number(person)))
      const column = { date: r.started_at, rows: r.rows }[query.sort]
      const dir = query.dir === 'desc' ? sql`desc` : sql`asc`
      return readPage({
        where: and(...where),
        page: query.page,
        pageSize,
        count: (condition, limit) => countUpTo(db, r, condition, limit),
        rows: (condition, limit, offset) =>
          db
            .select(selected)
            .from(r)
            .leftJoin(users, eq(users.id, r.user_id))
            .where(condition)
            // A run not finished has no rows yet: last either way when sorted by rows.
            .orderBy(
              ...(query.sort === 'rows'
                ? [sql`${column} ${dir} nulls last`, sql`${r.id} ${dir}`]
                : orderOf(column, query.dir, r.id)),
            )
            .limit(limit)
            .offset(offset),
      })
    },

    /** The people who ran a check or import (the person filter's choices). */
    async runPeople() {
      return db
        .selectDistinct({ id: users.id, name: users.name, username: users.username })
        .from(r)
        .innerJoin(users, eq(users.id, r.user_id))
        .orderBy(asc(users.name), asc(users.id))
    },

    /** One run with its report (null when unknown). */
    async runReport(id: number) {
      const [row] = await db
        .select({ ...selected, problems: r.problems })
        .from(r)
        .leftJoin(users, eq(users.id, r.user_id))
        .where(eq(r.id, id))
      return row ?? null
    },
  }
}
