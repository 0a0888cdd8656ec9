import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './field.css'

export type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'children' | 'name'> & {
  label: ReactNode
  name: string
  /** Shows the [필수]/[Required] marker and sets `required` (forms with their own messages use `noValidate`). */
  required?: boolean
  /** Error text; marks the input invalid and is linked to it. */
  error?: ReactNode
  /** Help text under the input, linked to it. */
  hint?: ReactNode
  /** Keeps the label for assistive technology only (search boxes). */
  hideLabel?: boolean
  /** Class of the wrapper. */
  className?: string
  /** Class of the input itself. */
  inputClassName?: string
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  )
}

/** Labelled text input with required marker, hint and error; password inputs get a show/hide toggle. */
export function TextInput({ label, name, required, error, hint, hideLabel, className, inputClassName, id, type = 'text', ...rest }: TextInputProps) {
  const t = useT()
  const autoId = useId()
  const inputId = id ?? `${autoId}input`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'
  const describedBy = [rest['aria-describedby'], hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined

  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className={`field__label ${hideLabel ? 'visually-hidden' : ''}`} htmlFor={inputId}>
        {label}
        {required ? <span className="field__required">{` ${t('form.required')}`}</span> : null}
      </label>
      <div className={`field__control ${isPassword ? 'field__control--password' : ''}`}>
        <input
          {...rest}
          id={inputId}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          className={`field__input ${inputClassName ?? ''}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__toggle"
            aria-controls={inputId}
            aria-label={t(revealed ? 'form.hidePassword' : 'form.showPassword')}
            onClick={() => setRevealed((v) => !v)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        ) : null}
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
