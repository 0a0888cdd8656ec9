import { useRouteLoaderData } from 'react-router'
import { defaultLang, type Lang } from '#shared/locales.ts'
import { translate, type Translate } from './messages.ts'

/** The page language, from the root loader (the server resolved it from `?lang`, cookie, default). */
export function useLang(): Lang {
  const data = useRouteLoaderData('root') as { lang?: Lang } | undefined
  return data?.lang ?? defaultLang
}

/** `t(key, vars)` bound to the page language. */
export function useT(): Translate {
  const lang = useLang()
  return (key, vars) => translate(lang, key, vars)
}
