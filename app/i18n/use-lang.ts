import { defaultLang, type Lang } from '#shared/locales.ts'
import { translate, type Translate } from '#shared/i18n/messages.ts'
import { useRootData } from '#app/utils/root-data.ts'

/** The page language, from the root loader (the server resolved it from `?lang`, cookie, default). */
export function useLang(): Lang {
  return useRootData()?.lang ?? defaultLang
}

/** `t(key, vars)` bound to the page language. */
export function useT(): Translate {
  const lang = useLang()
  return (key, vars) => translate(lang, key, vars)
}
