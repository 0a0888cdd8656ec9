import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchEntries as se, searchKeyCounts, searchTitles as st } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { normalizePageRequest } from '../pagination.ts'
import { queryCodes } from './codes.ts'
import { findMatches, type Highlight } from './excerpt.ts'
import type { Term } from './forms.ts'
import type { SearchRequest } from './query.ts'
import { pageTotal, rememberedOrCounted, termsKey } from './totals.ts'

/**
 * A search of several terms, or of one term with several forms
 * (docs/decisions/047-search-words-forms-synonyms.md): the entries holding every term, each term
 * by any of its forms, anywhere in title or body. The entries' keys (`search_entries.grams`, title
 * and body since migration 0024) find the candidates with one GIN index, an OR of key sets (one per
 * combination of forms, each form by its rarest keys); the terms not proven by their keys are then
 * checked against the compact title and body.
 *
 * Ranking, in this order: every term in the title; the title is the keyword; the terms stand
 * together in the title in the order typed (the phrase); they stand in the title in that order;
 * the phrase in the body; how many terms the title holds as typed (not by another form), by any
 * form, and as whole words; then the shorter title, newer first, the latest entry.
 */

const int4Array = (values: number[]) => sql`${`{${values.join(',')}}`}::int4[]`

/**
 * At most this many combinations of forms, one form of each term, are looked up in the index. Each
 * combination is one GIN lookup of all its keys, so the index alone narrows the candidates to the
 * entries holding every term's keys, and few rows are read. An OR of each term's key sets instead
 * let the planner look up one term and test the others' keys row by row: `정수장 감속기`, whose
 * 감속기 has the forms gearbox and reducer, read 4,640 rows for 552 hits.
 */
export const FORM_COMBINATIONS = 16

/** How many entries of a language hold each key of some terms' forms (`search_key_counts`). */
export type KeyCounts = ReadonlyMap<number, number>

export async function keyCountsOf(db: Db, lang: Lang, terms: Term[]): Promise<KeyCounts> {
  const keys = [...new Set(terms.flatMap((term) => term.forms.flatMap(queryCodes)))]
  if (keys.length === 0) return new Map()
  const rows = await db
    .select({ key: searchKeyCounts.key, entries: searchKeyCounts.entries })
    .from(searchKeyCounts)
    .where(and(eq(searchKeyCounts.lang, lang), inArray(searchKeyCounts.key, keys)))
  return new Map(rows.map((row) => [row.key, row.entries]))
}

/**
 * At most this many keys of a form are looked up, its rarest. The form's text is tested anyway
 * (or it is one key), and a frequent key costs a long walk of the index: `re` of reducer is in
 * every Korean entry ("Rev."), and looking it up took a quarter of `정수장 감속기`'s time.
 */
export const KEYS_PER_FORM = 3

/** The keys of a form to look up, rarest first; null when some key is in no entry (nothing holds the form). */
function lookupKeys(form: string, counts: KeyCounts): number[] | null {
  const codes = queryCodes(form)
  if (codes.some((code) => !counts.get(code))) return null
  return codes.sort((a, b) => counts.get(a)! - counts.get(b)!).slice(0, KEYS_PER_FORM)
}

/**
 * The index condition of entries (or title rows) that may hold every term: an OR of key sets, one
 * per combination of forms. A term whose forms would make more than `FORM_COMBINATIONS` is left
 * to the text test (`holdsText`); the first term and every term of one form always take part.
 * False when some term has no form any entry could hold.
 */
function keysOfTerms(keys: AnyColumn, terms: Term[], counts: KeyCounts): SQL {
  let combinations: number[][] = [[]]
  for (const term of terms) {
    const forms = term.forms.map((form) => lookupKeys(form, counts)).filter((codes) => codes !== null)
    if (forms.length === 0) return sql`false`
    const more = combinations.length * forms.length
    if (forms.length > 1 && combinations.length > 1 && more > FORM_COMBINATIONS) continue
    combinations = combinations.flatMap((codes) => forms.map((form) => [...codes, ...form]))
  }
  const sets = new Map(
    combinations.map((codes) => [...new Set(codes)].sort((a, b) => a - b)).map((set) => [set.join(), set]),
  )
  return or(...[...sets.values()].map((set) => sql`${keys} @> ${int4Array(set)}`))!
}

