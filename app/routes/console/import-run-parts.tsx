import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import type { ImportRunState } from '#shared/import-list.ts'
import './imports.css'

export const RUN_STATE_LABELS: Record<ImportRunState, MessageKey> = {
  'dry-run': 'console.imports.state.dry-run',
  done: 'console.imports.state.done',
  failed: 'console.imports.state.failed',
  running: 'console.imports.state.running',
}

/** Where a check or import stands, in words (not by colour alone). */
export function RunState({ state }: { state: string }) {
  const t = useT()
  const known = (Object.hasOwn(RUN_STATE_LABELS, state) ? state : 'failed') as ImportRunState
  return <span className={`import-state import-state--${known}`}>{t(RUN_STATE_LABELS[known])}</span>
}
