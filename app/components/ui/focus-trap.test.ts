// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { openModalLayer } from './focus-trap.ts'

const press = (key: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))

describe('openModalLayer', () => {
  it('gives the keyboard to the topmost layer only: one Escape closes one layer', () => {
    const below = vi.fn()
    const above = vi.fn()
    const closeBelow = openModalLayer(below)
    const closeAbove = openModalLayer(above)
    press('Escape')
    expect(above).toHaveBeenCalledTimes(1)
    expect(below).not.toHaveBeenCalled()
    // The top layer closed: the next Escape is the lower one's.
    closeAbove()
    press('Escape')
    expect(below).toHaveBeenCalledTimes(1)
    expect(above).toHaveBeenCalledTimes(1)
    closeBelow()
    press('Escape')
    expect(below).toHaveBeenCalledTimes(1)
  })

  it('removes the right layer when a lower one closes first', () => {
    const a = vi.fn()
    const b = vi.fn()
    const closeA = openModalLayer(a)
    const closeB = openModalLayer(b)
    closeA()
    press('Tab')
    expect(b).toHaveBeenCalledTimes(1)
    expect(a).not.toHaveBeenCalled()
    closeB()
  })
})
