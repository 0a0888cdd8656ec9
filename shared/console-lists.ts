import { z } from './zod.ts'
import { messageKey, type FieldErrors } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import type { ContentKind } from './content-kinds.ts'
import type { Lang } from './locales.ts'
import { RECORD_STATUSES, type RecordStatus } from './record-status.ts'

/**
 * The console lists' query contract (docs/decisions/054-console-lists.md), one for every list:
 * `q` (search words), `status` (one of the list's statuses), `language` (the language the status
 * is read in: `lang` is taken, it chooses the console's own language), `sort` and `dir` (one of the
 * list's sortable columns), `page`, and the list's own filters (a document's classification).
 * Written once for the browser (the filter form) and the server (the loader, then SQL).
 *
 * A value no form or link of the page sends (an unknown status or sort, a page that is not a number,
 * search words over 100 characters) is a 400 in the console's language naming the field; the page
 * still answers with that field back at its default, so the editor can go on.
 */

export const LIST_LIMITS = {
  /** Longest search (characters, after trimming). */
  queryMax: 100,
  /** Highest page number asked (a list of 50,000 rows at 20 a page has 2,500). */
  pageMax: 10_000,
  /** Rows per page of the console's lists. */
  pageSize: 20,
  /** Most records one bulk action may change (a page's worth, with room). */
  bulkMax: 100,
} as const

export type SortDir = 'asc' | 'desc'
export const LIST_LANGUAGES = ['ko', 'en'] as const

/** What one list offers: its statuses, its sortable columns (the first is the default), their default directions, its own filters. */
export type ListSpec<Sort extends string = string> = {
  statuses: readonly RecordStatus[]
  sorts: readonly Sort[]
  /** The sort when none is asked (its direction: `dirs`). */
  defaultSort: Sort
  /** A column's first direction (dates newest first); others ascending. */
  dirs?: Partial<Record<Sort, SortDir>>
  /**
   * Filters of this list only: name → allowed values ('' is always allowed, meaning all), or the
   * pattern of a value that is not a fixed choice (a day, a person's id) and its message.
   */
  filters?: Readonly<Record<string, readonly string[] | PatternFilter>>
  /** Whether the statuses are per language (content kinds) or one for the record (documents). */
  perLanguage?: boolean
}

export type ListQuery<Sort extends string = string> = {
  q: string
  status: RecordStatus | ''
  language: Lang | ''
  sort: Sort
  dir: SortDir
  page: number
  /** The list's own filters ('' for all). */
  filters: Record<string, string>
}

/** A filter whose value is written, not chosen: what it must look like, and what a value that does not is told. */
export type PatternFilter = { pattern: RegExp; error: MessageKey }

const choice = (values: readonly string[]) =>
  z.enum(['', ...values] as [string, ...string[]], { error: messageKey('console.list.error.choice') })

const filterParser = (filter: readonly string[] | PatternFilter) =>
  'pattern' in filter ? z.string().regex(filter.pattern, messageKey(filter.error)) : choice(filter)

/** The parsers of the common fields; each field is read on its own, so one bad value leaves the others. */
function fieldParsers(spec: ListSpec) {
  return {
    q: z
      .string()
      .transform((v) => v.normalize('NFC').trim())
      .pipe(z.string().max(LIST_LIMITS.queryMax, messageKey('console.list.error.queryLong'))),
    status: choice(spec.statuses),
    language: choice(spec.perLanguage === false ? [] : LIST_LANGUAGES),
    sort: choice(spec.sorts),
    dir: choice(['asc', 'desc']),
    page: z
      .string()
      .regex(/^\d{1,6}$/, messageKey('console.list.error.page'))
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, messageKey('console.list.error.page'))
          .max(LIST_LIMITS.pageMax, messageKey('console.list.error.page')),
      ),
  }
}

/** The default direction of a sort column. */
export const defaultDir = <S extends string>(spec: ListSpec<S>, sort: S): SortDir => spec.dirs?.[sort] ?? 'asc'

/**
 * A list's query from the address: the values, and the first message per bad field (empty when
 * all were good). A missing or empty field is its default; a repeated one is read once (its first).
 */
