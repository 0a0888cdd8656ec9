import { describe, expect, it } from 'vitest'
import { adjacentTarget, easeInOutCubic, isAligned, nearestTarget, sectionTargets } from './full-page-targets.ts'

// Three 900 px sections and a 300 px footer: the page ends at 2700 + 300 - 900 = 2100.
const targets = sectionTargets([0, 900, 1800, 2700], 2100)

describe('sectionTargets', () => {
  it('clamps the footer (and anything below the end) to the end of the page', () => {
    expect(targets).toEqual([0, 900, 1800, 2100])
  })
  it('rounds fractional tops', () => {
    expect(sectionTargets([0, 899.6], 5000)).toEqual([0, 900])
  })
})

describe('adjacentTarget', () => {
  it('moves one section down and up', () => {
    expect(adjacentTarget(targets, 0, 1)).toBe(900)
    expect(adjacentTarget(targets, 900, 1)).toBe(1800)
    expect(adjacentTarget(targets, 1800, 1)).toBe(2100)
    expect(adjacentTarget(targets, 2100, -1)).toBe(1800)
    expect(adjacentTarget(targets, 900, -1)).toBe(0)
  })
  it('stops at both ends', () => {
    expect(adjacentTarget(targets, 2100, 1)).toBeNull()
    expect(adjacentTarget(targets, 0, -1)).toBeNull()
  })
  it('from between sections goes to the next one in that direction', () => {
    expect(adjacentTarget(targets, 1200, 1)).toBe(1800)
    expect(adjacentTarget(targets, 1200, -1)).toBe(900)
  })
  it('treats a position a pixel off a target as on it', () => {
    expect(adjacentTarget(targets, 901, 1)).toBe(1800)
    expect(adjacentTarget(targets, 899, -1)).toBe(0)
  })
})

describe('nearestTarget and isAligned', () => {
  it('finds the closest target', () => {
    expect(nearestTarget(targets, 1300)).toBe(900)
    expect(nearestTarget(targets, 1400)).toBe(1800)
    expect(nearestTarget([], 10)).toBeNull()
  })
  it('knows when the page rests on a section', () => {
    expect(isAligned(targets, 1801)).toBe(true)
    expect(isAligned(targets, 1850)).toBe(false)
  })
})

describe('easeInOutCubic', () => {
  it('starts at 0, ends at 1 and is symmetric', () => {
    expect(easeInOutCubic(0)).toBe(0)
    expect(easeInOutCubic(1)).toBe(1)
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5)
    expect(easeInOutCubic(0.25) + easeInOutCubic(0.75)).toBeCloseTo(1)
  })
})
