import type { FastifyReply, FastifyRequest } from 'fastify'
import { isLang, LANG_COOKIE, langCookie, readCookie, resolveLang, type Lang } from '#shared/locales.ts'

/** The `lang` query value, from the query string alone (a path such as `//x` is no host to a parser given only a path). */
function langQuery(url: string): string | null {
  const at = url.indexOf('?')
  return at < 0 ? null : new URLSearchParams(url.slice(at)).get('lang')
}

/**
 * The page language of a request (`?lang`, then the `lang` cookie, then Korean) and the cookie to
 * set: an explicit `?lang` that the cookie does not hold yet is remembered, so the pages a visitor
 * reaches from there (whose links carry no `lang`) stay in that language, as after the header's
 * switch. On raw requests too: the kept answers' front door has no Fastify request.
 */
export function langOf(
  url: string,
  cookieHeader: string | undefined,
  https: boolean,
): { lang: Lang; setCookie: string | null } {
  const query = langQuery(url)
  const remember = isLang(query) && readCookie(cookieHeader, LANG_COOKIE) !== query
  return { lang: resolveLang(query, cookieHeader), setCookie: remember ? langCookie(query, https) : null }
}

/** The page language of a request, without setting anything. */
export function requestPageLang(request: FastifyRequest): Lang {
  return resolveLang(langQuery(request.url), request.headers.cookie)
}

/** The page language; sets the `lang` cookie as `langOf` says. Used by rendered pages. */
export function pageLang(request: FastifyRequest, reply: FastifyReply, https: boolean): Lang {
  const { lang, setCookie } = langOf(request.url, request.headers.cookie, https)
  if (setCookie) reply.header('set-cookie', setCookie)
  return lang
}
