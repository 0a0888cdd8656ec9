import { useT } from '#app/i18n/use-lang.ts'
import type { FormMessage } from './form-result.ts'
import './form.css'

/** The message about the whole form (rate limit, "no matching information"), announced when it appears. */
export function FormAlert({ message, id }: { message: FormMessage | undefined; id?: string }) {
  const t = useT()
  if (!message) return null
  return (
    <p id={id} className="form-alert" role="alert">
      {t(message.key, message.vars)}
    </p>
  )
}
