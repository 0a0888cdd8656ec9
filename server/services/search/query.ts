import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchEntries as se } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { pagedOnce, type Paged, type PageRequest } from '../pagination.ts'
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
 *   for a keyword of initial consonants only, in the title's initials. The GIN index of unigram
 *   and bigram keys finds the candidates; for 3 characters and more they are checked against
 *   the text (the keys prove 1- and 2-character matches by themselves);
 * - score: the title is the keyword (8) + the keyword as whole words of the title (4) + in the
 *   title at all (2) + every word of it a whole word of the entry (1); then newer first (pages
 *   without a date, which are always current, before dated ones), then the latest entry.
 *   Initial consonants count as the title when they are all of its initials.
 */
export async function searchEntries(db: Db, request: SearchRequest): Promise<Paged<SearchHit>> {
  const keyword = compact(request.keyword)
  if (isTooShort(keyword)) return { list: [], pagination: { page: request.page, page_list: [], totalPageCount: 0, totalRecordCountAll: 0 } }
  const initials = isChoseongQuery(keyword)
  const phrase = ` ${wordsOf(request.keyword).join(' ')} `
  const words = [...new Set(wordsOf(request.keyword).map(wordCode))]

  const inTitle = initials
    ? sql`(strpos(${se.title_compact}, ${keyword}) > 0 or strpos(${se.title_choseong}, ${keyword}) > 0)`
    : sql`strpos(${se.title_compact}, ${keyword}) > 0`
  const where: SQL[] = [eq(se.lang, request.lang), sql`${se.grams} @> ${int4Array(queryCodes(keyword))}`]
  if (keyword.length >= 3) where.push(sql`(${inTitle} or strpos(${se.body_compact}, ${keyword}) > 0)`)
  const matching = and(...where)

  const exact = initials ? sql`${se.title_choseong} = ${keyword}` : sql`${se.title_compact} = ${keyword}`
  const score = sql<number>`(case when ${exact} then 8 else 0 end)
    + (case when strpos(${se.title_words}, ${phrase}) > 0 then 4 else 0 end)
    + (case when ${inTitle} then 2 else 0 end)
    + (case when ${se.id} in (select ${se.id} from ${se} where ${se.words} @> ${int4Array(words)}) then 1 else 0 end)`

  const page = await pagedOnce(
    request,
    async ({ offset, limit }) =>
      db
        .select({ id: se.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(se)
        .where(matching)
        .orderBy(sql`${score} desc`, sql`${se.updated_at} desc nulls first`, sql`${se.id} desc`)
        .offset(offset)
        .limit(limit),
    async () => (await db.select({ n: sql<number>`count(*)::int` }).from(se).where(matching))[0]?.n ?? 0,
  )
  if (page.list.length === 0) return { list: [], pagination: page.pagination }

  const ids = page.list.map((row) => row.id)
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
  return { list, pagination: page.pagination }
}
