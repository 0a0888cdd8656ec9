import type { Lang } from '#shared/locales.ts'

/**
 * A day as it is in Korea, dotted with zero padding (`2026.11.30`, spec section 9): the server's
 * render and the browser's agree whatever their time zones.
 */
const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' })

export function koreaDate(date: Date | string): string {
  return format.format(typeof date === 'string' ? new Date(date) : date).replace(/-/g, '.')
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
