import { describe, expect, it } from 'vitest'
import { koreaDate } from './korea-date.ts'

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
