/**
 * The date of printing on the printed specification, `2026.11.30` (dates are dotted with zero
 * padding, spec section 9), as the day is in Korea, where the orders are made: the server's
 * first render and the browser's refresh before printing agree whatever their time zones.
 */
const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' })

export function printDate(date: Date): string {
  return format.format(date).replace(/-/g, '.')
}
