import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import {
  dropdownReducer,
  initialDropdownState,
  type DropdownAction,
  type DropdownContext,
  type DropdownState,
} from './dropdown-state.ts'
import './dropdown.css'

export type DropdownOption<T extends string = string> = { value: T; label: string; disabled?: boolean }

export type DropdownProps<T extends string = string> = {
  /** Names the control; pass `hideLabel` to keep it for assistive technology only. */
  label: string
  hideLabel?: boolean
  options: readonly DropdownOption<T>[]
  /** The chosen value; null (or a value matching no option) shows the placeholder. */
  value: T | null
  onChange: (value: T) => void
  /** Text while nothing is chosen; defaults to "선택하세요" / "Select". */
  placeholder?: string
  /** When given, a hidden input of this name carries the value in form submissions. */
  name?: string
  /** Id of the button. */
  id?: string
  disabled?: boolean
  className?: string
}

/**
 * Custom select: a button (aria-haspopup="listbox", aria-expanded) opening a listbox. While open,
 * focus sits on the listbox and the active option is given by aria-activedescendant. Keys:
 * ArrowDown/ArrowUp/Home/End move (and open from the button), Enter/Space choose, Escape closes,
 * typing a letter jumps to the next option starting with it. Outside clicks close it.
 * The logic lives in the pure dropdownReducer (dropdown-state.ts).
 */
export function Dropdown<T extends string = string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder,
  name,
  id,
  disabled = false,
  className,
}: DropdownProps<T>) {
  const t = useT()
  const uid = useId()
  const buttonId = id ?? `${uid}button`
  const labelId = `${uid}label`
  const listId = `${uid}list`
  const optionId = (index: number) => `${listId}-${index}`

  const [state, setState] = useState<DropdownState>(initialDropdownState)
  const stateRef = useRef(state)
  stateRef.current = state
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)

  const selected = value === null ? -1 : options.findIndex((o) => o.value === value)
  const ctx: DropdownContext = {
    disabled: options.map((o) => Boolean(o.disabled)),
    selected,
    labels: options.map((o) => o.label),
  }
  const ctxRef = useRef(ctx)
  ctxRef.current = ctx

  function dispatch(action: DropdownAction, opts: { event?: { preventDefault(): void }; refocus?: boolean } = {}) {
    const wasOpen = stateRef.current.open
    const r = dropdownReducer(stateRef.current, action, ctxRef.current)
    if (r.handled) opts.event?.preventDefault()
    if (r.state !== stateRef.current) {
      stateRef.current = r.state
      setState(r.state)
    }
    if (r.choose !== null) {
      const option = options[r.choose]
      if (option && option.value !== value) onChange(option.value)
    }
    if (opts.refocus && wasOpen && !r.state.open) buttonRef.current?.focus()
    return r
  }

  // Focus moves into the list when it opens.
  useEffect(() => {
    if (state.open) listRef.current?.focus({ preventScroll: true })
  }, [state.open])

  // Keep the active option visible inside the 250 px list.
  useEffect(() => {
    if (!state.open || state.active < 0) return
    const el = listRef.current?.children[state.active] as HTMLElement | undefined
    el?.scrollIntoView?.({ block: 'nearest' })
  }, [state.open, state.active])

  // A press outside closes it without moving focus.
  useEffect(() => {
    if (!state.open) return
    function onPointerDown(event: Event) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) dispatch({ type: 'close' })
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  })

  function onButtonKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    // Enter and Space reach the button's click (toggle) natively.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End') {
      dispatch({ type: 'key', key: event.key }, { event })
    }
  }

  function onListKeyDown(event: ReactKeyboardEvent<HTMLUListElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const r = dispatch({ type: 'key', key: event.key }, { event, refocus: event.key !== 'Tab' })
    if (event.key === 'Escape' && r.handled) {
      // Do not let an enclosing modal close as well.
      event.stopPropagation()
      event.nativeEvent.stopImmediatePropagation()
    }
  }

  const current = selected >= 0 ? options[selected] : undefined

  return (
    <div ref={rootRef} className={`dropdown ${state.open ? 'is-open' : ''} ${className ?? ''}`}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : 'dropdown__label'}>
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={state.open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${buttonId}`}
        disabled={disabled}
        onClick={() => dispatch({ type: 'toggle' })}
        onKeyDown={onButtonKeyDown}
      >
        <span className={`dropdown__value ${current ? '' : 'dropdown__value--placeholder'}`}>
          {current ? current.label : (placeholder ?? t('dropdown.placeholder'))}
        </span>
        <svg
          className="dropdown__chevron"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <ul
        ref={listRef}
        id={listId}
        className="dropdown__list"
        role="listbox"
        aria-labelledby={labelId}
        aria-activedescendant={state.open && state.active >= 0 ? optionId(state.active) : undefined}
        tabIndex={-1}
        hidden={!state.open}
        onKeyDown={onListKeyDown}
        onBlur={(event) => {
          // Keyboard focus leaving the widget closes it (pointer presses are handled above).
          const next = event.relatedTarget as Node | null
          if (next && !rootRef.current?.contains(next)) dispatch({ type: 'close' })
        }}
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            className={`dropdown__option ${index === state.active ? 'is-active' : ''}`}
            aria-selected={index === selected}
            aria-disabled={option.disabled ? true : undefined}
            onClick={() => dispatch({ type: 'click', index }, { refocus: true })}
            onMouseMove={() => {
              if (stateRef.current.active !== index) dispatch({ type: 'hover', index })
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
      {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
    </div>
  )
}
