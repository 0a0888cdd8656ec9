import { groupDigits } from '#shared/group-digits.ts'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import {
  BULK_WORDS,
  bulkField,
  bulkValue,
  LIST_LIMITS,
  listParams,
  sortLink,
  type BulkAction,
  type BulkItem,
  type ListQuery,
  type ListSpec,
} from '#shared/console-lists.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey, MessageVars } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'
import { STATUS_LABELS, statusBadge, type LanguageStatus } from '#shared/record-status.ts'
import './list-kit.css'

/**
 * The console's list toolkit (docs/decisions/054-console-lists.md), used by every list: the GET
 * filter form, sortable column headers, status badges, the bulk-action form with its row boxes and
 * "select all on this page", the one confirmation step and the result. Everything is a link or a
 * form that works before hydration and without JavaScript; scripts only tick the boxes together.
 */

const LANG_LABEL: Record<Lang, MessageKey> = { ko: 'console.content.korean', en: 'console.content.english' }

/** The search box, status and language filters (when the list has them) and the list's own (`children`), as a GET form: every search is an address. */
export function ListFilters({
  spec,
  query,
  errors,
  label,
  languageLabel = 'console.list.language',
  queryLabel = 'console.list.query',
  clearTo = '?',
  children,
}: {
  spec: ListSpec
  query: ListQuery
  errors: FieldErrors
  /** The form's name for assistive technology. */
  label?: string
  /** What the language filter is called (documents: the files' language). */
  languageLabel?: MessageKey
  /** What the search box is called (documents: their number or title). */
  queryLabel?: MessageKey
  /** Where "clear" leads: the list with no conditions (the catalogue's keeps `view=list`). */
  clearTo?: string
  children?: ReactNode
}) {
  const t = useT()
  const qError = errors.q
  // The sort stays as chosen while filtering; the page goes back to the first.
  const keep = listParams(spec, { ...query, q: '', status: '', language: '', page: 1, filters: {} })
  return (
    <form
      method="get"
      className="console-filter list-filters"
      role="search"
      aria-label={label ?? t('console.list.filters')}
    >
      <label>
        {t(queryLabel)}
        <input
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={LIST_LIMITS.queryMax}
          aria-invalid={qError ? true : undefined}
          aria-describedby={qError ? 'list-q-error' : undefined}
        />
        {qError ? (
          <span id="list-q-error" className="field__error">
            {t(qError)}
          </span>
        ) : null}
      </label>
      {children}
      {spec.statuses.length === 0 ? null : (
        <label>
          {t('console.list.status')}
          <select name="status" defaultValue={query.status}>
            <option value="">{t('console.list.anyStatus')}</option>
            {spec.statuses.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </label>
      )}
      {spec.perLanguage === false ? null : (
        <label>
          {t(languageLabel)}
          <select name="language" defaultValue={query.language}>
            <option value="">{t('console.list.anyLanguage')}</option>
            {(['ko', 'en'] as const).map((l) => (
              <option key={l} value={l}>
                {t(LANG_LABEL[l])}
              </option>
            ))}
          </select>
        </label>
      )}
      {[...keep].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--primary">
        {t('console.list.search')}
      </button>
      <Link className="list-filters__clear" to={clearTo}>
        {t('console.list.clear')}
      </Link>
    </form>
  )
}

/** The fields of the address the page could not read (400): said once above the list, each at its default again. */
export function ListQueryErrors({ errors }: { errors: FieldErrors }) {
  const t = useT()
  const fields = Object.keys(errors).filter((f) => f !== 'q')
  if (fields.length === 0) return null
  return (
    <p className="console-notice console-notice--error" role="alert">
      {t('console.list.invalidQuery')}{' '}
      {fields.map((f) => (
        <span key={f} className="list-query-error">
          <code>{f}</code>: {t(errors[f]!)}
        </span>
      ))}
    </p>
  )
}

/** A column header that sorts: a link (its own default direction first, then the other), `aria-sort` when it is the sort. */
export function SortHeader({
  spec,
  query,
  sort,
  children,
  scope = 'col',
}: {
  spec: ListSpec
  query: ListQuery
  sort: string
  children: ReactNode
  scope?: 'col'
}) {
  const current = query.sort === sort
  const to = `?${sortLink(spec, query, sort).toString()}`
  return (
    <th scope={scope} aria-sort={current ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link className="sort-link" to={to} preventScrollReset>
        {children}
        <span className="sort-link__mark" aria-hidden="true">
          {current ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Link>
    </th>
  )
}

/** One badge: the state's colour and words. */
function Badge({ status, prefix }: { status: LanguageStatus; prefix?: string }) {
  const t = useT()
  const badge = statusBadge(status)
  const words = badge.labels.map((l) => t(l)).join(' · ')
  return (
    <span className={`status-badge status-badge--${status.changed ? 'changed' : badge.className}`}>
      {prefix ? `${prefix}: ${words}` : words}
    </span>
  )
}

/**
 * A record's status badges from the one status function (shared/record-status.ts): per language
 * ("Korean: Live", "English: Hidden"), only the chosen language's when the list is filtered to one;
 * a record published for both languages at once (a document) has one.
 */
export function StatusBadges({
  status,
  language = '',
}: {
  status: Record<Lang, LanguageStatus> | LanguageStatus
  language?: Lang | ''
}) {
  const t = useT()
  if ('status' in status)
    return (
      <span className="status-badges">
        <Badge status={status as LanguageStatus} />
      </span>
    )
  const langs = language ? [language] : (['ko', 'en'] as const)
  return (
    <span className="status-badges">
      {langs.map((l) => (
        <Badge key={l} status={status[l]} prefix={t(LANG_LABEL[l])} />
      ))}
    </span>
  )
}

/** The row's box of the bulk form, named for the row; its value is the version the list showed. */
export function RowCheck({ item, label }: { item: BulkItem; label: string }) {
  const t = useT()
  return (
    <td className="list-check">
      <input
        type="checkbox"
        name={bulkField(item)}
        value={String(item.version)}
        aria-label={t('console.list.select', { name: label })}
        onChange={(e) => {
          // Unticking a row unticks "select all" (which would otherwise send every row).
          const all = e.currentTarget.form?.elements.namedItem('all')
          if (!e.currentTarget.checked && all instanceof HTMLInputElement) all.checked = false
        }}
      />
    </td>
  )
}

/**
 * The header cell of the box column: "select all on this page". Posted as `all=page` with every
 * row of the page (`page_items`), so it works without JavaScript; with it, it also ticks the rows.
 */
export function SelectPage({ items }: { items: readonly BulkItem[] }) {
  const t = useT()
  return (
    <th scope="col" className="list-check">
      <input type="hidden" name="page_items" value={items.map(bulkValue).join(',')} />
      <input
        type="checkbox"
        name="all"
        value="page"
        aria-label={t('console.list.selectPage')}
        onChange={(e) => {
          const form = e.currentTarget.form
          if (!form) return
          for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name^="item_"]'))
            box.checked = e.currentTarget.checked
        }}
      />
    </th>
  )
}

/**
 * The bulk form around a list's table: the action menu and its button, the table (`children`, with
 * `SelectPage` and a `RowCheck` per row). Posting it asks for the one confirmation.
 */
export function BulkForm({
  actions,
  children,
  error,
  done,
}: {
  actions: readonly BulkAction[]
  children: ReactNode
  error?: MessageKey | null
  /** The last action's report: when a new one comes, the boxes and the menu start afresh. */
  done?: BulkReport | undefined
}) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    if (done) setGeneration((g) => g + 1)
  }, [done])
  return (
    <Form key={generation} method="post" className="list-bulk" aria-label={t('console.list.bulk.legend')}>
      <input type="hidden" name="intent" value="bulk" />
      <fieldset className="list-bulk__bar">
        <legend>{t('console.list.bulk.legend')}</legend>
        <label>
          {t('console.list.bulk.action')}
          <select
            name="action"
            defaultValue=""
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'list-bulk-error' : 'list-bulk-hint'}
          >
            <option value="">{t('console.list.bulk.choose')}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {t(BULK_WORDS[a].label)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('console.list.bulk.submit')}
        </button>
        {error ? (
          <span id="list-bulk-error" className="field__error" role="alert">
            {t(error)}
          </span>
        ) : (
          <span id="list-bulk-hint" className="console-muted">
            {t('console.list.bulk.hint')}
          </span>
        )}
      </fieldset>
      {children}
    </Form>
  )
}

