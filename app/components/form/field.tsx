import { useId, type ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './field.css'

/** What a field hands its control: the wiring of label, hint and error. */
export type FieldControl = {
  id: string
  required: boolean | undefined
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export type FieldProps = {
  label: ReactNode
  /** Shows the [필수]/[Required] marker and sets `required` (forms with their own messages use `noValidate`). */
  required?: boolean | undefined
  /** Error text; marks the control invalid and is linked to it. */
  error?: ReactNode
  /** Help text under the control, linked to it. */
  hint?: ReactNode
  /** Keeps the label for assistive technology only (search boxes). */
  hideLabel?: boolean | undefined
  /** Class of the wrapper. */
  className?: string | undefined
  /** The control's id (default: generated). */
  id?: string | undefined
  /** Further ids that describe the control (a hint shared by several inputs). */
  describedBy?: string | undefined
  children: (control: FieldControl) => ReactNode
}

/**
 * One labelled form field: label with the required marker, the control, its hint and its error,
 * wired with ids so a screen reader announces all three. TextInput and Textarea are built on it;
 * any other control can be (`<Field label=…>{(control) => <select {...control} />}</Field>`).
 */
export function Field({ label, required, error, hint, hideLabel, className, id, describedBy, children }: FieldProps) {
  const t = useT()
  const autoId = useId()
  const controlId = id ?? `${autoId}control`
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const described = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className={`field__label ${hideLabel ? 'visually-hidden' : ''}`} htmlFor={controlId}>
        {label}
        {required ? <span className="field__required">{` ${t('form.required')}`}</span> : null}
      </label>
      {children({ id: controlId, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
