import type { Lang } from '#shared/locales.ts'
import type { Translate } from '#shared/i18n/messages.ts'

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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * A moment as the console shows it: Korea time, in the page language's format (`2026. 11. 23. 오후
 * 1:02`, `23 Nov 2026, 13:02`, the forms of `ko-KR` and `en-GB` in the browsers); `seconds` for when
 * two saves a minute apart must be told apart. Written out from the fixed offset rather than with
 * `toLocaleString`: the server's ICU and the browser's disagree (Node 20's ICU 78 writes `PM` in
 * Korean), and a page whose text differs between its render and its hydration is rendered again.
 */
export function koreaDateTime(date: Date | string, lang: Lang, seconds = false): string {
  const time = (typeof date === 'string' ? new Date(date) : date).getTime()
  if (Number.isNaN(time)) throw new RangeError('Invalid time value')
  const k = new Date(time + KOREA_OFFSET_MS)
  const two = (n: number) => String(n).padStart(2, '0')
  const [year, month, day] = [k.getUTCFullYear(), k.getUTCMonth(), k.getUTCDate()]
  const [hour, minute] = [k.getUTCHours(), k.getUTCMinutes()]
  const tail = seconds ? `:${two(k.getUTCSeconds())}` : ''
  if (lang === 'en') return `${day} ${MONTHS[month]} ${year}, ${two(hour)}:${two(minute)}${tail}`
  return `${year}. ${month + 1}. ${day}. ${hour < 12 ? '오전' : '오후'} ${hour % 12 || 12}:${two(minute)}${tail}`
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type RelativeUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years'

/**
 * How long ago `date` was, by the specification's steps (section 9): under 60 s 'just now', then
 * minutes, hours, days (under 7), weeks (under 5), months (under 12), years; always whole units,
 * rounded down. A moment in the future (clocks a little apart) is 'just now'.
 */
export function elapsed(
  date: Date | string,
  now: Date | number = Date.now(),
): { unit: RelativeUnit | 'now'; n: number } {
  const time = (typeof date === 'string' ? new Date(date) : date).getTime()
  if (Number.isNaN(time)) throw new RangeError('Invalid time value')
  const ms = (typeof now === 'number' ? now : now.getTime()) - time
  if (ms < MINUTE) return { unit: 'now', n: 0 }
  if (ms < HOUR) return { unit: 'minutes', n: Math.floor(ms / MINUTE) }
  if (ms < DAY) return { unit: 'hours', n: Math.floor(ms / HOUR) }
  const days = Math.floor(ms / DAY)
  if (days < 7) return { unit: 'days', n: days }
  if (days < 35) return { unit: 'weeks', n: Math.floor(days / 7) }
  if (days < 365) return { unit: 'months', n: Math.min(11, Math.max(1, Math.floor(days / 30))) }
  return { unit: 'years', n: Math.floor(days / 365) }
}

/**
 * The relative time in the page's language ('3일 전', '3 days ago'), through its messages
 * (`time.*` in shared/i18n): the one formatter of how recent something is, for visitors and editors.
 */
export function relativeTime(date: Date | string, t: Translate, now: Date | number = Date.now()): string {
  const { unit, n } = elapsed(date, now)
  if (unit === 'now') return t('time.justNow')
  return t(`time.${unit}.${n === 1 ? 'one' : 'other'}` as const, { n })
}
