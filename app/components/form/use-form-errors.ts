import { useEffect, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { useT } from '#app/i18n/use-lang.ts'
import { fieldErrors, type FieldErrors } from '#shared/field-errors.ts'
import type { FormCheck } from '#shared/form-check.ts'

/** The field names of a zod schema or of a `formCheck`. */
type FieldsOf<S> = S extends z.ZodType ? keyof z.input<S> & string : S extends FormCheck<infer F> ? F : string

/**
 * Messages at the field from the same schema the server uses (or, on public pages, a zod-free
 * `formCheck` naming the same message keys: shared/form-check.ts): checked in the browser on submit
 * (an invalid form is not sent), replaced by the server's answer (`serverErrors`) when it comes.
 * A field's message goes away as soon as the field changes. `errorFor(field)` is the message of
 * one field in the page language, for the `error` of its input; fields are the schema's own.
 */
export function useFormErrors<S extends z.ZodType | FormCheck>(schema: S, serverErrors: FieldErrors | undefined) {
  type Field = FieldsOf<S>
  const t = useT()
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {})
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].filter(([, v]) => typeof v === 'string'),
    )
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

  function clearError(name: string) {
    setErrors((current) => {
      if (!current[name]) return current
      const { [name]: _, ...rest } = current
      return rest
    })
  }

  /** For the form's `onInput` (the DOM's input event, at every edit): a field's error goes as soon as it is edited. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name
    if (name) clearError(name)
  }

  const errorFor = (field: Field): string | undefined => {
    const key = errors[field]
    return key ? t(key) : undefined
  }

  return { errors, errorFor, onSubmit, onInput, clearError }
}
