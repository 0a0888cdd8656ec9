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

/**
 * The ids of the popups to show, in their given order: neither closed in this session nor hidden
 * for today, read from the raw stored values (anything malformed hides nothing).
 *
 * Self-contained, without names from outside: its source text is also the inline script that
 * picks the server's popups before the first paint (`POPUP_SCRIPT`), so the rule exists once.
 */
export function shownPopupIds(
  ids: readonly number[],
  closedRaw: string | null,
  hiddenRaw: string | null,
  now: Date,
): number[] {
  const parse = (raw: string | null): unknown => {
    try {
      return raw ? JSON.parse(raw) : null
    } catch {
      return null
    }
  }
  const closed = parse(closedRaw)
  const hidden = parse(hiddenRaw)
  const pad = (n: number) => String(n).padStart(2, '0')
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  const isClosed = (id: number) => Array.isArray(closed) && closed.includes(id)
  const isHidden = (id: number) =>
    typeof hidden === 'object' && hidden !== null && (hidden as Record<string, unknown>)[String(id)] === today
  return ids.filter((id) => !isClosed(id) && !isHidden(id))
}

/**
 * Runs right after the server's popup layer (rendered hidden, with every popup): shows the layer
 * with the popups `shownPopupIds` picks, before the first paint and before the page's JavaScript
 * arrives, so a popup is part of the first paint (it is often the largest image, the LCP) and a
 * popup closed or hidden for today never flashes. The shown popups' images, lazy in the HTML (no
 * download for a hidden popup, no preload competing with the banner's), are fetched at once.
 * Constant text: a kept page allows it by hash.
 */
export const POPUP_SCRIPT = `{const l=document.currentScript.previousElementSibling,r=(s,k)=>{try{return s().getItem(k)}catch{return null}},a=[...l.querySelectorAll("[data-popup-id]")],v=(${shownPopupIds.toString()})(a.map(e=>+e.dataset.popupId),r(()=>sessionStorage,${JSON.stringify(CLOSED_POPUPS_KEY)}),r(()=>localStorage,${JSON.stringify(HIDDEN_POPUPS_KEY)}),new Date());for(const e of a){e.hidden=!v.includes(+e.dataset.popupId);if(!e.hidden)for(const i of e.querySelectorAll("img[loading=lazy]"))i.setAttribute("loading","eager")}l.hidden=!v.length}`
