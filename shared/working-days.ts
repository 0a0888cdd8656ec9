const HOUR = 3_600_000
const DAY = 24 * HOUR
const KOREA = 9 * HOUR

/**
 * The moment before which a request accepted has been open for more than one working day at `now`:
 * 24 hours of Monday–Friday time in Korea counted back from `now`, Saturday and Sunday skipped
 * (public holidays count as working days: docs/decisions/071-service-routing.md).
 */
export function oneWorkingDayBefore(now: Date): Date {
  let at = now.getTime()
  let remaining = DAY
  while (remaining > 0) {
    const local = at + KOREA
    // The Korean day the instant just before `at` is in (midnight belongs to the day before).
    const dayStart = Math.floor((local - 1) / DAY) * DAY
    const weekday = new Date(dayStart).getUTCDay()
    const available = local - dayStart
    if (weekday === 0 || weekday === 6) {
      at = dayStart - KOREA
      continue
    }
    if (available >= remaining) return new Date(at - remaining)
    remaining -= available
    at = dayStart - KOREA
  }
  return new Date(at)
}
