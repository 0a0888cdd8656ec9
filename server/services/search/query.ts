import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchEntries as se, searchKeyCounts, searchTitles as st, searchWords as sw } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { normalizePageRequest, paginate, type Paged, type PageRequest } from '../pagination.ts'
import { initialsCode, queryCodes, wordCode } from './codes.ts'
import { displayBody, findChoseongMatches, passageExcerpt, type Highlight } from './excerpt.ts'
import { termsOf, type SynonymIndex, type Term } from './forms.ts'
import { correctKeyword } from './suggest.ts'
import { anyHolds, keyCountsOf, searchTerms, termMatches, termsFound } from './words.ts'
import type { Reader } from './sources.ts'
import { compact, isChoseongQuery, isTooShort, wordsOf } from './text.ts'
import { countBodyOnly, pageTotal, rememberedBodyOnly } from './totals.ts'

/** One hit as the result list shows it: `oneDepth > twoDepth`, the title, an excerpt, the link. */
export type SearchHit = {
  kind: string
  oneDepth: string
  twoDepth: string
  title: string
  /** The excerpt: the best-matching passage, from up to 30 characters before it, "…" where it was cut. */
  description: string
  url: string
  /** Where the keyword stands in `title` and `description`: [start, end) in UTF-16 units. */
  highlights: { title: Highlight[]; description: Highlight[] }
  /** A reference or service document's number and revision (shown beside the title), else null. */
  document: { number: string; revision: string } | null
}

export type SearchRequest = PageRequest & { keyword: string; lang: Lang }

/**
 * A page of hits, and how they were found when not simply by the keyword: `partial` names the
 * words left out when no entry holds them all, `corrected` the keyword searched instead of one
 * that found nothing (a typo, or text typed on the other keyboard layout).
 */
export type SearchResult = Paged<SearchHit> & {
  partial: { found: string[]; missing: string[] } | null
  corrected: string | null
}

/** A one-word keyword found this often as typed is not widened to its other forms (speed; ADR 047). */
export const WIDEN_BELOW = 100

const int4Array = (values: number[]) => sql`${`{${values.join(',')}}`}::int4[]`

/** Up to this many entries holding a keyword's words are listed by id for the whole-word point. */
const HOLDERS_LISTED = 200

type Found = { ids: number[]; total: number; terms: Term[] | null; keyword: string }

/** The hits of some terms: the keyword path of ADR 012 for one word as typed, else every term with its forms (ADR 047). */
async function findTerms(db: Db, request: SearchRequest, terms: Term[]): Promise<Found> {
  const literal = compact(request.keyword)
  if (terms.length === 1) {
    const [term] = terms as [Term]
    if (term.forms.length === 1 && term.forms[0] === literal) {
      return { ...(await searchKeyword(db, request)), terms: null, keyword: literal }
    }
    if (!isTooShort(literal)) {
      const plain = await searchKeyword(db, request)
      if (plain.total >= WIDEN_BELOW) return { ...plain, terms: null, keyword: literal }
      // Nothing holds the word as typed, and it has one other form (서울은 → 서울, gearboxes → gearbox):
      // that form's search is the keyword path, with its title-first paging and counts.
      if (plain.total === 0 && term.forms.length === 1) {
        const form = term.forms[0]!
        return { ...(await searchKeyword(db, { ...request, keyword: form })), terms: null, keyword: form }
      }
    }
  }
  return { ...(await searchTerms(db, request, terms)), terms, keyword: literal }
}

/**
 * The hits of a keyword, best first (ADR 012 for one word; ADR 047 for several words, forms and
 * synonyms). When nothing holds every word: the keyword corrected (typos, the other keyboard
 * layout) if that finds something, else the entries holding most of the words.
 */
