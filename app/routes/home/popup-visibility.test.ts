import { describe, expect, it } from 'vitest'
import {
  addClosed, hideForToday, isHiddenToday, localDateString, parseClosedPopups, parseHiddenPopups, visiblePopups,
} from './popup-visibility.ts'

// Local times: the rule works on the visitor's calendar day, whatever the time zone.
const morning = new Date(2026, 2, 10, 9, 30)
const lateEvening = new Date(2026, 2, 10, 23, 59, 59)
const nextMidnight = new Date(2026, 2, 11, 0, 0, 0)

describe('localDateString', () => {
  it('is the local date, zero-padded', () => {
    expect(localDateString(morning)).toBe('2026-03-10')
    expect(localDateString(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05')
    expect(localDateString(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31')
  })
})

describe('hide for today', () => {
  it('hides the popup for the rest of the day it was hidden', () => {
    const hidden = hideForToday({}, 7, morning)
    expect(hidden).toEqual({ '7': '2026-03-10' })
    expect(isHiddenToday(hidden, 7, morning)).toBe(true)
    expect(isHiddenToday(hidden, 7, lateEvening)).toBe(true)
  })

  it('shows it again from the next day', () => {
    const hidden = hideForToday({}, 7, lateEvening)
    expect(isHiddenToday(hidden, 7, nextMidnight)).toBe(false)
    expect(isHiddenToday(hidden, 7, new Date(2026, 3, 10, 12, 0))).toBe(false)
  })

  it('hides only the popup it was asked for', () => {
    const hidden = hideForToday({}, 7, morning)
    expect(isHiddenToday(hidden, 8, morning)).toBe(false)
  })

  it('keeps other popups hidden today and drops the dates of earlier days', () => {
    const hidden = hideForToday({ '1': '2026-03-10', '2': '2026-03-09', '3': '2025-12-31' }, 4, morning)
    expect(hidden).toEqual({ '1': '2026-03-10', '4': '2026-03-10' })
  })

  it('overwrites an old date of the same popup', () => {
    expect(hideForToday({ '7': '2026-03-01' }, 7, morning)).toEqual({ '7': '2026-03-10' })
  })
})

describe('stored values', () => {
  it('reads the hiddenPopups map and ignores anything malformed', () => {
    expect(parseHiddenPopups('{"3":"2026-03-10"}')).toEqual({ '3': '2026-03-10' })
    expect(parseHiddenPopups('{"3":"2026-03-10","4":5}')).toEqual({ '3': '2026-03-10' })
    expect(parseHiddenPopups(null)).toEqual({})
    expect(parseHiddenPopups('')).toEqual({})
    expect(parseHiddenPopups('not json')).toEqual({})
    expect(parseHiddenPopups('[1,2]')).toEqual({})
    expect(parseHiddenPopups('null')).toEqual({})
  })

  it('reads the closed list and ignores anything malformed', () => {
    expect(parseClosedPopups('[1,2]')).toEqual([1, 2])
    expect(parseClosedPopups('[1,"x",2.5]')).toEqual([1])
    expect(parseClosedPopups('{"1":true}')).toEqual([])
    expect(parseClosedPopups('oops')).toEqual([])
    expect(parseClosedPopups(null)).toEqual([])
  })

  it('adds an id to the closed list once', () => {
    expect(addClosed([1], 2)).toEqual([1, 2])
    expect(addClosed([1, 2], 2)).toEqual([1, 2])
  })
})

describe('visiblePopups', () => {
  const popups = [{ id: 1 }, { id: 2 }, { id: 3 }]

  it('leaves out the closed ones and those hidden today, keeping the order', () => {
    const hidden = { '3': '2026-03-10' }
    expect(visiblePopups(popups, { closed: [1], hidden, now: morning })).toEqual([{ id: 2 }])
  })

  it('shows a popup hidden yesterday', () => {
    const hidden = { '3': '2026-03-09' }
    expect(visiblePopups(popups, { closed: [], hidden, now: morning })).toEqual(popups)
  })

  it('shows everything on a first visit', () => {
    expect(visiblePopups(popups, { closed: [], hidden: {}, now: morning })).toEqual(popups)
  })
})
