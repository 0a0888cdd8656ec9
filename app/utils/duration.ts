import type { Translate } from '#shared/i18n/messages.ts'

/**
 * A length of time in words of the page's language, at most two units, rounded down to the minute:
 * "3시간 20분" / "3 h 20 min", "2일 4시간" / "2 d 4 h", "1분 미만" / "under 1 min"
 * (docs/decisions/071-service-routing.md). The one formatter of durations (the dashboard's 3Q figures).
 */
export function durationWords(ms: number, t: Translate): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000)
  if (minutes < 1) return t('duration.lessThanMinute')
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  const parts: string[] = []
  if (days) parts.push(t('duration.days', { n: days }))
  if (hours) parts.push(t('duration.hours', { n: hours }))
  if (mins && !days) parts.push(t('duration.minutes', { n: mins }))
  return parts.join(' ')
}