export async function searchEntries(
  db: Db,
  request: SearchRequest,
  synonyms: SynonymIndex = new Map(),
): Promise<SearchResult> {
  const terms = termsOf(request.keyword, synonyms)
  const done = async (found: Found, extra: Pick<SearchResult, 'partial' | 'corrected'>): Promise<SearchResult> => {
    const { pagination } = paginate(request, found.total)
    return { list: await hitsOf(db, found), pagination, ...extra }
  }
  if (terms.length === 0)
    return done({ ids: [], total: 0, terms: null, keyword: '' }, { partial: null, corrected: null })
  const found = await findTerms(db, request, terms)
  if (found.total > 0) return done(found, { partial: null, corrected: null })

  const present = await termsFound(db, request.lang, terms)
  const corrected = await correctKeyword(
    db,
    request.lang,
    terms,
    present.map((p) => p.held),
    synonyms,
  )
  if (corrected) {
    const again = { ...request, keyword: corrected }
    const fixed = await findTerms(db, again, termsOf(corrected, synonyms))
    if (fixed.total > 0) return done(fixed, { partial: null, corrected })
  }
  if (terms.length > 1 && present.some((p) => p.held)) {
    const subset = await largestHeldSubset(db, request.lang, terms, present)
    if (subset) {
      const keyword = subset.map((term) => term.typed).join(' ')
      const some = await findTerms(db, { ...request, keyword }, subset)
      const missing = terms.filter((term) => !subset.includes(term)).map((term) => term.typed)
      return done(some, { partial: { found: subset.map((term) => term.typed), missing }, corrected: null })
    }
  }
  return done(found, { partial: null, corrected: null })
}

/** Up to this many words that entries hold, every set of them is tried; more are taken one by one. */
const EVERY_SET_UP_TO = 4

/**
 * The most terms some entry holds together (of those any entry holds), tried largest first; of
 * as many, those with words some title holds first (a topic, not a word of the running text:
 * `서울사무소 주소`, `employee benefits`), then the later words (the head of a noun phrase).
 * More than `EVERY_SET_UP_TO` words (a pasted sentence) would make hundreds of sets, each a lookup
 * (5.7 s for 12 words on the 200k fixture): each word, in that order, then joins the words before
 * it when some entry holds them all, one lookup a word.
 */
async function largestHeldSubset(
  db: Db,
  lang: Lang,
  terms: Term[],
  present: { held: boolean; inTitle: boolean }[],
): Promise<Term[] | null> {
  const held = terms
    .map((term, i) => ({ term, i, ...present[i]! }))
    .filter((t) => t.held)
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.i - a.i)
    .map((t) => t.term)
  if (held.length === 0) return null
  const counts = await keyCountsOf(db, lang, held)
  const inOrder = (subset: Term[]) => terms.filter((term) => subset.includes(term))
  if (held.length > EVERY_SET_UP_TO) {
    const chosen: Term[] = [held[0]!]
    for (const term of held.slice(1)) if (await anyHolds(db, lang, [...chosen, term], counts)) chosen.push(term)
    return inOrder(chosen)
  }
  for (let size = held.length; size >= 2; size--) {
    for (const subset of combinations(held, size)) if (await anyHolds(db, lang, subset, counts)) return inOrder(subset)
  }
  return inOrder([held[0]!])
}

function* combinations<T>(items: T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield []
    return
  }
  for (let i = from; i <= items.length - size; i++)
    for (const rest of combinations(items, size - 1, i + 1)) yield [items[i]!, ...rest]
}

/** The rows of found hits, in their order, as the list shows them: highlights, the best passage, the document's number. */
async function hitsOf(db: Db, found: Found): Promise<SearchHit[]> {
  if (found.ids.length === 0) return []
  const rows = await db
    .select({
      id: se.id,
      kind: se.kind,
      one_depth: se.one_depth,
      two_depth: se.two_depth,
      title: se.title,
      body: se.body,
      url: se.url,
    })
    .from(se)
    .where(inArray(se.id, found.ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const terms: Term[] = found.terms ?? [{ typed: found.keyword, forms: [found.keyword], base: found.keyword }]
  const initials = found.terms === null && isChoseongQuery(found.keyword)
  return found.ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const titleMatches = termMatches(row.title, terms, found.keyword).map((m) => m.range)
    if (initials) titleMatches.push(...findChoseongMatches(row.title, found.keyword))
    const { text, document } = displayBody(row.kind, row.body)
    const shown = passageExcerpt(text, termMatches(text, terms, found.keyword))
    return [
      {
        kind: row.kind,
        oneDepth: row.one_depth,
        twoDepth: row.two_depth,
        title: row.title,
        description: shown.text,
        url: row.url,
        highlights: { title: mergeRanges(titleMatches), description: shown.highlights },
        document,
      },
    ]
  })
}

