import { useState, type ComponentPropsWithRef } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import { Field, type FieldProps } from './field.tsx'

export type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'children' | 'name' | 'required'> &
  Omit<FieldProps, 'children' | 'describedBy'> & {
    name: string
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

/** Labelled one-line input (see Field); password inputs get a show/hide toggle. */
export function TextInput({
  label,
  required,
  error,
  hint,
  hideLabel,
  className,
  id,
  inputClassName,
  type = 'text',
  ...input
}: TextInputProps) {
  const t = useT()
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      id={id}
      describedBy={input['aria-describedby']}
    >
      {(control) => (
        <div className={`field__control ${isPassword ? 'field__control--password' : ''}`}>
          <input
            {...input}
            {...control}
            type={isPassword && revealed ? 'text' : type}
            className={`field__input ${inputClassName ?? ''}`}
          />
          {isPassword ? (
            <button
              type="button"
              className="field__toggle"
              aria-controls={control.id}
              aria-label={t(revealed ? 'form.hidePassword' : 'form.showPassword')}
              onClick={() => setRevealed((v) => !v)}
            >
              <EyeIcon crossed={revealed} />
            </button>
          ) : null}
        </div>
      )}
    </Field>
  )
}
