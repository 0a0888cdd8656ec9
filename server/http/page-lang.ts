import type { FastifyReply, FastifyRequest } from 'fastify'
import { isLang, LANG_COOKIE, langCookie, readCookie, resolveLang, type Lang } from '#shared/locales.ts'

/** The `lang` query value, from the query string alone (a path such as `//x` is no host to a parser given only a path). */
function langQuery(url: string): string | null {
  const at = url.indexOf('?')
  return at < 0 ? null : new URLSearchParams(url.slice(at)).get('lang')
}

/** The page language of a request: `?lang`, then the `lang` cookie, then Korean. */
export function requestPageLang(request: FastifyRequest): Lang {
  return resolveLang(langQuery(request.url), request.headers.cookie)
}

/**
 * The page language; an explicit `?lang` also sets the cookie, so the pages a visitor reaches from
 * there (whose links carry no `lang`) stay in that language, as after the header's switch. Used by
 * rendered pages and by pages served from the response store alike.
 */
export function pageLang(request: FastifyRequest, reply: FastifyReply, https: boolean): Lang {
  const query = langQuery(request.url)
  if (isLang(query) && readCookie(request.headers.cookie, LANG_COOKIE) !== query) reply.header('set-cookie', langCookie(query, https))
  return resolveLang(query, request.headers.cookie)
}
