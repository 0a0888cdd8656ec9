import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchEntries as se, searchKeyCounts, searchTitles as st, searchWords as sw } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { normalizePageRequest, paginate, type Paged, type PageRequest } from '../pagination.ts'
import { queryCodes, wordCode } from './codes.ts'
import { excerpt, findChoseongMatches, findMatches, type Highlight } from './excerpt.ts'
import { compact, isChoseongQuery, isTooShort, wordsOf } from './text.ts'

/** One hit as the result list shows it: `oneDepth > twoDepth`, the title, an excerpt, the link. */
export type SearchHit = {
  kind: string
  oneDepth: string
  twoDepth: string
  title: string
  /** The excerpt: from up to 30 characters before the first match, "…" where it was cut. */
  description: string
  url: string
  /** Where the keyword stands in `title` and `description`: [start, end) in UTF-16 units. */
  highlights: { title: Highlight[]; description: Highlight[] }
}

export type SearchRequest = PageRequest & { keyword: string; lang: Lang }

const int4Array = (values: number[]) => sql`${`{${values.join(',')}}`}::int4[]`

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
export async function searchEntries(db: Db, request: SearchRequest): Promise<Paged<SearchHit>> {
  const keyword = compact(request.keyword)
  if (isTooShort(keyword)) return { list: [], pagination: { page: request.page, page_list: [], totalPageCount: 0, totalRecordCountAll: 0 } }
  const initials = isChoseongQuery(keyword)
  const phrase = ` ${wordsOf(request.keyword).join(' ')} `
  const words = int4Array([...new Set(wordsOf(request.keyword).map(wordCode))])
  const codes = queryCodes(keyword)
  const long = keyword.length >= 3

  const inTitleOf = (table: typeof se | typeof st) =>
    initials
      ? sql`(strpos(${table.title_compact}, ${keyword}) > 0 or strpos(${table.title_choseong}, ${keyword}) > 0)`
      : sql`strpos(${table.title_compact}, ${keyword}) > 0`
  const titleHits = and(eq(st.lang, request.lang), sql`${st.title_grams} @> ${int4Array(codes)}`, inTitleOf(st))!
  const bodyOnly = and(
    eq(se.lang, request.lang),
    sql`${se.grams} @> ${int4Array(codes)}`,
    long ? sql`strpos(${se.body_compact}, ${keyword}) > 0` : undefined,
    sql`not ${inTitleOf(se)}`,
  )!
  const exact = initials ? sql`${st.title_choseong} = ${keyword}` : sql`${st.title_compact} = ${keyword}`
  const count = async (table: typeof se | typeof st, where: SQL) => (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n ?? 0

  const { page, recordSize } = normalizePageRequest(request)
  const offset = (page - 1) * recordSize
  // Title hits of the page, each carrying how many there are (ranked in a subquery, so the count
  // over all of them holds only what the ordering needs).
  const wholeWords = sql`${st.id} in (select ${sw.id} from ${sw} where ${sw.words} @> ${words})`
  const ranked = db
    .select({
      id: st.id,
      updated_at: st.updated_at,
      score: sql<number>`(case when ${exact} then 8 else 0 end) + (case when strpos(${st.title_words}, ${phrase}) > 0 then 4 else 0 end)
        + (case when ${wholeWords} then 1 else 0 end)`.as('score'),
    })
    .from(st)
    .where(titleHits)
    .as('ranked')
  const titlePage = await db
    .select({ id: ranked.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(ranked)
    .orderBy(sql`${ranked.score} desc`, sql`${ranked.updated_at} desc nulls first`, sql`${ranked.id} desc`)
    .offset(offset)
    .limit(recordSize)
  const titleTotal = titlePage.length > 0 ? titlePage[0]!.total : offset === 0 ? 0 : await count(st, titleHits)
  const ids = titlePage.map((row) => row.id)

  // The one key of a 1- or 2-character keyword proves its hits: their number is the key's count.
  const keyTotal = long
    ? null
    : ((
        await db
          .select({ n: searchKeyCounts.entries })
          .from(searchKeyCounts)
          .where(and(eq(searchKeyCounts.lang, request.lang), eq(searchKeyCounts.key, codes[0]!)))
      )[0]?.n ?? 0)

  // Body-only hits, only when the page reaches past the title hits: whole words first, then newer first.
  const wanted = ids.length < recordSize && offset + recordSize > titleTotal && (keyTotal === null || offset < keyTotal)
  const bodyPage = wanted
    ? await db
        .select({ id: se.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(se)
        .innerJoin(sw, eq(sw.id, se.id))
        .where(bodyOnly)
        .orderBy(sql`(case when ${sw.words} @> ${words} then 1 else 0 end) desc`, sql`${se.updated_at} desc nulls first`, sql`${se.id} desc`)
        .offset(Math.max(0, offset - titleTotal))
        .limit(recordSize - ids.length)
    : []
  ids.push(...bodyPage.map((row) => row.id))

  const total = keyTotal ?? titleTotal + (bodyPage.length > 0 ? bodyPage[0]!.total : await count(se, bodyOnly))
  const { pagination } = paginate(request, total)
  if (ids.length === 0) return { list: [], pagination }

  const rows = await db
    .select({ id: se.id, kind: se.kind, one_depth: se.one_depth, two_depth: se.two_depth, title: se.title, body: se.body, url: se.url })
    .from(se)
    .where(inArray(se.id, ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const list = ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const titleMatches = initials ? [...findMatches(row.title, keyword), ...findChoseongMatches(row.title, keyword)] : findMatches(row.title, keyword)
    const shown = excerpt(row.body, findMatches(row.body, keyword))
    return [
      {
        kind: row.kind,
        oneDepth: row.one_depth,
        twoDepth: row.two_depth,
        title: row.title,
        description: shown.text,
        url: row.url,
        highlights: { title: titleMatches.sort((a, b) => a[0] - b[0]), description: shown.highlights },
      },
    ]
  })
  return { list, pagination }
}
