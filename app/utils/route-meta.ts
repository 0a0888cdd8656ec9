import type { RootData } from '#app/root.tsx'
import { translate, type MessageKey } from '#app/i18n/messages.ts'
import { defaultLang } from '#shared/locales.ts'
import { pageMeta } from './seo.ts'

type Match = { id: string; loaderData?: unknown } | undefined

/** The root loader's data from `meta`'s matches. */
export function rootFromMatches(matches: readonly Match[]): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined
}

/**
 * Title, description and Open Graph tags of a page, in the page language; the title gets the
 * company name appended.
 */
export function routeMeta(matches: readonly Match[], title: string | { key: MessageKey }, description: string | { key: MessageKey }) {
  const root = rootFromMatches(matches)
  const lang = root?.lang ?? defaultLang
  const company = root?.site.companyName ?? ''
  const text = (v: string | { key: MessageKey }) => (typeof v === 'string' ? v : translate(lang, v.key, { company }))
  return pageMeta({ title: `${text(title)} | ${company}`, description: text(description), lang, siteName: company })
}
