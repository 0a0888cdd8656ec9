import { describe, expect, it } from 'vitest'
import { cloneCopies, normalizePosition, realIndex } from './slider-loop.ts'

describe('banner track [last, …3 slides, first] (pad 1)', () => {
  it('maps each track position to its slide', () => {
    expect([0, 1, 2, 3, 4].map((p) => realIndex(p, 1, 3))).toEqual([2, 0, 1, 2, 0])
  })
  it('jumps from the clones to the real slides', () => {
    expect(normalizePosition(4, 1, 3)).toBe(1)
    expect(normalizePosition(0, 1, 3)).toBe(3)
    expect(normalizePosition(2, 1, 3)).toBe(2)
  })
})

describe('product track (one copy of 6 on each side, pad 6)', () => {
  it('maps clones on both sides to the real items', () => {
    expect(realIndex(12, 6, 6)).toBe(0)
    expect(realIndex(5, 6, 6)).toBe(5)
    expect(normalizePosition(12, 6, 6)).toBe(6)
    expect(normalizePosition(5, 6, 6)).toBe(11)
    expect(normalizePosition(-1, 6, 6)).toBe(11)
  })
})

describe('cloneCopies', () => {
  it('fills each side with enough items', () => {
    expect(cloneCopies(6, 6)).toBe(1)
    expect(cloneCopies(4, 6)).toBe(2)
    expect(cloneCopies(2, 6)).toBe(3)
  })
  it('does not loop a single item or none', () => {
    expect(cloneCopies(1, 6)).toBe(0)
    expect(cloneCopies(0, 6)).toBe(0)
  })
})
