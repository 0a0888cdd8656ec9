import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react'
import './checkbox.css'

export type CheckboxProps = {
  label: ReactNode
  /** Controlled: the state, kept by `onChange`. */
  checked?: boolean
  /**
   * Uncontrolled (a form read when sent): the state it starts with. A click before the page is
   * hydrated then stays; a controlled box is reset to its state by hydration.
   */
  defaultChecked?: boolean
  onChange?: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void
  disabled?: boolean
  name?: string
  value?: string
  id?: string
  required?: boolean
  /** Error text; marks the checkbox invalid and is linked to it. */
  error?: ReactNode
  className?: string
  ref?: Ref<HTMLInputElement>
}

/** Native checkbox with custom drawing; the whole label row is a 44 px target. */
export function Checkbox({
  label,
  checked,
  defaultChecked,
  onChange,
  disabled,
  name,
  value,
  id,
  required,
  error,
  className,
  ref,
}: CheckboxProps) {
  const autoId = useId()
  const inputId = id ?? `${autoId}checkbox`
  const errorId = `${inputId}-error`
  return (
    <div className={`checkbox ${error ? 'checkbox--invalid' : ''} ${className ?? ''}`}>
      <label className="checkbox__row" htmlFor={inputId}>
        <input
          ref={ref}
          id={inputId}
          className="checkbox__input"
          type="checkbox"
          checked={checked}
          defaultChecked={defaultChecked}
          onChange={onChange && ((event) => onChange(event.target.checked, event))}
          disabled={disabled}
          name={name}
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span className="checkbox__label">{label}</span>
      </label>
      {error ? (
        <p id={errorId} className="checkbox__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
