import { useId, type ComponentPropsWithRef, type ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './field.css'

export type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children' | 'name'> & {
  label: ReactNode
  name: string
  required?: boolean
  error?: ReactNode
  hint?: ReactNode
  hideLabel?: boolean
  /** Class of the wrapper. */
  className?: string
  /** Class of the textarea itself. */
  inputClassName?: string
}

/** Labelled multi-line input with required marker, hint and error (same look as TextInput). */
export function Textarea({ label, name, required, error, hint, hideLabel, className, inputClassName, id, rows = 6, ...rest }: TextareaProps) {
  const t = useT()
  const autoId = useId()
  const inputId = id ?? `${autoId}textarea`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [rest['aria-describedby'], hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined

  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className={`field__label ${hideLabel ? 'visually-hidden' : ''}`} htmlFor={inputId}>
        {label}
        {required ? <span className="field__required">{` ${t('form.required')}`}</span> : null}
      </label>
      <div className="field__control">
        <textarea
          {...rest}
          id={inputId}
          name={name}
          rows={rows}
          className={`field__input field__input--textarea ${inputClassName ?? ''}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
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
