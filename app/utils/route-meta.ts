import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { defaultLang } from '#shared/locales.ts'
import { rootFromMatches } from './root-data.ts'
import { pageMeta } from './seo.ts'

type Match = Parameters<typeof rootFromMatches>[0][number]

/**
 * Title, description and Open Graph tags of a page, in the page language; the title gets the
 * company name appended.
 */
export function routeMeta(
  matches: readonly Match[],
  title: string | { key: MessageKey },
  description: string | { key: MessageKey },
) {
  const root = rootFromMatches(matches)
  const lang = root?.lang ?? defaultLang
  const company = root?.site.companyName ?? ''
  const text = (v: string | { key: MessageKey }) => (typeof v === 'string' ? v : translate(lang, v.key, { company }))
  return pageMeta({ title: `${text(title)} | ${company}`, description: text(description), lang, siteName: company })
}
