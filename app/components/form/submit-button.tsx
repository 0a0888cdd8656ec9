import type { ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './form.css'

/**
 * The submit button of a form: disabled while the form is being sent, its label then saying so
 * (`busyLabel`, by default "Sending…").
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className,
}: {
  busy: boolean
  busyLabel?: ReactNode
  children: ReactNode
  className?: string
}) {
  const t = useT()
  return (
    <button type="submit" className={`button button--primary form-submit ${className ?? ''}`} disabled={busy}>
      {busy ? (busyLabel ?? t('form.sending')) : children}
    </button>
  )
}
