import { useId, type ClipboardEvent, type FormEvent } from 'react'
import { Field } from '#app/components/form/field.tsx'
import { ORD_PART_LENGTHS } from '#shared/order-rules.ts'
import { COPY } from './morgan-copy.ts'
import { acceptOrdPart, pastedOrd, type OrdPart } from './morgan-query.ts'

type Props = {
  value: [string, string]
  onChange: (value: [string, string]) => void
  /** The server's message about the ORD number, if any. */
  error?: string | undefined
}

/** Refuses a non-digit before it reaches the input (a typed hyphen, a letter); onChange filters the rest. */
function refuseNonDigits(event: FormEvent<HTMLInputElement>) {
  const data = (event.nativeEvent as InputEvent).data
  if (data && !/^\d+$/.test(data)) event.preventDefault()
}

/**
 * The ORD number as two numeric inputs, 2 and 4 digits (spec sections 2, 5, 9): a typed hyphen,
 * a letter or a digit past the length is not taken; pasting a whole number (`25-0100`) into the
 * first fills both. Without JavaScript they are sent as `ord1` and `ord2`.
 */
export function OrdInputs({ value, onChange, error }: Props) {
  const hintId = useId()
  const errorId = useId()
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ')

  const set = (part: OrdPart, next: string) => {
    const parts: [string, string] = [...value]
    parts[part] = acceptOrdPart(value[part], next, part)
    onChange(parts)
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const both = pastedOrd(event.clipboardData.getData('text'))
    if (!both) return
    event.preventDefault()
    onChange(both)
  }

  const input = (part: OrdPart, label: string, placeholder: string) => (
    <Field
      label={label}
      hideLabel
      className={`ord-inputs__part ord-inputs__part--${part + 1}`}
      describedBy={describedBy}
    >
      {(control) => (
        <input
          {...control}
          aria-invalid={error ? true : undefined}
          className="field__input"
          name={`ord${part + 1}`}
          value={value[part]}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={ORD_PART_LENGTHS[part]}
          autoComplete="off"
          placeholder={placeholder}
          onBeforeInput={refuseNonDigits}
          onChange={(event) => set(part, event.target.value)}
          onPaste={part === 0 ? onPaste : undefined}
        />
      )}
    </Field>
  )

  return (
    <fieldset className={`ord-inputs${error ? ' field--invalid' : ''}`}>
      <legend className="field__label">{COPY.ord}</legend>
      <div className="ord-inputs__row">
        {input(0, COPY.ordFirst, '25')}
        <span className="ord-inputs__dash" aria-hidden="true">
          -
        </span>
        {input(1, COPY.ordSecond, '0100')}
      </div>
      <p id={hintId} className="field__hint">
        {COPY.ordHint}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
