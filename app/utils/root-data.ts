import { useRouteLoaderData } from 'react-router'
import { localized, type Lang } from '#shared/locales.ts'

/** The site facts of the header, footer and meta tags, in the page language (from `site_settings`). */
export type SiteFacts = ReturnType<typeof siteFacts>

/** What the root loader answers: the same for every visitor of a language, so pages can be cached. */
export type RootData = {
  lang: Lang
  siteUrl: string
  /** Where the browser fetches the page language's catalogue (the other one never travels to it; ADR 076). */
  messagesUrl: string
  site: SiteFacts
  /** A staff member's preview of unpublished content (the site layout says so at the top). */
  preview: boolean
}

type SettingsRow = Record<string, unknown> & {
  phone: string
  fax: string
  vr_url_ko: string
  vr_url_en: string
  vr_url_ru: string
  groupware_url: string
}

/** The facts of a `site_settings` row in one language. */
export function siteFacts(s: SettingsRow, lang: Lang) {
  return {
    companyName: localized(s, 'company_name', lang),
    ceo: localized(s, 'ceo', lang),
    hqAddress: localized(s, 'hq_address', lang),
    seoulAddress: localized(s, 'seoul_address', lang),
    daeguAddress: localized(s, 'daegu_address', lang),
    businessNumbers: localized(s, 'business_numbers', lang).split('\n'),
    phone: s.phone,
    fax: s.fax,
    vrUrls: { ko: s.vr_url_ko, en: s.vr_url_en, ru: s.vr_url_ru },
    groupwareUrl: s.groupware_url,
  }
}

/** The root loader's data; undefined only while the root itself failed (its error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}

/** The site facts, for components that render only inside the site frame (which needs the root data). */
export function useSiteFacts(): SiteFacts {
  const data = useRootData()
  if (!data) throw new Error('useSiteFacts() outside the site frame')
  return data.site
}

type Match = { id: string; loaderData?: unknown } | undefined

/** The root loader's data from `meta`'s matches. */
export function rootFromMatches(matches: readonly Match[]): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined
}
