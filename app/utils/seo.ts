import { defaultLang, locales, type Lang } from '#shared/locales.ts'

/** Query parameters that only steer scrolling; they never make a page distinct. */
const NON_CANONICAL = ['lang', 'focus', 'focus_block', 'disableScrollTop']

/**
 * The URL of `pathname?search` in `lang`: the page's other parameters kept. Korean, the default,
 * is the address without `lang` (what a crawler without cookies gets); English adds `lang=en`.
 */
export function languageUrl(siteUrl: string, pathname: string, search: string, lang: Lang | null): string {
  const params = new URLSearchParams(search)
  for (const name of NON_CANONICAL) params.delete(name)
  if (lang && lang !== defaultLang) params.set('lang', lang)
  const query = params.toString()
  return `${siteUrl}${pathname}${query ? `?${query}` : ''}`
}

/** Canonical link plus `hreflang` alternates for every locale and x-default. */
export function alternateLinks(siteUrl: string, pathname: string, search: string, lang: Lang) {
  return [
    { rel: 'canonical', href: languageUrl(siteUrl, pathname, search, lang) },
    ...locales.map((l) => ({ rel: 'alternate', hrefLang: l, href: languageUrl(siteUrl, pathname, search, l) })),
    { rel: 'alternate', hrefLang: 'x-default', href: languageUrl(siteUrl, pathname, search, null) },
  ]
}

/** The meta tags every page carries: title, description, Open Graph and Twitter card. */
export function pageMeta({
  title,
  description,
  lang,
  siteName,
}: {
  title: string
  description: string
  lang: Lang
  siteName?: string
}) {
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: lang === 'en' ? 'en_US' : 'ko_KR' },
    ...(siteName ? [{ property: 'og:site_name', content: siteName }] : []),
    { name: 'twitter:card', content: 'summary' },
  ]
}
