// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import {
  addClosed,
  hideForToday,
  localDateString,
  parseClosedPopups,
  parseHiddenPopups,
  POPUP_SCRIPT,
  shownPopupIds,
} from './popup-visibility.ts'

/** Whether popup `id` is hidden today by the stored map, by the rule the page uses. */
const isHiddenToday = (hidden: Record<string, string>, id: number, now: Date) =>
  shownPopupIds([id], null, JSON.stringify(hidden), now).length === 0

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

describe('shownPopupIds', () => {
  const ids = [1, 2, 3]

  it('leaves out the closed ones and those hidden today, keeping the order', () => {
    expect(shownPopupIds(ids, '[1]', '{"3":"2026-03-10"}', morning)).toEqual([2])
    expect(shownPopupIds([3, 1, 2], null, '{"1":"2026-03-10"}', lateEvening)).toEqual([3, 2])
  })

  it('shows a popup hidden yesterday, and everything on a first visit', () => {
    expect(shownPopupIds(ids, null, '{"3":"2026-03-09"}', morning)).toEqual(ids)
    expect(shownPopupIds(ids, null, null, morning)).toEqual(ids)
  })

  it('hides nothing for malformed values', () => {
    for (const raw of ['oops', 'null', '3', '', '{"1":true}'])
      expect(shownPopupIds(ids, raw, null, morning)).toEqual(ids)
    for (const raw of ['oops', 'null', '3', '', '[1,2]', '{"1":true}'])
      expect(shownPopupIds(ids, null, raw, morning)).toEqual(ids)
  })
})

describe("POPUP_SCRIPT (the inline script after the server's hidden layer)", () => {
  function serverLayer(ids: number[]) {
    document.body.innerHTML = `<div class="popup-layer" hidden>${ids.map((id) => `<article data-popup-id="${id}"><img src="/p${id}.svg" loading="lazy"></article>`).join('')}</div><script></script>`
    const layer = document.querySelector<HTMLElement>('.popup-layer')!
    Object.defineProperty(document, 'currentScript', { value: document.querySelector('script'), configurable: true })
    // As the browser runs it: its text alone, with only the page's globals.
    new Function(POPUP_SCRIPT)()
    const articles = [...layer.querySelectorAll<HTMLElement>('article')]
    const shown = articles.filter((a) => !a.hidden).map((a) => Number(a.dataset.popupId))
    // A shown popup's image is fetched at once; a hidden one's stays lazy (never fetched).
    for (const a of articles) expect(a.querySelector('img')!.getAttribute('loading')).toBe(a.hidden ? 'lazy' : 'eager')
    return { layerHidden: layer.hidden, shown }
  }

  it('shows the layer with the popups neither closed nor hidden for today', () => {
    sessionStorage.setItem('closedPopups', '[4]')
    localStorage.setItem('hiddenPopups', JSON.stringify({ 5: localDateString(new Date()), 6: '2001-01-01' }))
    expect(serverLayer([4, 5, 6, 7])).toEqual({ layerHidden: false, shown: [6, 7] })
  })

  it('keeps the layer hidden when every popup is closed or hidden', () => {
    sessionStorage.setItem('closedPopups', '[4]')
    localStorage.setItem('hiddenPopups', JSON.stringify({ 5: localDateString(new Date()) }))
    expect(serverLayer([4, 5])).toEqual({ layerHidden: true, shown: [] })
  })

  it('shows every popup when the storage is empty or malformed', () => {
    sessionStorage.setItem('closedPopups', 'oops')
    localStorage.removeItem('hiddenPopups')
    expect(serverLayer([1, 2])).toEqual({ layerHidden: false, shown: [1, 2] })
  })
})
