import { koreaDate } from '#app/utils/korea-date.ts'

/**
 * The date of printing on the printed specification, `2026.11.30` (dates are dotted with zero
 * padding, spec section 9), as the day is in Korea, where the orders are made: the server's
 * first render and the browser's refresh before printing agree whatever their time zones.
 */
export function printDate(date: Date): string {
  return koreaDate(date)
}