/** The confirmation step's data: the action, the records (named) at the versions the list showed. */
export type BulkConfirmation = { action: BulkAction; items: (BulkItem & { label: string })[] }

/**
 * The one confirmation of a bulk action: its question names the count and the action, the records
 * are listed, and "confirm" posts them again with `confirm=yes`; Cancel goes back to the list.
 * Focus moves to its heading, so a keyboard or screen-reader user lands on the question.
 */
export function BulkConfirm({ confirmation, cancelTo }: { confirmation: BulkConfirmation; cancelTo: string }) {
  const t = useT()
  const heading = useRef<HTMLHeadingElement>(null)
  const busy = useNavigation().state !== 'idle'
  useEffect(() => heading.current?.focus(), [])
  const words = BULK_WORDS[confirmation.action]
  const count = confirmation.items.length
  return (
    <section className="list-confirm" aria-labelledby="list-confirm-title">
      <h2 id="list-confirm-title" ref={heading} tabIndex={-1}>
        {t(words.confirm, { count })}
      </h2>
      <ul className="list-confirm__items">
        {confirmation.items.map((i) => (
          <li key={i.id}>{i.label}</li>
        ))}
      </ul>
      <p className="console-muted">{t('console.list.confirm.each')}</p>
      <Form method="post" className="list-confirm__actions">
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="action" value={confirmation.action} />
        <input type="hidden" name="confirm" value="yes" />
        {confirmation.items.map((i) => (
          <input key={i.id} type="hidden" name={bulkField(i)} value={String(i.version)} />
        ))}
        <button
          type="submit"
          className={`button ${confirmation.action === 'delete' ? 'button--danger' : 'button--primary'}`}
          disabled={busy}
        >
          {t(words.label)}
        </button>
        <Link className="button" to={cancelTo}>
          {t('console.list.confirm.cancel')}
        </Link>
      </Form>
    </section>
  )
}

