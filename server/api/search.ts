import type { FastifyInstance } from 'fastify'
import { searchListQuery, searchListSchema } from '#shared/api-schemas/search.ts'
import { requestLang } from './errors.ts'
import type { ApiCall } from './openapi.ts'
import { ok, parseQuery } from './query.ts'

export const searchCalls = {
  list: {
    path: '/search/list',
    tag: 'search',
    summary:
      'Site search: everything public in one language holding every word, best hits first (every word in the title, the words together and in order, whole words, newer first)',
    query: searchListQuery,
    response: searchListSchema,
  },
} satisfies Record<string, ApiCall>

/** Public like every content call: a Bearer token or session is accepted and changes nothing. */
export async function searchRoutes(app: FastifyInstance) {
  const { search } = app.services
  app.get(searchCalls.list.path, async (request) => {
    const { language, keyword, ...page } = parseQuery(searchListQuery, request.query)
    const lang = language ? (language === 'ENG' ? 'en' : 'ko') : requestLang(request)
    const result = await search.search({ keyword, lang, ...page })
    return ok({
      list: result.list.map(({ kind, ...hit }) => ({ type: kind, ...hit })),
      pagination: result.pagination,
      partial: result.partial,
      corrected: result.corrected,
    })
  })
}
