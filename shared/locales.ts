/**
 * The one list of locales, and the rule that picks a visitor's language:
 * `?lang=ko|en`, then the `lang` cookie, then Korean. Used by browser and server.
 */
export const locales = ['ko', 'en'] as const
export type Lang = (typeof locales)[number]
export const defaultLang: Lang = 'ko'

/** Cookie the server reads; set by the header's language switch. */
export const LANG_COOKIE = 'lang'
/** Session-storage key of the specification: '' = Korean, '_en' = English. */
export const LANG_STORAGE_KEY = 'language'
/** One year, in seconds. */
export const LANG_COOKIE_MAX_AGE = 31_536_000

/** The `Set-Cookie` / `document.cookie` value that keeps `lang` for a year. */
export function langCookie(lang: Lang, secure: boolean): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** The content-field suffix of the specification: '' for Korean, '_en' for English. */
export function suffixOf(lang: Lang): '' | '_en' {
  return lang === 'en' ? '_en' : ''
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export function resolveLang(queryValue: string | null | undefined, cookieHeader: string | null | undefined): Lang {
  if (isLang(queryValue)) return queryValue
  const fromCookie = readCookie(cookieHeader, LANG_COOKIE)
  return isLang(fromCookie) ? fromCookie : defaultLang
}

/** Picks `field` or `field_en` from a bilingual record, falling back to Korean when English is empty. */
export function localized<T extends Record<string, unknown>>(record: T, field: string, lang: Lang): string {
  const own = record[`${field}${suffixOf(lang)}`]
  if (typeof own === 'string' && own !== '') return own
  const base = record[field]
  return typeof base === 'string' ? base : ''
}
