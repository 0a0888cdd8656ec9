import { useT } from '#app/i18n/use-lang.ts'
import type { Lang } from '#shared/locales.ts'
import type { TermsState } from '#shared/terms-rules.ts'

/** A date and time as in Korea, in the console's language. */
export function koreaDateTime(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB', { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'short' })
}

/** Where a version stands, in words (not by colour alone). */
export function TermsStateBadge({ state }: { state: TermsState }) {
  const t = useT()
  return <span className={`terms-state terms-state--${state}`}>{t(`console.terms.state.${state}`)}</span>
}