/** A term of one form of 1 or 2 characters is proven by its keys, which every combination holds. */
const provenByKeys = (term: Term) => term.forms.length === 1 && term.forms[0]!.length < 3

/** The text test of a term: any of its forms in the compact title (or body), unless its keys prove it. */
function holdsText(term: Term, texts: AnyColumn[]): SQL | undefined {
  if (provenByKeys(term)) return undefined
  return or(...term.forms.flatMap((form) => texts.map((text) => sql`strpos(${text}, ${form}) > 0`)))
}

/** Entries holding every one of `terms`, each by any of its forms, in title or body. */
export const holdsTerms = (terms: Term[], counts: KeyCounts): SQL =>
  and(
    keysOfTerms(se.grams, terms, counts),
    ...terms.map((term) => holdsText(term, [se.title_compact, se.body_compact])),
  )!

/** Title rows holding every one of `terms`. */
const titleRowsHold = (terms: Term[], counts: KeyCounts): SQL =>
  and(keysOfTerms(st.title_grams, terms, counts), ...terms.map((term) => holdsText(term, [st.title_compact])))!

const titleHolds = (term: Term): SQL => or(...term.forms.map((form) => sql`strpos(${se.title_compact}, ${form}) > 0`))!
const point = (condition: SQL) => sql`(case when ${condition} then 1 else 0 end)`
const sum = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`)

/** The points a title earns (on `search_titles` or `search_entries`, which share the title columns). */
function titlePoints(table: typeof se | typeof st, terms: Term[]): { phrase: SQL; inOrder: SQL; each: SQL } {
  const basePhrase = terms.map((term) => term.base).join('')
  const at = (text: string) => sql`strpos(${table.title_compact}, ${text})`
  const inOrder =
    terms.length > 1
      ? and(
          ...terms
            .slice(1)
            .map((term, i) => sql`${at(terms[i]!.base)} > 0 and ${at(terms[i]!.base)} < ${at(term.base)}`),
        )!
      : sql`false`
  const holds = (term: Term) => or(...term.forms.map((form) => sql`${at(form)} > 0`))!
  return {
    phrase: sql`${point(sql`${at(basePhrase)} > 0`)} * 100 + ${point(inOrder)} * 50`,
    inOrder,
    each: sql`${sum(terms.map((term) => point(sql`${at(term.typed)} > 0`)))} * 8
      + ${sum(terms.map((term) => point(holds(term))))} * 4
      + ${sum(terms.map((term) => point(sql`strpos(${table.title_words}, ${` ${term.typed} `}) > 0`)))} * 2`,
  }
}

/**
 * The hits of `terms` (every one held), best first, a page of them with their number. As for one
 * word (ADR 012), every title hit (every term in the title) ranks before every entry that holds
 * some term only in its body, so the two are found apart: title hits from the narrow title rows;
 * the others only when the page reaches past the title hits; their number counted with that page,
 * remembered (`search_totals`, kept exact by every write), or counted once.
 */
export async function searchTerms(
  db: Db,
  request: SearchRequest,
  terms: Term[],
): Promise<{ ids: number[]; total: number }> {
  const { page, recordSize } = normalizePageRequest(request)
  const offset = (page - 1) * recordSize
  const typedPhrase = terms.map((term) => term.typed).join('')
  const basePhrase = terms.map((term) => term.base).join('')

  const counts = await keyCountsOf(db, request.lang, terms)
  const title = titlePoints(st, terms)
  const titleHits = and(eq(st.lang, request.lang), titleRowsHold(terms, counts))!
  const ranked = db
    .select({
      id: st.id,
      updated_at: st.updated_at,
      length: sql<number>`length(${st.title_compact})`.as('length'),
      score:
        sql<number>`(${point(sql`${st.title_compact} = ${typedPhrase}`)} * 200 + ${title.phrase} + ${title.each})`.as(
          'score',
        ),
    })
    .from(st)
    .where(titleHits)
    .as('ranked')
  const titlePage = await db
    .select({ id: ranked.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(ranked)
    .orderBy(
      sql`${ranked.score} desc`,
      sql`${ranked.length}`,
      sql`${ranked.updated_at} desc nulls first`,
      sql`${ranked.id} desc`,
    )
    .offset(offset)
    .limit(recordSize)
  const titleTotal = await pageTotal(titlePage, offset, async () =>
    Number(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(st)
          .where(titleHits)
      )[0]?.n ?? 0,
    ),
  )
  const ids = titlePage.map((row) => row.id)

  // The others: every term held, not every one in the title (ranked by the title's points and the phrase in the body).
  const others = and(eq(se.lang, request.lang), holdsTerms(terms, counts), sql`not (${and(...terms.map(titleHolds))})`)!
  const body = titlePoints(se, terms)
  const wanted = ids.length < recordSize && offset + recordSize > titleTotal
  const bodyPage = wanted
    ? await db
        .select({ id: se.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(se)
        .where(others)
        .orderBy(
          sql`(${body.each} + ${point(sql`strpos(${se.body_compact}, ${basePhrase}) > 0`)} * 40) desc`,
          sql`length(${se.title_compact})`,
          sql`${se.updated_at} desc nulls first`,
          sql`${se.id} desc`,
        )
        .offset(Math.max(0, offset - titleTotal))
        .limit(recordSize - ids.length)
    : []
  ids.push(...bodyPage.map((row) => row.id))
  const othersTotal =
    bodyPage.length > 0
      ? bodyPage[0]!.total
      : await rememberedOrCounted(db, request.lang, termsKey(terms), (tx) =>
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(se)
            .where(others)
            .then((rows) => rows[0]?.n ?? 0),
        )
  return { ids, total: titleTotal + othersTotal }
}

/**
 * Which terms any entry of the language holds, and which some title holds (one statement after
 * the keys' counts): for the correction of words nothing holds and the fallback to some of the words.
 */
export async function termsFound(db: Db, lang: Lang, terms: Term[]): Promise<{ held: boolean; inTitle: boolean }[]> {
  if (terms.length === 0) return []
  const counts = await keyCountsOf(db, lang, terms)
  // The title probe reads the title rows: the entries' would test every entry holding the term anywhere.
  const probes = terms.flatMap((term, i) => [
    sql`exists (select 1 from ${se} where ${and(eq(se.lang, lang), holdsTerms([term], counts))}) as ${sql.raw(`h${i}`)}`,
    sql`exists (select 1 from ${st} where ${and(eq(st.lang, lang), titleRowsHold([term], counts))}) as ${sql.raw(`t${i}`)}`,
  ])
  const result = (await db.execute(sql`select ${sql.join(probes, sql`, `)}`)) as unknown as {
    rows: Record<string, boolean>[]
  }
  const row = result.rows[0] ?? {}
  return terms.map((_, i) => ({ held: row[`h${i}`] === true, inTitle: row[`t${i}`] === true }))
}

/** Whether any entry holds every one of `terms` (`known`: their keys' counts when the caller has them). */
export async function anyHolds(db: Db, lang: Lang, terms: Term[], known?: KeyCounts): Promise<boolean> {
  const counts = known ?? (await keyCountsOf(db, lang, terms))
  const rows = await db
    .select({ id: se.id })
    .from(se)
    .where(and(eq(se.lang, lang), holdsTerms(terms, counts)))
    .limit(1)
  return rows.length > 0
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** Whether a match stands as a whole word of `text` (nothing but a space or punctuation on either side). */
const standsAlone = (text: string, [start, end]: Highlight) =>
  !LETTER_OR_DIGIT.test(text[start - 1] ?? '') && !LETTER_OR_DIGIT.test(text[end] ?? '')

/**
 * Every match of the terms' forms in `text` to mark, each tagged with its term's index, and of the
 * whole keyword (`phrase`, compact) tagged -1. A form of one or two Latin letters or digits is
 * marked only where it stands as a word (`TM`, not the `da` of `Daehan`).
 */
export function termMatches(text: string, terms: Term[], phrase = ''): { range: Highlight; term: number }[] {
  const out: { range: Highlight; term: number }[] = []
  terms.forEach((term, i) => {
    for (const form of term.forms) {
      const short = form.length <= 2 && [...form].every((c) => c.charCodeAt(0) < 0x80)
      for (const range of findMatches(text, form)) if (!short || standsAlone(text, range)) out.push({ range, term: i })
    }
  })
  if (terms.length > 1 && phrase.length >= 3)
    for (const range of findMatches(text, phrase)) out.push({ range, term: -1 })
  return out
}
