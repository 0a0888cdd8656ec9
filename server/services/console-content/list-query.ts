import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { ListQuery } from '#shared/console-lists.ts'
import type { ContentKind } from '#shared/content-kinds.ts'
import type { Lang } from '#shared/locales.ts'
import type { RecordStatus } from '#shared/record-status.ts'
import { orderOf, wordsCondition } from '../console-lists.ts'
import { sideColumns } from './values.ts'

/**
 * A content kind's list in SQL (docs/decisions/054-console-lists.md): the statuses of
 * shared/record-status.ts as conditions on `published`, `hidden_lang`, the showing dates and the
 * draft, the search words over the texts as the list shows them (a draft's when there is one), and
 * the sortable columns. The same statuses the editor's `stateOf` tells one record by.
 */

const TEXT_TYPES = new Set(['text', 'textarea', 'lines', 'email', 'phone'])

type Columns = Record<string, unknown>

/** The value the list shows of a column: the draft's when it has one, as text. */
const shownText = (table: PgTable, columns: Columns, name: string) =>
  sql`coalesce(${(table as unknown as { draft: unknown }).draft} ->> ${name}, ${columns[name]}::text)`

export function contentListSql(kind: ContentKind, table: PgTable, at: Date) {
  const now = sql`${at.toISOString()}::timestamptz`
  const columns = getTableColumns(table) as Columns
  const draft = columns.draft
  const published = columns.published
  const hidden = columns.hidden_lang
  const fieldOf = (name: string) => kind.fields.find((f) => f.name === name || `${f.name}_en` === name)

  /** Public in `lang`: published and that language not hidden. */
  const visibleIn = (lang: Lang) => sql`(${published} and ${hidden} is distinct from ${lang})`

  /** Saved changes of `lang`'s side (its texts and the shared fields) that differ from the public values. */
  const changedIn = (lang: Lang) => {
    const parts = sideColumns(kind, lang).map((name) => {
      const value = sql`(${draft} -> ${name})`
      return fieldOf(name)?.type === 'datetime'
        ? sql`(${value} is not null and (${draft} ->> ${name})::timestamptz is distinct from ${columns[name]})`
        : sql`(${value} is not null and ${value} is distinct from coalesce(to_jsonb(${columns[name]}), 'null'::jsonb))`
    })
    return sql`(${visibleIn(lang)} and ${draft} is not null and (${sql.join(parts, sql` or `)}))`
  }

  /** Where the published dates of a kind shown between two dates stand (no dates: always current). */
  const window = (which: 'scheduled' | 'current' | 'ended'): SQL => {
    if (!kind.shownBetween) return which === 'current' ? sql`true` : sql`false`
    const [start, end] = kind.shownBetween.map((c) => columns[c])
    if (which === 'scheduled') return sql`(${start} is not null and ${start} > ${now})`
    if (which === 'ended')
      return sql`(not (${start} is not null and ${start} > ${now}) and ${end} is not null and ${end} <= ${now})`
    return sql`((${start} is null or ${start} <= ${now}) and (${end} is null or ${end} > ${now}))`
  }

  /** A status in one language, or in either when none is chosen. */
  const statusIn = (status: RecordStatus, lang: Lang | ''): SQL => {
    if (lang === '') return sql`(${statusIn(status, 'ko')} or ${statusIn(status, 'en')})`
    switch (status) {
      case 'draft':
        return sql`(not ${published})`
      case 'hidden':
        return sql`(${published} and ${hidden} = ${lang})`
      case 'changed':
        return changedIn(lang)
      case 'scheduled':
        return sql`(${visibleIn(lang)} and ${window('scheduled')})`
      case 'expired':
        return sql`(${visibleIn(lang)} and ${window('ended')})`
      case 'live':
        return sql`(${visibleIn(lang)} and ${window('current')})`
      case 'hidden-by-parent':
        // Only a product node has a parent (docs/decisions/068-catalogue-list.md).
        return sql`false`
    }
  }

  /** The texts searched: every text field in both languages, and whole numbers (a year) as written. */
  const searched = kind.fields.flatMap((f) => {
    if (TEXT_TYPES.has(f.type))
      return (f.bilingual ? [f.name, `${f.name}_en`] : [f.name]).map((c) => shownText(table, columns, c))
    return []
  })
  const numbers = kind.fields.filter((f) => f.type === 'int' && f.name !== 'sort_order')

  function where(query: ListQuery): SQL | undefined {
    const parts: SQL[] = []
    if (query.status) parts.push(statusIn(query.status, query.language))
    const q = query.q.trim()
    if (q) {
      const text = wordsCondition(q, searched)
      const exact = /^\d{1,9}$/.test(q) ? numbers.map((f) => sql`${columns[f.name]} = ${Number(q)}`) : []
      const any = [...(text ? [text] : []), ...exact]
      if (any.length) parts.push(sql`(${sql.join(any, sql` or `)})`)
    }
    return parts.length ? sql.join(parts, sql` and `) : undefined
  }

  /** The ORDER BY of a sort column, in the console's language for bilingual texts (as the list shows them). */
  function order(query: ListQuery, lang: Lang): SQL[] {
    const id = columns.id
    if (query.sort === 'updated') return orderOf(columns.updated_at, query.dir, id)
    const field = kind.fields.find((f) => f.name === query.sort)
    if (query.sort === 'order' || !field) return orderOf(columns.sort_order, query.dir, id)
    if (field.type === 'datetime') return orderOf(columns[field.name], query.dir, id)
    if (field.type === 'int' || field.type === 'select') return orderOf(columns[field.name], query.dir, id)
    const ko = shownText(table, columns, field.name)
    const value =
      field.bilingual && lang === 'en'
        ? sql`coalesce(nullif(${shownText(table, columns, `${field.name}_en`)}, ''), ${ko})`
        : ko
    return orderOf(sql`lower(${value})`, query.dir, id)
  }

  return { where, order }
}
