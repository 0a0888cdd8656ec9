import { useEffect, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrors, type FieldErrors } from '#shared/member-rules.ts'

/**
 * Messages at the field from the same schema the server uses: checked in the browser on submit
 * (an invalid form is not sent), replaced by the server's answer (`serverErrors`) when it comes.
 * A field's message goes away as soon as the field changes.
 */
export function useFormErrors(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {})
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries([...new FormData(event.currentTarget).entries()].filter(([, v]) => typeof v === 'string'))
    const result = schema.safeParse(values)
    if (result.success) {
      setErrors({})
      return
    }
    event.preventDefault()
    const found = fieldErrors(result.error)
    setErrors(found)
    // Focus the first invalid field, as a screen-reader user would need.
    const first = Object.keys(found)[0]
    const input = first ? event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`) : null
    input?.focus()
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name
    if (name && errors[name]) {
      setErrors(({ [name]: _, ...rest }) => rest)
    }
  }

  return { errors, onSubmit, onChange, setErrors }
}
