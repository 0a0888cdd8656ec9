/**
 * A day as it is in Korea, dotted with zero padding (`2026.11.30`, spec section 9): the server's
 * render and the browser's agree whatever their time zones.
 */
const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' })

export function koreaDate(date: Date | string): string {
  return format.format(typeof date === 'string' ? new Date(date) : date).replace(/-/g, '.')
}