/** Ranges in order, overlapping ones merged (two forms of a term may mark the same letters). */
function mergeRanges(ranges: Highlight[]): Highlight[] {
  const merged: Highlight[] = []
  for (const range of [...ranges].sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = merged[merged.length - 1]
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1])
    else merged.push([range[0], range[1]])
  }
  return merged
}

/**
 * The keyword's hits, best first (docs/decisions/012-site-search.md):
 * - matching: the keyword's letters and digits (compact form) occur in the title or body, or,
 *   for a keyword of initial consonants only, in the title's initials. GIN indexes of unigram
 *   and bigram keys (the title's in `search_titles`, the body's in `search_entries`) find the
 *   candidates; for 3 characters and more they are checked against the text (the keys prove 1-
 *   and 2-character matches by themselves);
 * - score: the title is the keyword (8) + the keyword as whole words of the title (4) + in the
 *   title at all (2) + every word of it a whole word of the entry (1); then newer first (pages
 *   without a date, which are always current, before dated ones), then the latest entry.
 *   Initial consonants count as the title when they are all of its initials.
 * Every title hit (score 2 and more) ranks before every body-only hit (0 or 1), so the two are
 * found apart: title hits from the narrow title rows, body-only hits (only when the page reaches
 * past the title hits) from the entries; the total of a 1- or 2-character keyword is the count
 * of its key, else the title hits and the body-only hits counted apart.
 */