export function parseListQuery<S extends string>(
  spec: ListSpec<S>,
  params: URLSearchParams,
): { query: ListQuery<S>; errors: FieldErrors } {
  const parsers = fieldParsers(spec)
  const errors: FieldErrors = {}
  const read = <T>(name: string, parser: z.ZodType<T>, fallback: T): T => {
    const raw = params.get(name)
    if (raw === null || raw === '') return fallback
    const parsed = parser.safeParse(raw)
    if (parsed.success) return parsed.data
    const message = parsed.error.issues[0]?.message
    errors[name] = (message as MessageKey | undefined) ?? 'console.list.error.choice'
    return fallback
  }
  const sort = (read('sort', parsers.sort, '') || spec.defaultSort) as S
  const filters: Record<string, string> = {}
  for (const [name, filter] of Object.entries(spec.filters ?? {})) filters[name] = read(name, filterParser(filter), '')
  return {
    query: {
      q: read('q', parsers.q, ''),
      status: read('status', parsers.status, '') as RecordStatus | '',
      language: read('language', parsers.language, '') as Lang | '',
      sort,
      dir: (read('dir', parsers.dir, '') || defaultDir(spec, sort)) as SortDir,
      page: read('page', parsers.page, 1),
      filters,
    },
    errors,
  }
}

/** The query as address parameters, leaving out defaults (links keep what the editor chose, nothing more). */
export function listParams<S extends string>(
  spec: ListSpec<S>,
  query: ListQuery<S>,
  change: Partial<Omit<ListQuery<S>, 'filters'>> = {},
): URLSearchParams {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value)
  if (next.status) params.set('status', next.status)
  if (next.language) params.set('language', next.language)
  if (next.sort !== spec.defaultSort || next.dir !== defaultDir(spec, next.sort)) {
    params.set('sort', next.sort)
    params.set('dir', next.dir)
  }
  if (next.page > 1) params.set('page', String(next.page))
  return params
}

/** What a sort column's header links to: its own default direction first, then the other way. */
export function sortLink<S extends string>(spec: ListSpec<S>, query: ListQuery<S>, sort: S): URLSearchParams {
  const dir = query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : defaultDir(spec, sort)
  return listParams(spec, query, { sort, dir, page: 1 })
}

export { RECORD_STATUSES }

/**
 * A content kind's list: its statuses (Scheduled and Expired only for a kind shown between dates),
 * its sortable columns (the display order first, then its list fields, then the last change; dates
 * and the last change newest first) and per-language statuses.
 */
export function contentListSpec(kind: ContentKind): ListSpec {
  const columns = kind.listFields.filter((f) => f !== 'sort_order')
  const statuses: RecordStatus[] = kind.shownBetween
    ? ['draft', 'scheduled', 'live', 'expired', 'hidden', 'changed']
    : ['draft', 'live', 'hidden', 'changed']
  const dates = kind.fields.filter((f) => f.type === 'datetime' && columns.includes(f.name)).map((f) => f.name)
  return {
    statuses,
    sorts: ['order', ...columns, 'updated'],
    defaultSort: 'order',
    dirs: { updated: 'desc', ...Object.fromEntries(dates.map((d) => [d, 'desc' as const])) },
    perLanguage: true,
  }
}

/** The bulk actions of a content kind's list (site settings, a single record, has no list). */
export const CONTENT_BULK_ACTIONS: readonly BulkAction[] = ['publish', 'unpublish', 'hide-ko', 'hide-en', 'delete']

/** The sort key of a list field's column: the display order's own for `sort_order`. */
export const contentSortKey = (field: string) => (field === 'sort_order' ? 'order' : field)

// ---------------------------------------------------------------------------------------------
// Bulk actions: one form per list, one confirmation step, one transaction.
// ---------------------------------------------------------------------------------------------

