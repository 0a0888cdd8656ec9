import { useLang } from '#app/i18n/use-lang.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'

/** Date and time as the console shows them: in Korean time (the company's), in the page language's format. */
export function useWhen() {
  const lang = useLang()
  return (iso: string | null | undefined, fallback = '') => (iso ? koreaDateTime(iso, lang) : fallback)
}
