import { describe, expect, it } from 'vitest'
import { dropdownReducer, initialDropdownState, type DropdownContext, type DropdownState } from './dropdown-state.ts'

// Options: 0 Apple, 1 Banana (disabled), 2 Cherry, 3 Date, 4 Elder (disabled)
const ctx: DropdownContext = {
  disabled: [false, true, false, false, true],
  selected: -1,
  labels: ['Apple', 'Banana', 'Cherry', 'Date', 'Elder'],
}
const open = (active: number): DropdownState => ({ open: true, active })
const closed = initialDropdownState

describe('dropdownReducer', () => {
  it('a click on the button opens on the first enabled option when nothing is selected', () => {
    const r = dropdownReducer(closed, { type: 'toggle' }, ctx)
    expect(r).toEqual({ state: open(0), choose: null, handled: true })
  })

  it('opens on the selected option', () => {
    expect(dropdownReducer(closed, { type: 'toggle' }, { ...ctx, selected: 3 }).state).toEqual(open(3))
  })

  it('a selected option that became disabled is not made active', () => {
    expect(dropdownReducer(closed, { type: 'toggle' }, { ...ctx, selected: 1 }).state).toEqual(open(0))
  })

  it('a second click closes without choosing', () => {
    expect(dropdownReducer(open(2), { type: 'toggle' }, ctx)).toEqual({ state: closed, choose: null, handled: true })
  })

  it('ArrowDown, ArrowUp, Home and End on the closed button open it', () => {
    expect(dropdownReducer(closed, { type: 'key', key: 'ArrowDown' }, ctx).state).toEqual(open(0))
    expect(dropdownReducer(closed, { type: 'key', key: 'ArrowUp' }, { ...ctx, selected: 2 }).state).toEqual(open(2))
    expect(dropdownReducer(closed, { type: 'key', key: 'Home' }, ctx).state).toEqual(open(0))
    expect(dropdownReducer(closed, { type: 'key', key: 'End' }, ctx).state).toEqual(open(3))
  })

  it('other keys on the closed button are not handled', () => {
    expect(dropdownReducer(closed, { type: 'key', key: 'Escape' }, ctx)).toEqual({
      state: closed,
      choose: null,
      handled: false,
    })
    expect(dropdownReducer(closed, { type: 'key', key: 'x' }, ctx).handled).toBe(false)
  })

  it('ArrowDown skips disabled options and clamps at the last enabled one', () => {
    let s = open(0)
    s = dropdownReducer(s, { type: 'key', key: 'ArrowDown' }, ctx).state
    expect(s.active).toBe(2) // skipped disabled Banana
    s = dropdownReducer(s, { type: 'key', key: 'ArrowDown' }, ctx).state
    expect(s.active).toBe(3)
    s = dropdownReducer(s, { type: 'key', key: 'ArrowDown' }, ctx).state
    expect(s.active).toBe(3) // Elder is disabled: stays on Date, no wrap
  })

  it('ArrowUp skips disabled options and clamps at the first', () => {
    let s = open(2)
    s = dropdownReducer(s, { type: 'key', key: 'ArrowUp' }, ctx).state
    expect(s.active).toBe(0)
    s = dropdownReducer(s, { type: 'key', key: 'ArrowUp' }, ctx).state
    expect(s.active).toBe(0)
  })

  it('arrows from no active option go to the first / last enabled', () => {
    expect(dropdownReducer(open(-1), { type: 'key', key: 'ArrowDown' }, ctx).state.active).toBe(0)
    expect(dropdownReducer(open(-1), { type: 'key', key: 'ArrowUp' }, ctx).state.active).toBe(3)
  })

  it('Home and End go to the first and last enabled options', () => {
    expect(dropdownReducer(open(2), { type: 'key', key: 'Home' }, ctx).state).toEqual(open(0))
    expect(dropdownReducer(open(0), { type: 'key', key: 'End' }, ctx).state).toEqual(open(3))
  })

  it('Enter chooses the active option and closes', () => {
    expect(dropdownReducer(open(2), { type: 'key', key: 'Enter' }, ctx)).toEqual({
      state: closed,
      choose: 2,
      handled: true,
    })
  })

  it('Space chooses too', () => {
    expect(dropdownReducer(open(3), { type: 'key', key: ' ' }, ctx)).toMatchObject({ state: closed, choose: 3 })
  })

  it('Enter with no active option closes without choosing', () => {
    expect(dropdownReducer(open(-1), { type: 'key', key: 'Enter' }, ctx)).toEqual({
      state: closed,
      choose: null,
      handled: true,
    })
  })

  it('Escape closes without choosing', () => {
    expect(dropdownReducer(open(2), { type: 'key', key: 'Escape' }, ctx)).toEqual({
      state: closed,
      choose: null,
      handled: true,
    })
  })

  it('Tab closes without choosing and lets focus move on', () => {
    expect(dropdownReducer(open(2), { type: 'key', key: 'Tab' }, ctx)).toEqual({
      state: closed,
      choose: null,
      handled: false,
    })
  })

  it('typing a letter jumps to the next enabled option starting with it', () => {
    expect(dropdownReducer(open(0), { type: 'key', key: 'd' }, ctx).state.active).toBe(3)
    expect(dropdownReducer(open(0), { type: 'key', key: 'b' }, ctx)).toMatchObject({ state: open(0), handled: false }) // Banana is disabled
    expect(dropdownReducer(open(3), { type: 'key', key: 'A' }, ctx).state.active).toBe(0) // cycles past the end
  })

  it('clicking an enabled option chooses it and closes; a disabled one does nothing', () => {
    expect(dropdownReducer(open(0), { type: 'click', index: 2 }, ctx)).toEqual({
      state: closed,
      choose: 2,
      handled: true,
    })
    expect(dropdownReducer(open(0), { type: 'click', index: 1 }, ctx)).toEqual({
      state: open(0),
      choose: null,
      handled: true,
    })
  })

  it('hovering moves the active option, except onto disabled ones', () => {
    expect(dropdownReducer(open(0), { type: 'hover', index: 3 }, ctx).state).toEqual(open(3))
    expect(dropdownReducer(open(0), { type: 'hover', index: 4 }, ctx).state).toEqual(open(0))
  })

  it('close (outside click) closes without choosing', () => {
    expect(dropdownReducer(open(2), { type: 'close' }, ctx)).toEqual({ state: closed, choose: null, handled: true })
  })

  it('all options disabled: opens with no active option and Enter chooses nothing', () => {
    const none: DropdownContext = { disabled: [true, true], selected: -1 }
    const s = dropdownReducer(closed, { type: 'toggle' }, none).state
    expect(s).toEqual(open(-1))
    expect(dropdownReducer(s, { type: 'key', key: 'ArrowDown' }, none).state).toEqual(open(-1))
    expect(dropdownReducer(s, { type: 'key', key: 'Enter' }, none).choose).toBeNull()
  })
})
