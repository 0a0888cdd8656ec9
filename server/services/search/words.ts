import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchEntries as se } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { normalizePageRequest } from '../pagination.ts'
import { queryCodes } from './codes.ts'
import { findMatches, type Highlight } from './excerpt.ts'
import type { Term } from './forms.ts'
import type { SearchRequest } from './query.ts'

/**
 * A search of several terms, or of one term with several forms
 * (docs/decisions/047-search-words-forms-synonyms.md): the entries holding every term, each term
 * by any of its forms, anywhere in title or body. The entries' keys (`search_entries.grams`, title
 * and body since migration 0024) find the candidates with one GIN index, every term's forms an OR
 * of key sets; forms of 3 characters and more are then checked against the compact title and body.
 *
 * Ranking, in this order: every term in the title; the title is the keyword; the terms stand
 * together in the title in the order typed (the phrase); they stand in the title in that order;
 * the phrase in the body; how many terms the title holds as typed (not by another form), by any
 * form, and as whole words; then the shorter title, newer first, the latest entry.
 */

const int4Array = (values: number[]) => sql`${`{${values.join(',')}}`}::int4[]`

/** An entry holds a form: its keys, and for 3 characters and more the form itself in title or body. */
function holdsForm(form: string): SQL {
  const keys = sql`${se.grams} @> ${int4Array(queryCodes(form))}`
  return form.length >= 3
    ? sql`(${keys} and (strpos(${se.title_compact}, ${form}) > 0 or strpos(${se.body_compact}, ${form}) > 0))`
    : sql`(${keys})`
}

/** An entry holds a term: any of its forms. */
export const holdsTerm = (term: Term): SQL => or(...term.forms.map(holdsForm))!

const titleHolds = (term: Term): SQL => or(...term.forms.map((form) => sql`strpos(${se.title_compact}, ${form}) > 0`))!
const point = (condition: SQL) => sql`(case when ${condition} then 1 else 0 end)`
const sum = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`)

/** The hits of `terms` (every one held), best first, a page of them with their number. */
export async function searchTerms(
  db: Db,
  request: SearchRequest,
  terms: Term[],
): Promise<{ ids: number[]; total: number }> {
  const { page, recordSize } = normalizePageRequest(request)
  const offset = (page - 1) * recordSize
  const typedPhrase = terms.map((term) => term.typed).join('')
  const basePhrase = terms.map((term) => term.base).join('')
  const allInTitle = and(...terms.map(titleHolds))!
  const inOrder =
    terms.length > 1
      ? and(
          ...terms
            .slice(1)
            .map(
              (term, i) =>
                sql`strpos(${se.title_compact}, ${terms[i]!.base}) > 0 and strpos(${se.title_compact}, ${terms[i]!.base}) < strpos(${se.title_compact}, ${term.base})`,
            ),
        )!
      : sql`false`
  const score = sql<number>`(${point(allInTitle)} * 1000
    + ${point(sql`${se.title_compact} = ${typedPhrase}`)} * 200
    + ${point(sql`strpos(${se.title_compact}, ${basePhrase}) > 0`)} * 100
    + ${point(inOrder)} * 50
    + ${sum(terms.map((term) => point(sql`strpos(${se.title_compact}, ${term.typed}) > 0`)))} * 8
    + ${sum(terms.map((term) => point(titleHolds(term))))} * 4
    + ${sum(terms.map((term) => point(sql`strpos(${se.title_words}, ${` ${term.typed} `}) > 0`)))} * 2
    + ${point(sql`strpos(${se.body_compact}, ${basePhrase}) > 0`)} * 40)`
  const ranked = await db
    .select({ id: se.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(se)
    .where(and(eq(se.lang, request.lang), ...terms.map(holdsTerm)))
    .orderBy(
      sql`${score} desc`,
      sql`length(${se.title_compact})`,
      sql`${se.updated_at} desc nulls first`,
      sql`${se.id} desc`,
    )
    .offset(offset)
    .limit(recordSize)
  const total =
    ranked.length > 0
      ? ranked[0]!.total
      : offset === 0
        ? 0
        : ((
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(se)
              .where(and(eq(se.lang, request.lang), ...terms.map(holdsTerm)))
          )[0]?.n ?? 0)
  return { ids: ranked.map((row) => row.id), total }
}

/**
 * Which terms any entry of the language holds, and which some title holds (one statement): for the
 * correction of words nothing holds and the fallback to some of the words.
 */
export async function termsFound(db: Db, lang: Lang, terms: Term[]): Promise<{ held: boolean; inTitle: boolean }[]> {
  if (terms.length === 0) return []
  const probes = terms.flatMap((term, i) => [
    sql`exists (select 1 from ${se} where ${and(eq(se.lang, lang), holdsTerm(term))}) as ${sql.raw(`h${i}`)}`,
    sql`exists (select 1 from ${se} where ${and(eq(se.lang, lang), holdsTerm(term), titleHolds(term))}) as ${sql.raw(`t${i}`)}`,
  ])
  const result = (await db.execute(sql`select ${sql.join(probes, sql`, `)}`)) as unknown as {
    rows: Record<string, boolean>[]
  }
  const row = result.rows[0] ?? {}
  return terms.map((_, i) => ({ held: row[`h${i}`] === true, inTitle: row[`t${i}`] === true }))
}

/** Whether any entry holds every one of `terms`. */
export async function anyHolds(db: Db, lang: Lang, terms: Term[]): Promise<boolean> {
  const rows = await db
    .select({ id: se.id })
    .from(se)
    .where(and(eq(se.lang, lang), ...terms.map(holdsTerm)))
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
