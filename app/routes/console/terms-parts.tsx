import { useT } from '#app/i18n/use-lang.ts'
import type { TermsState } from '#shared/terms-rules.ts'

/** Where a version stands, in words (not by colour alone). */
export function TermsStateBadge({ state }: { state: TermsState }) {
  const t = useT()
  return <span className={`terms-state terms-state--${state}`}>{t(`console.terms.state.${state}`)}</span>
}