/** `show` and `hide` are the catalogue's publish and unpublish (a product node is shown or hidden, ADR 068). */
export const BULK_ACTIONS = ['publish', 'unpublish', 'hide-ko', 'hide-en', 'delete', 'show', 'hide'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/**
 * A record as the list showed it: its id and the version loaded (a later save makes the action a
 * conflict for it). A record without a version counter (a terms draft) gives its last save's time
 * in milliseconds, hence up to 15 digits.
 */
export type BulkItem = { id: number; version: number }

const ITEM = /^(\d{1,9}):(\d{1,15})$/

/** `12:3` (id 12 at version 3) as a bulk item, or null. */
export function bulkItem(value: string): BulkItem | null {
  const m = ITEM.exec(value)
  if (!m) return null
  const item = { id: Number(m[1]), version: Number(m[2]) }
  return item.id > 0 ? item : null
}

export const bulkValue = (item: BulkItem) => `${item.id}:${item.version}`

/** A row's checkbox: its name carries the id (a form field is never repeated), its value the version. */
export const bulkField = (item: BulkItem) => `item_${item.id}`

/**
 * The bulk form as posted: `action`, one `item_<id>` field per ticked row (its value the version
 * shown), or `all=page` with `page_items` (every row of the page as `id:version`, the "select all on
 * this page" box, which works without JavaScript), and `confirm=yes` on the confirmation step.
 */
export function readBulkForm(
  form: Readonly<Record<string, string>>,
  allowed: readonly BulkAction[],
): { ok: true; action: BulkAction; items: BulkItem[]; confirmed: boolean } | { ok: false; error: MessageKey } {
  const action = form.action ?? ''
  if (!(allowed as readonly string[]).includes(action)) return { ok: false, error: 'console.list.error.action' }
  const values =
    form.all === 'page'
      ? (form.page_items ?? '').split(',')
      : Object.entries(form).flatMap(([name, value]) => {
          const id = /^item_(\d{1,9})$/.exec(name)?.[1]
          return id ? [`${id}:${value}`] : []
        })
  const items: BulkItem[] = []
  const seen = new Set<number>()
  for (const value of values) {
    if (value === '') continue
    const item = bulkItem(value)
    if (!item) return { ok: false, error: 'console.list.error.items' }
    if (seen.has(item.id)) continue
    seen.add(item.id)
    items.push(item)
  }
  if (items.length === 0) return { ok: false, error: 'console.list.error.none' }
  if (items.length > LIST_LIMITS.bulkMax) return { ok: false, error: 'console.list.error.tooMany' }
  return { ok: true, action: action as BulkAction, items, confirmed: form.confirm === 'yes' }
}

/** What an action is called in the bulk menu, the confirmation's question and the result's sentence. */
export const BULK_WORDS: Record<BulkAction, { label: MessageKey; confirm: MessageKey; done: MessageKey }> = {
  publish: {
    label: 'console.list.bulk.publish',
    confirm: 'console.list.confirm.publish',
    done: 'console.list.done.publish',
  },
  unpublish: {
    label: 'console.list.bulk.unpublish',
    confirm: 'console.list.confirm.unpublish',
    done: 'console.list.done.unpublish',
  },
  'hide-ko': {
    label: 'console.list.bulk.hideKo',
    confirm: 'console.list.confirm.hideKo',
    done: 'console.list.done.hideKo',
  },
  'hide-en': {
    label: 'console.list.bulk.hideEn',
    confirm: 'console.list.confirm.hideEn',
    done: 'console.list.done.hideEn',
  },
  delete: {
    label: 'console.list.bulk.delete',
    confirm: 'console.list.confirm.delete',
    done: 'console.list.done.delete',
  },
  show: {
    label: 'console.list.bulk.show',
    confirm: 'console.list.confirm.show',
    done: 'console.list.done.show',
  },
  hide: {
    label: 'console.list.bulk.hide',
    confirm: 'console.list.confirm.hide',
    done: 'console.list.done.hide',
  },
}

/** A document archive's sortable columns: newest first by default; dates newest first. */
export const DOCUMENT_SORTS = ['created', 'number', 'title', 'type', 'revised', 'updated'] as const
export type DocumentSort = (typeof DOCUMENT_SORTS)[number]

/**
 * A document archive's list: Draft or Live (a document is published for both languages at once,
 * docs/decisions/021-document-editing.md), the language filter read as the language of its files
 * (a Korean or English file, or one for both), and its classification (`type`, 1…`classifications`).
 */
export function documentListSpec(classifications: number): ListSpec<DocumentSort> {
  return {
    statuses: ['draft', 'live'],
    sorts: DOCUMENT_SORTS,
    defaultSort: 'created',
    dirs: { created: 'desc', revised: 'desc', updated: 'desc' },
    // '0' is "all" in the addresses written before these lists (the old filter's value).
    filters: { type: ['0', ...Array.from({ length: classifications }, (_, i) => String(i + 1))] },
    perLanguage: true,
  }
}

/** The bulk actions of the document lists (documents are never deleted: revisions keep their history). */
export const DOCUMENT_BULK_ACTIONS: readonly BulkAction[] = ['publish', 'unpublish']
