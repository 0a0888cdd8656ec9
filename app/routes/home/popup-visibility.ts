/**
 * Which home popups to show. Pure, so the date rule is unit-tested without a browser.
 *
 * - "close" (and the ×) adds the id to the session's closed list (sessionStorage `closedPopups`).
 * - "hide for today" also stores today's local date, `YYYY-MM-DD`, under the id in the
 *   localStorage map `hiddenPopups`. A popup whose stored date is today stays hidden; from the
 *   next local day on, the stored date no longer matches and it shows again.
 */

export const HIDDEN_POPUPS_KEY = 'hiddenPopups'
export const CLOSED_POPUPS_KEY = 'closedPopups'

export type HiddenPopups = Record<string, string>

/** The local calendar date of `date` as `YYYY-MM-DD`. */
export function localDateString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The stored `hiddenPopups` map; anything malformed counts as empty. */
export function parseHiddenPopups(raw: string | null | undefined): HiddenPopups {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    const out: HiddenPopups = {}
    for (const [id, date] of Object.entries(value)) if (typeof date === 'string') out[id] = date
    return out
  } catch {
    return {}
  }
}

/** The session's closed list (popup ids); anything malformed counts as empty. */
export function parseClosedPopups(raw: string | null | undefined): number[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []
  } catch {
    return []
  }
}

export function isHiddenToday(hidden: HiddenPopups, id: number, now: Date): boolean {
  return hidden[String(id)] === localDateString(now)
}

/** The map after "hide for today" on `id`; entries of earlier days are dropped (they no longer hide anything). */
export function hideForToday(hidden: HiddenPopups, id: number, now: Date): HiddenPopups {
  const today = localDateString(now)
  const out: HiddenPopups = {}
  for (const [key, date] of Object.entries(hidden)) if (date >= today) out[key] = date
  out[String(id)] = today
  return out
}

export function addClosed(closed: readonly number[], id: number): number[] {
  return closed.includes(id) ? [...closed] : [...closed, id]
}

/** Popups neither closed in this session nor hidden for today, in their given order. */
export function visiblePopups<P extends { id: number }>(
  popups: readonly P[],
  state: { closed: readonly number[]; hidden: HiddenPopups; now: Date },
): P[] {
  return popups.filter((p) => !state.closed.includes(p.id) && !isHiddenToday(state.hidden, p.id, state.now))
}
