import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { Reader } from './sources.ts'
import { isChoseongQuery } from './text.ts'

/**
 * Remembered totals (docs/decisions/012-site-search.md): a keyword of 3 characters and more has
 * no key that proves it, so its body-only hits are counted by checking every candidate. When
 * there are many, the number is kept in `search_totals` (per language and compact keyword) and
 * kept exact from then on: `search.sync` adds and takes away the entries it writes and removes
 * in the content's transaction, and a full reindex empties the table.
 */

/**
 * Body-only hits from which a keyword's number is remembered (`rememberFrom`; for several terms,
 * whose count reads every candidate's body, `rememberTermsFrom`, or any number that took
 * `slowCountMs` to count), and how many keywords a language keeps (tests lower the first two).
 */
export const TOTALS = { rememberFrom: 500, rememberTermsFrom: 20, slowCountMs: 10, rememberedMax: 2000 }

/**
 * The remembered key of several terms (ADR 047): `+`, then each term's forms joined by `|`, the
 * terms by `+` (compact forms hold only letters and digits, so it never equals a keyword).
 */
export const termsKey = (terms: readonly { forms: readonly string[] }[]): string =>
  `+${terms.map((term) => term.forms.join('|')).join('+')}`

const termsOfKey = (key: string): string[][] =>
  key
    .slice(1)
    .split('+')
    .map((term) => term.split('|'))

/** What decides whether an entry is a body-only hit. */
export type EntryText = { lang: string; title_compact: string; title_choseong: string; body_compact: string }

/**
 * The body-only test of query.ts, in JavaScript: the keyword in the body, not in the title; for a
 * key of several terms (words.ts), every term in the entry by any form, not every one in the title.
 */
export function isBodyOnlyHit(entry: EntryText, keyword: string): boolean {
  if (keyword.startsWith('+')) {
    const terms = termsOfKey(keyword)
    const inTitle = (forms: string[]) => forms.some((form) => entry.title_compact.includes(form))
    if (!terms.every((forms) => inTitle(forms) || forms.some((form) => entry.body_compact.includes(form)))) return false
    return !terms.every(inTitle)
  }
  if (!entry.body_compact.includes(keyword)) return false
  if (entry.title_compact.includes(keyword)) return false
  return !(isChoseongQuery(keyword) && entry.title_choseong.includes(keyword))
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows

/**
 * The number of hits a ranked page says (each row carries `count(*) over ()`), 0 for an empty
 * first page, and for a page past the end (no rows to carry it) a count.
 */
export async function pageTotal(
  page: readonly { total: number }[],
  offset: number,
  count: () => Promise<number>,
): Promise<number> {
  if (page.length > 0) return page[0]!.total
  return offset === 0 ? 0 : count()
}

/** The remembered body-only number of a keyword, or null: a scalar subquery, read with the search's first statement. */
export function rememberedBodyOnly(lang: string, keyword: string): SQL<number | null> {
  return sql<number | null>`(select body_only from search_totals where lang = ${lang} and keyword = ${keyword})`
}

/**
 * Counts, with content writes held off (a share lock on the entries, which every `sync` takes for
 * writing before it adjusts the numbers), and remembers the number when it is large: no write
 * falls between the count and the row, so the row is exact when written and each later write
 * adjusts it.
 */
export async function countBodyOnly(
  db: Db,
  lang: string,
  keyword: string,
  count: (tx: Reader) => Promise<number>,
): Promise<number> {
  const from = keyword.startsWith('+') ? TOTALS.rememberTermsFrom : TOTALS.rememberFrom
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table search_entries in share mode`)
    const started = performance.now()
    const n = await count(tx)
    // Several terms: also a small number whose count was slow (many candidates, few of them hits).
    const slow = keyword.startsWith('+') && performance.now() - started >= TOTALS.slowCountMs
    if (n < from && !slow) return n
    await tx.execute(sql`insert into search_totals (lang, keyword, body_only)
      select ${lang}, ${keyword}, ${n} where (select count(*) from search_totals where lang = ${lang}) < ${TOTALS.rememberedMax}
      on conflict (lang, keyword) do nothing`)
    return n
  })
}

/** The remembered number of `keyword`, else counted (and remembered when many). */
export async function rememberedOrCounted(
  db: Db,
  lang: string,
  keyword: string,
  count: (tx: Reader) => Promise<number>,
): Promise<number> {
  const [row] = rowsOf<{ n: number | null }>(await db.execute(sql`select ${rememberedBodyOnly(lang, keyword)} as n`))
  return row?.n != null ? Number(row.n) : countBodyOnly(db, lang, keyword, count)
}

/**
 * Adjusts the remembered numbers for entries removed and added in a write (call it after the
 * entries themselves were written, in the same transaction: the lock on the entries is held).
 */
export async function adjustTotals(db: Reader, removed: EntryText[], added: EntryText[]): Promise<void> {
  if (removed.length === 0 && added.length === 0) return
  const langs = [...new Set([...removed, ...added].map((entry) => entry.lang))].sort()
  const remembered = rowsOf<{ lang: string; keyword: string }>(
    await db.execute(
      sql`select lang, keyword from search_totals where lang in ${langs} order by lang, keyword for update`,
    ),
  )
  if (remembered.length === 0) return
  const changes: { lang: string; keyword: string; delta: number }[] = []
  for (const { lang, keyword } of remembered) {
    let delta = 0
    for (const entry of removed) if (entry.lang === lang && isBodyOnlyHit(entry, keyword)) delta--
    for (const entry of added) if (entry.lang === lang && isBodyOnlyHit(entry, keyword)) delta++
    if (delta !== 0) changes.push({ lang, keyword, delta })
  }
  if (changes.length === 0) return
  await db.execute(sql`update search_totals t set body_only = t.body_only + c.delta
    from json_to_recordset(${JSON.stringify(changes)}::json) as c(lang text, keyword text, delta int)
    where t.lang = c.lang and t.keyword = c.keyword`)
}
