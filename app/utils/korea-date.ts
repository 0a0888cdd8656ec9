import type { Lang } from '#shared/locales.ts'

/** Korea Standard Time, UTC+9; Korea has had no daylight saving time since 1988. */
const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000

/**
 * A day as it is in Korea, dotted with zero padding (`2026.11.30`, spec section 9): the server's
 * render and the browser's agree whatever their time zones. Counted from the fixed offset, not with
 * `Intl.DateTimeFormat` and `timeZone`: building that formatter loads the browser's time-zone data,
 * about 15 ms of the public pages' start-up (60 ms on Lighthouse's slowed CPU, ADR 024).
 */
export function koreaDate(date: Date | string): string {
  const time = (typeof date === 'string' ? new Date(date) : date).getTime()
  if (Number.isNaN(time)) throw new RangeError('Invalid time value')
  const korea = new Date(time + KOREA_OFFSET_MS)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${korea.getUTCFullYear()}.${two(korea.getUTCMonth() + 1)}.${two(korea.getUTCDate())}`
}

/**
 * A moment as the console shows it: Korea time, in the page language's format (`2026. 11. 23. 오후
 * 1:02`, `23 Nov 2026, 13:02`); `seconds` for when two saves a minute apart must be told apart.
 */
export function koreaDateTime(date: Date | string, lang: Lang, seconds = false): string {
  return (typeof date === 'string' ? new Date(date) : date).toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'Asia/Seoul',
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  })
}
