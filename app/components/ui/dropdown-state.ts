/**
 * Pure state machine of the Dropdown listbox: which option is active (aria-activedescendant),
 * whether the list is open, and which option a key or click chooses. The component applies
 * `state` and, when `choose` is set, reports that option's value.
 */
export type DropdownState = {
  open: boolean
  /** Index of the active (visually focused) option, -1 for none. */
  active: number
}

export type DropdownContext = {
  /** One entry per option: true when that option cannot be chosen. */
  disabled: readonly boolean[]
  /** Index of the option matching the current value, -1 for none. */
  selected: number
  /** Option labels, for type-to-find; optional. */
  labels?: readonly string[]
}

export type DropdownAction =
  /** Click on the button. */
  | { type: 'toggle' }
  | { type: 'open'; at?: 'selected' | 'first' | 'last' }
  /** Escape-free closing: outside click, focus leaving. */
  | { type: 'close' }
  /** A key pressed on the button (closed) or on the list (open); `key` is KeyboardEvent.key. */
  | { type: 'key'; key: string }
  | { type: 'hover'; index: number }
  | { type: 'click'; index: number }

export type DropdownResult = {
  state: DropdownState
  /** Index of the chosen option, or null when nothing was chosen. */
  choose: number | null
  /** True when the action was consumed (the component then prevents the key's default). */
  handled: boolean
}

export const initialDropdownState: DropdownState = { open: false, active: -1 }

const enabled = (ctx: DropdownContext, i: number) => i >= 0 && i < ctx.disabled.length && !ctx.disabled[i]

function firstEnabled(ctx: DropdownContext): number {
  for (let i = 0; i < ctx.disabled.length; i++) if (enabled(ctx, i)) return i
  return -1
}

function lastEnabled(ctx: DropdownContext): number {
  for (let i = ctx.disabled.length - 1; i >= 0; i--) if (enabled(ctx, i)) return i
  return -1
}

/** The next enabled option from `from` in `step` direction; stays put at either end (no wrapping). */
function move(ctx: DropdownContext, from: number, step: 1 | -1): number {
  if (from < 0) return step === 1 ? firstEnabled(ctx) : lastEnabled(ctx)
  for (let i = from + step; i >= 0 && i < ctx.disabled.length; i += step) if (enabled(ctx, i)) return i
  return enabled(ctx, from) ? from : step === 1 ? lastEnabled(ctx) : firstEnabled(ctx)
}

function openAt(ctx: DropdownContext, at: 'selected' | 'first' | 'last'): DropdownState {
  if (at === 'first') return { open: true, active: firstEnabled(ctx) }
  if (at === 'last') return { open: true, active: lastEnabled(ctx) }
  return { open: true, active: enabled(ctx, ctx.selected) ? ctx.selected : firstEnabled(ctx) }
}

/** Next option (after the active one, cycling) whose label starts with `char`. */
function findByChar(ctx: DropdownContext, from: number, char: string): number {
  const labels = ctx.labels
  if (!labels) return -1
  const n = labels.length
  const needle = char.toLocaleLowerCase()
  for (let k = 1; k <= n; k++) {
    const i = (((from + k) % n) + n) % n
    if (enabled(ctx, i) && labels[i]!.trim().toLocaleLowerCase().startsWith(needle)) return i
  }
  return -1
}

const result = (state: DropdownState, handled = true, choose: number | null = null): DropdownResult => ({
  state,
  choose,
  handled,
})

export function dropdownReducer(state: DropdownState, action: DropdownAction, ctx: DropdownContext): DropdownResult {
  const closed: DropdownState = { open: false, active: -1 }
  switch (action.type) {
    case 'toggle':
      return result(state.open ? closed : openAt(ctx, 'selected'))
    case 'open':
      return result(openAt(ctx, action.at ?? 'selected'))
    case 'close':
      return result(closed, state.open)
    case 'hover':
      return enabled(ctx, action.index) && state.open
        ? result({ ...state, active: action.index })
        : result(state, false)
    case 'click':
      return enabled(ctx, action.index) ? result(closed, true, action.index) : result(state, true)
    case 'key':
      return state.open ? keyWhenOpen(state, action.key, ctx) : keyWhenClosed(state, action.key, ctx)
  }
}

function keyWhenClosed(state: DropdownState, key: string, ctx: DropdownContext): DropdownResult {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp':
    case 'Enter':
    case ' ':
      return result(openAt(ctx, 'selected'))
    case 'Home':
      return result(openAt(ctx, 'first'))
    case 'End':
      return result(openAt(ctx, 'last'))
    default:
      return result(state, false)
  }
}

function keyWhenOpen(state: DropdownState, key: string, ctx: DropdownContext): DropdownResult {
  const closed: DropdownState = { open: false, active: -1 }
  switch (key) {
    case 'ArrowDown':
      return result({ ...state, active: move(ctx, state.active, 1) })
    case 'ArrowUp':
      return result({ ...state, active: move(ctx, state.active, -1) })
    case 'Home':
      return result({ ...state, active: firstEnabled(ctx) })
    case 'End':
      return result({ ...state, active: lastEnabled(ctx) })
    case 'Enter':
    case ' ':
      return enabled(ctx, state.active) ? result(closed, true, state.active) : result(closed)
    case 'Escape':
      return result(closed)
    case 'Tab':
      // Close and let the focus move on.
      return result(closed, false)
    default:
      if (key.length === 1 && key !== ' ') {
        const found = findByChar(ctx, state.active, key)
        return found >= 0 ? result({ ...state, active: found }) : result(state, false)
      }
      return result(state, false)
  }
}
