import { useLang } from '#app/i18n/use-lang.ts'

/** Date and time as the console shows them: in Korean time (the company's), in the page language's format. */
export function useWhen() {
  const lang = useLang()
  return (iso: string | null | undefined, fallback = '') =>
    iso ? new Date(iso).toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB', { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'short' }) : fallback
}
