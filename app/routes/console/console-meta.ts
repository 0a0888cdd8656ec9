import { rootFromMatches } from '#app/utils/root-data.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { defaultLang } from '#shared/locales.ts'

type Match = Parameters<typeof rootFromMatches>[0][number]

/** The title of a console page in the page language, and no indexing. */
export function consoleMeta(matches: readonly Match[], key: MessageKey) {
  const lang = rootFromMatches(matches)?.lang ?? defaultLang
  return [
    { title: translate(lang, 'console.pageTitle', { page: translate(lang, key) }) },
    { name: 'robots', content: 'noindex, nofollow' },
  ]
}

/** Meta of a console address answered with the site's 404: the same as any missing page's. */
export function notFoundMeta(matches: readonly Match[]) {
  const lang = rootFromMatches(matches)?.lang ?? defaultLang
  return [{ title: translate(lang, 'error.notFound.title') }, { name: 'robots', content: 'noindex' }]
}