/** What a bulk action did: how many records changed, and each refused one with its reason. */
export type BulkReport = {
  action: BulkAction
  done: number
  failed: { id: number; label: string; message: { key: MessageKey; vars?: MessageVars } }[]
}

/** The result of a bulk action, announced: the count done, then every record left as it was and why. */
export function BulkResult({ report }: { report: BulkReport }) {
  const t = useT()
  const heading = useRef<HTMLParagraphElement>(null)
  useEffect(() => heading.current?.focus(), [report])
  return (
    <div
      className={`list-result ${report.failed.length ? 'list-result--partial' : ''}`}
      role={report.failed.length ? 'alert' : 'status'}
    >
      <p ref={heading} tabIndex={-1}>
        {t(BULK_WORDS[report.action].done, { count: report.done })}
      </p>
      {report.failed.length ? (
        <>
          <p>{t('console.list.failed.title', { count: report.failed.length })}</p>
          <ul>
            {report.failed.map((f) => (
              <li key={f.id}>
                <strong>{f.label}</strong>: {t(f.message.key, f.message.vars)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

/** "N found" above a list; "more than N" past what the list counts (COUNT_CAP). */
export function ListTotal({ total, more = false }: { total: number; more?: boolean }) {
  const t = useT()
  return (
    <p className="list-total" role="status">
      {t(more ? 'console.list.totalMore' : 'console.list.total', { count: groupDigits(total) })}
    </p>
  )
}
