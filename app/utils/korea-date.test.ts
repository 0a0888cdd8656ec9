import { beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/i18n/en.json'
import ko from '#shared/i18n/ko.json'
import { provideMessages, translate, type MessageKey, type Messages, type MessageVars } from '#shared/i18n/messages.ts'
import { elapsed, koreaDate, koreaDateTime, relativeTime } from './korea-date.ts'

describe('koreaDate', () => {
  it('gives the day in Korea as Intl does with the Asia/Seoul time zone, from 1990 to 2040', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    // Every 7 hours and 13 minutes: every hour of the day, both sides of midnight in Korea and in UTC.
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2040, 0, 1); t += (7 * 60 + 13) * 60 * 1000) {
      expect(koreaDate(new Date(t))).toBe(intl.format(t).replace(/-/g, '.'))
    }
  })

  it('reads ISO strings and keeps the day boundary of Korea', () => {
    expect(koreaDate('2026-11-29T14:59:59Z')).toBe('2026.11.29')
    expect(koreaDate('2026-11-29T15:00:00Z')).toBe('2026.11.30')
    expect(() => koreaDate('not a date')).toThrow(RangeError)
  })
})

describe('koreaDateTime', () => {
  it('writes Korea time in the ko-KR and en-GB forms of the browsers, the same on the server', () => {
    expect(koreaDateTime('2026-11-29T04:47:05Z', 'ko')).toBe('2026. 11. 29. 오후 1:47')
    expect(koreaDateTime('2026-11-29T04:47:05Z', 'ko', true)).toBe('2026. 11. 29. 오후 1:47:05')
    expect(koreaDateTime('2026-11-28T15:05:00Z', 'ko')).toBe('2026. 11. 29. 오전 12:05')
    expect(koreaDateTime('2026-11-29T03:00:00Z', 'ko')).toBe('2026. 11. 29. 오후 12:00')
    expect(koreaDateTime('2026-11-29T04:47:05Z', 'en')).toBe('29 Nov 2026, 13:47')
    expect(koreaDateTime('2026-01-01T15:05:09Z', 'en', true)).toBe('2 Jan 2026, 00:05:09')
    expect(() => koreaDateTime('not a date', 'ko')).toThrow(RangeError)
  })
})

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 28, 12, 0, 0)
  const ago = (ms: number) => new Date(now - ms)
  const s = 1000
  const min = 60 * s
  const h = 60 * min
  const d = 24 * h
  const t = (lang: 'ko' | 'en') => (key: MessageKey, vars?: MessageVars) => translate(lang, key, vars)
  beforeAll(() => {
    provideMessages('ko', ko as Messages)
    provideMessages('en', en as Messages)
  })

  it('steps through the units of section 9 at their boundaries', () => {
    const cases: [number, string, string][] = [
      [0, '방금 전', 'just now'],
      [59 * s, '방금 전', 'just now'],
      [60 * s, '1분 전', '1 minute ago'],
      [2 * min + 30 * s, '2분 전', '2 minutes ago'],
      [59 * min + 59 * s, '59분 전', '59 minutes ago'],
      [h, '1시간 전', '1 hour ago'],
      [23 * h + 59 * min, '23시간 전', '23 hours ago'],
      [d, '1일 전', '1 day ago'],
      [6 * d + 23 * h, '6일 전', '6 days ago'],
      [7 * d, '1주 전', '1 week ago'],
      [34 * d, '4주 전', '4 weeks ago'],
      [35 * d, '1개월 전', '1 month ago'],
      [59 * d, '1개월 전', '1 month ago'],
      [60 * d, '2개월 전', '2 months ago'],
      [364 * d, '11개월 전', '11 months ago'],
      [365 * d, '1년 전', '1 year ago'],
      [3 * 365 * d + 10 * d, '3년 전', '3 years ago'],
    ]
    for (const [ms, koText, enText] of cases) {
      expect(relativeTime(ago(ms), t('ko'), now), `${ms} ms`).toBe(koText)
      expect(relativeTime(ago(ms), t('en'), now), `${ms} ms`).toBe(enText)
    }
  })

  it('reads ISO strings, takes a Date as now, and calls a moment in the future "just now"', () => {
    expect(relativeTime(new Date(now - 3 * h).toISOString(), t('ko'), new Date(now))).toBe('3시간 전')
    expect(relativeTime(new Date(now + 5 * min), t('en'), now)).toBe('just now')
    expect(elapsed(new Date(now - 14 * d), now)).toEqual({ unit: 'weeks', n: 2 })
    expect(() => relativeTime('not a date', t('en'), now)).toThrow(RangeError)
  })
})