async function searchKeyword(db: Db, request: SearchRequest): Promise<{ ids: number[]; total: number }> {
  const keyword = compact(request.keyword)
  if (isTooShort(keyword)) return { ids: [], total: 0 }
  const initials = isChoseongQuery(keyword)
  const phrase = ` ${wordsOf(request.keyword).join(' ')} `
  const words = int4Array([...new Set(wordsOf(request.keyword).map(wordCode))])
  // 3 to 5 initials: one exact key proves them (codes.ts), as it does 1 and 2 characters.
  const run = initials ? initialsCode(keyword, 'run') : null
  const codes = run !== null ? [run] : queryCodes(keyword)
  const long = keyword.length >= 3 && run === null

  const inTitleOf = (table: typeof se | typeof st) =>
    initials
      ? sql`(strpos(${table.title_compact}, ${keyword}) > 0 or strpos(${table.title_choseong}, ${keyword}) > 0)`
      : sql`strpos(${table.title_compact}, ${keyword}) > 0`
  const titleHits = and(eq(st.lang, request.lang), sql`${st.title_grams} @> ${int4Array(codes)}`, inTitleOf(st))!
  // 3 to 5 initials in a body are the jamo typed there: their own key finds those few entries.
  const bodyCodes = run !== null ? [initialsCode(keyword, 'body')!] : codes
  const bodyOnly = and(
    eq(se.lang, request.lang),
    sql`${se.grams} @> ${int4Array(bodyCodes)}`,
    long ? sql`strpos(${se.body_compact}, ${keyword}) > 0` : undefined,
    sql`not ${inTitleOf(se)}`,
  )!
  const exact = initials ? sql`${st.title_choseong} = ${keyword}` : sql`${st.title_compact} = ${keyword}`
  const count = async (
    ...args: [table: typeof se | typeof st, where: SQL] | [tx: Reader, table: typeof se | typeof st, where: SQL]
  ) => {
    const [reader, table, where] = args.length === 2 ? [db as Reader, ...args] : args
    return (
      (
        await reader
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(where)
      )[0]?.n ?? 0
    )
  }

  const { page, recordSize } = normalizePageRequest(request)
  const offset = (page - 1) * recordSize
  // A title hit's whole-word point: when few entries hold the keyword's words, their ids are listed
  // here; when many do, each title hit's words are looked up by its id (so neither reads thousands of rows).
  // With it, in the same statement, the remembered body-only total of a longer keyword (one round trip less).
  const [prelude] = (
    (await db.execute(sql`select array(select ${sw.id} from ${sw} where ${sw.words} @> ${words} limit ${HOLDERS_LISTED + 1}) as holders,
      ${long ? rememberedBodyOnly(request.lang, keyword) : sql`null::int`} as remembered`)) as unknown as {
      rows: { holders: number[]; remembered: number | null }[]
    }
  ).rows
  const holders = prelude!.holders.map(Number)
  const remembered = prelude!.remembered === null ? null : Number(prelude!.remembered)
  const wholeWords =
    holders.length > HOLDERS_LISTED
      ? sql`exists (select 1 from ${sw} where ${sw.id} = ${st.id} and ${sw.words} @> ${words})`
      : sql`${st.id} = any(${int4Array(holders)})`
  // The keyword's words standing together in the title are whole words of the entry: 4 + 1 without a lookup.
  const score = sql<number>`(case when ${exact} then 8 else 0 end)
        + (case when strpos(${st.title_words}, ${phrase}) > 0 then 5 when ${wholeWords} then 1 else 0 end)`

  // The one key of a 1- or 2-character keyword (or of 3 to 5 initials) proves its hits: their number is the key's count.
  const keyTotal = long
    ? null
    : ((
        await db
          .select({ n: searchKeyCounts.entries })
          .from(searchKeyCounts)
          .where(and(eq(searchKeyCounts.lang, request.lang), eq(searchKeyCounts.key, codes[0]!)))
      )[0]?.n ?? 0)

  const fromKeys =
    run !== null
      ? await titlePageFromKeys(db, {
          lang: request.lang,
          keyword,
          run,
          holders,
          score,
          inTitle: inTitleOf(st),
          bodyOnly,
          total: keyTotal!,
          offset,
          recordSize,
        })
      : null
  let titleTotal: number
  let ids: number[]
  if (fromKeys) {
    ;({ titleTotal, ids } = fromKeys)
  } else {
    // Title hits of the page, each carrying how many there are (ranked in a subquery, so the count
    // over all of them holds only what the ordering needs).
    const ranked = db
      .select({ id: st.id, updated_at: st.updated_at, score: score.as('score') })
      .from(st)
      .where(titleHits)
      .as('ranked')
    const titlePage = await db
      .select({ id: ranked.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(ranked)
      .orderBy(sql`${ranked.score} desc`, sql`${ranked.updated_at} desc nulls first`, sql`${ranked.id} desc`)
      .offset(offset)
      .limit(recordSize)
    titleTotal = await pageTotal(titlePage, offset, () => count(st, titleHits))
    ids = titlePage.map((row) => row.id)
  }

  // Body-only hits, only when the page reaches past the title hits: whole words first, then newer first.
  const wanted = ids.length < recordSize && offset + recordSize > titleTotal && (keyTotal === null || offset < keyTotal)
  const bodyPage = wanted
    ? await db
        .select({ id: se.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(se)
        .innerJoin(sw, eq(sw.id, se.id))
        .where(bodyOnly)
        .orderBy(
          sql`(case when ${sw.words} @> ${words} then 1 else 0 end) desc`,
          sql`${se.updated_at} desc nulls first`,
          sql`${se.id} desc`,
        )
        .offset(Math.max(0, offset - titleTotal))
        .limit(recordSize - ids.length)
    : []
  ids.push(...bodyPage.map((row) => row.id))

  // Else the title hits and the body-only hits: counted with the page, remembered, or counted here (and remembered when many).
  let bodyOnlyTotal = bodyPage.length > 0 ? bodyPage[0]!.total : null
  if (keyTotal === null && bodyOnlyTotal === null) {
    bodyOnlyTotal = remembered ?? (await countBodyOnly(db, request.lang, keyword, (tx) => count(tx, se, bodyOnly)))
  }
  return { ids, total: keyTotal ?? titleTotal + bodyOnlyTotal! }
}

/**
 * The title hits of a page for 3 to 5 initials, whose key proves and counts every hit: their
 * number is the key's count less the body-only hits (jamo typed in a body: few), and when the hits
 * are many, the page is found without ranking them all. A title hit scores 2, more only when its
 * initials are the keyword (8: the `whole` key), the jamo stand in the title (4: the `literal` key)
 * or the entry holds the keyword as a word (1: `search_words`); those few are ranked, and the
 * rest, all scoring 2, follow newest first, read in that order from the titles' date index until
 * the page is full. Null when ranking every hit is cheaper (few hits, or a deep page).
 */
async function titlePageFromKeys(
  db: Db,
  q: {
    lang: Lang
    keyword: string
    run: number
    holders: number[]
    score: SQL<number>
    inTitle: SQL
    bodyOnly: SQL
    total: number
    offset: number
    recordSize: number
  },
): Promise<{ titleTotal: number; ids: number[] } | null> {
  const bodyOnlyTotal =
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(se)
        .where(q.bodyOnly)
    )[0]?.n ?? 0
  const titleTotal = q.total - bodyOnlyTotal
  const end = Math.min(q.offset + q.recordSize, titleTotal)
  if (end <= q.offset) return { titleTotal, ids: [] }
  // Walking newest first reads about end × titles / hits rows (a language holds about half the
  // titles), ranking reads every hit, but more cheaply a row: walk when that is clearly less.
  const stats = (
    (await db.execute(
      sql`select reltuples::float8 as n from pg_class where oid = 'search_titles'::regclass`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]
  const perLang = Math.max(0, Number(stats?.n ?? 0)) / 2
  if (3 * end * perLang >= titleTotal * titleTotal) return null
  if (q.holders.length > HOLDERS_LISTED) return null

  const hit = and(eq(st.lang, q.lang), sql`${st.title_grams} @> ${int4Array([q.run])}`, q.inTitle)
  const maybeMore = or(
    sql`${st.title_grams} @> ${int4Array([q.run, initialsCode(q.keyword, 'whole')!])}`,
    sql`${st.title_grams} @> ${int4Array([q.run, initialsCode(q.keyword, 'literal')!])}`,
    q.holders.length > 0 ? inArray(st.id, q.holders) : undefined,
  )
  const scored = db
    .select({ id: st.id, updated_at: st.updated_at, score: q.score.as('score') })
    .from(st)
    .where(and(hit, maybeMore))
    .as('scored')
  const above = await db
    .select({ id: scored.id })
    .from(scored)
    .where(sql`${scored.score} > 2`)
    .orderBy(sql`${scored.score} desc`, sql`${scored.updated_at} desc nulls first`, sql`${scored.id} desc`)
  const aboveIds = above.map((row) => row.id)
  const ids = aboveIds.slice(q.offset, end)
  if (end > aboveIds.length) {
    // The key test is kept off the index (`is true`), so the titles are read in date order and tested one by one.
    const rest = await db
      .select({ id: st.id })
      .from(st)
      .where(
        and(
          eq(st.lang, q.lang),
          sql`(${st.title_grams} @> ${int4Array([q.run])}) is true`,
          q.inTitle,
          aboveIds.length > 0 ? notInArray(st.id, aboveIds) : undefined,
        ),
      )
      .orderBy(sql`${st.updated_at} desc nulls first`, sql`${st.id} desc`)
      .offset(Math.max(0, q.offset - aboveIds.length))
      .limit(end - Math.max(q.offset, aboveIds.length))
    ids.push(...rest.map((row) => row.id))
  }
  return { titleTotal, ids }
}
