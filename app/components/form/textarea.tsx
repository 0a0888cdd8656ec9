import type { ComponentPropsWithRef } from 'react'
import { Field, type FieldProps } from './field.tsx'

export type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children' | 'name' | 'required'> &
  Omit<FieldProps, 'children' | 'describedBy'> & {
    name: string
    /** Class of the textarea itself. */
    inputClassName?: string
  }

/** Labelled multi-line input (see Field), with the look of TextInput. */
export function Textarea({
  label,
  required,
  error,
  hint,
  hideLabel,
  className,
  id,
  inputClassName,
  rows = 6,
  ...textarea
}: TextareaProps) {
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      id={id}
      describedBy={textarea['aria-describedby']}
    >
      {(control) => (
        <div className="field__control">
          <textarea
            {...textarea}
            {...control}
            rows={rows}
            className={`field__input field__input--textarea ${inputClassName ?? ''}`}
          />
        </div>
      )}
    </Field>
  )
}
