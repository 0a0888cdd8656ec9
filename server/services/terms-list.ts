import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { termsVersions, users } from '#server/db/schema.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import type { TermsSort, TermsStatus } from '#shared/terms-list.ts'
import type { TermsState } from '#shared/terms-rules.ts'
import { TERMS_TYPE, type TermsType } from '#shared/type-codes.ts'
import { countUpTo, orderOf, readPage, wordsCondition } from './console-lists.ts'

/**
 * The console's list of terms versions (docs/decisions/067-terms-and-imports-lists.md): searched
 * over both titles and bodies, filtered by type and status, sorted and paged in SQL. The status is
 * the terms service's `stateOf` written as conditions: a version is in force when it is published,
 * its effective date has come and no later one of its type has come too (the order of
 * `versionInForce`: effective date, then number).
 */

const v = termsVersions
const later = alias(termsVersions, 'later')

/** A later published version of the same type has taken effect by `now` (this one, if in effect, is superseded). */
const supersededBy = (now: SQL) =>
  sql`exists (select 1 from ${termsVersions} as "later" where ${later.type} = ${v.type} and ${later.published_at} is not null
    and ${later.effective_at} <= ${now}
    and (${later.effective_at} > ${v.effective_at} or (${later.effective_at} = ${v.effective_at} and ${later.version} > ${v.version})))`

/** An instant as a bound timestamp (a Date parameter is not written alike by both drivers). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** The SQL condition of each status at `now`. */
function statusCondition(status: TermsStatus, now: SQL): SQL | undefined {
  const published = and(isNotNull(v.published_at), isNotNull(v.effective_at))
  switch (status) {
    case 'draft':
      return isNull(v.published_at)
    case 'scheduled':
      return and(published, sql`${v.effective_at} > ${now}`)
    case 'live':
      return and(published, sql`${v.effective_at} <= ${now}`, sql`not ${supersededBy(now)}`)
    case 'expired':
      return and(published, sql`${v.effective_at} <= ${now}`, supersededBy(now))
  }
}

/** The state of each row, read in the same statement as the page (the same rule as `statusCondition`). */
const stateColumn = (now: SQL) =>
  sql<TermsState>`case when ${v.published_at} is null or ${v.effective_at} is null then 'draft'
    when ${v.effective_at} > ${now} then 'scheduled'
    when ${supersededBy(now)} then 'superseded' else 'current' end`

export type TermsListRow = {
  id: number
  type: TermsType
  version: number | null
  title: string
  title_en: string
  state: TermsState
  effective_at: Date | null
  updated_at: Date
  updated_by: string | null
}

export function createTermsList({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    /** One page of the versions of every type. */
    async list(query: ListQuery<TermsSort>, pageSize: number) {
      const now = at(clock())
      const where: (SQL | undefined)[] = [
        wordsCondition(query.q, [v.title, v.title_en, v.description, v.description_en]),
      ]
      const type = query.filters.type
      if (type && Object.hasOwn(TERMS_TYPE, type)) where.push(eq(v.type, TERMS_TYPE[type as keyof typeof TERMS_TYPE]))
      if (query.status) where.push(statusCondition(query.status as TermsStatus, now))
      const column = { effective: v.effective_at, version: v.version, updated: v.updated_at }[query.sort]
      return readPage<TermsListRow>({
        where: and(...where),
        page: query.page,
        pageSize,
        count: (condition, limit) => countUpTo(db, v, condition, limit),
        rows: async (condition, limit, offset) => {
          const rows = await db
            .select({
              id: v.id,
              type: v.type,
              version: v.version,
              title: v.title,
              title_en: v.title_en,
              state: stateColumn(now),
              effective_at: v.effective_at,
              updated_at: v.updated_at,
              updated_by: users.name,
            })
            .from(v)
            .leftJoin(users, eq(users.id, v.updated_by))
            .where(condition)
            .orderBy(...orderOf(column, query.dir, v.id))
            .limit(limit)
            .offset(offset)
          return rows.map((r) => ({ ...r, type: r.type as TermsType }))
        },
      })
    },

    /** The drafts among `ids` by name ("초안 #12 · 이용약관"), for the bulk confirmation: published versions are left out. */
    async draftNames(ids: number[], name: (row: { id: number; title: string; title_en: string }) => string) {
      if (ids.length === 0) return new Map<number, string>()
      const rows = await db
        .select({ id: v.id, title: v.title, title_en: v.title_en })
        .from(v)
        .where(and(inArray(v.id, ids), isNull(v.published_at)))
      return new Map(rows.map((r) => [r.id, name(r)]))
    },
  }
}
