import { useEffect, useRef, useState, type RefObject } from 'react'
import { useRevalidator } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { useWhen } from './use-when.ts'

/** What the page's autosave address answers (app/routes/console/content/content-autosave.ts). */
/** A record's lock: its version number, or (a terms draft) the time it was saved. */
type Lock = number | string

type Answer = { ok: true; version: Lock; at: string } | { ok: false; reason: string; by?: string | null }

type State =
  | { kind: 'idle' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; reason: 'invalid' | 'conflict' | 'ended' | 'offline'; by?: string | null }

/** Fired on a form when what it holds is saved as a draft: the save guard stops asking before leaving. */
export const AUTOSAVED_EVENT = 'console:autosaved'

/** Where a page that left with a beacon notes it (sessionStorage): its autosave address and the version it was at. */
const LEFT_KEY = 'console:autosave-left'

/** The note a page of `url` left with its beacon, taken (removed); null when there is none (or no storage). */
function takeLeftNote(url: string): { version?: Lock } | null {
  try {
    const note = JSON.parse(sessionStorage.getItem(LEFT_KEY) ?? 'null') as { url?: string; version?: Lock } | null
    if (note?.url !== url) return null
    sessionStorage.removeItem(LEFT_KEY)
    return note
  } catch {
    return null
  }
}

/**
 * Autosave of a console form (docs/decisions/044-autosave.md): `delayMs` after typing stops, and
 * when the page is left with typing not yet saved, the form is posted to `url` as the record's
 * draft. Answers the version the form must carry from then on (the autosave made it) and a status
 * line. After a conflict or an ended session it stops until the editor saves: the save then shows
 * the comparison or the sign-in, with the typing intact.
 */
export function useAutosave({
  formRef,
  url,
  version,
  enabled,
  delayMs = 3000,
}: {
  formRef: RefObject<HTMLFormElement | null>
  url: string
  /** The version the page was loaded (or last answered) at. */
  version: Lock | undefined
  enabled: boolean
  delayMs?: number
}) {
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [saved, setSaved] = useState<{ of: Lock | undefined; version: Lock } | null>(null)
  const current = useRef(version)
  const stopped = useRef(false)
  const revalidator = useRevalidator()

  // A reload sends the page-hide beacon only once the new page's answer has arrived (the browser
  // hides the old page then), so the new page shows the draft from before the beacon and carries
  // its version: its next save would be a conflict with the editor's own beacon. When the page left
  // such a note at the version just loaded, its data are read again (while nothing is typed yet).
  useEffect(() => {
    const form = formRef.current
    if (!enabled || !form || version === undefined) return
    const left = takeLeftNote(url)
    if (left?.version !== version) return
    let typed = false
    const onType = () => {
      typed = true
    }
    form.addEventListener('input', onType)
    const timers = [200, 1000].map((ms) => setTimeout(() => typed || void revalidator.revalidate(), ms))
    return () => {
      timers.forEach(clearTimeout)
      form.removeEventListener('input', onType)
    }
    // The revalidator changes with its state; a reload's page reads again at most twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, url, version, formRef])

  // A new load or answer of the page starts over from its version.
  useEffect(() => {
    current.current = version
    stopped.current = false
    setSaved(null)
    setState({ kind: 'idle' })
  }, [version])

  useEffect(() => {
    const form = formRef.current
    if (!enabled || !form || version === undefined) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let sending = false
    let typedSince = false
    // What the last successful autosave kept, without the version: the form holding exactly that is safe to leave.
    let kept: string | null = null
    const body = () => {
      const params = new URLSearchParams(new FormData(form) as unknown as [string, string][])
      params.delete('intent')
      params.set('version', String(current.current))
      return params
    }
    const comparable = (params: URLSearchParams) => {
      const copy = new URLSearchParams(params)
      copy.delete('version')
      return copy.toString()
    }
    const tellKept = () => form!.dispatchEvent(new CustomEvent(AUTOSAVED_EVENT, { bubbles: true }))
    async function save() {
      timer = undefined
      if (stopped.current) return
      if (sending) {
        typedSince = true
        return
      }
      sending = true
      typedSince = false
      const sent = body()
      try {
        const res = await fetch(url, {
          method: 'POST',
          body: sent,
          redirect: 'manual',
          headers: { accept: 'application/json' },
        })
        if (res.type === 'opaqueredirect' || res.status === 401) {
          stopped.current = true
          setState({ kind: 'failed', reason: 'ended' })
          return
        }
        const answer = (await res.json()) as Answer
        if (answer.ok) {
          current.current = answer.version
          kept = comparable(sent)
          setSaved({ of: version, version: answer.version })
          setState({ kind: 'saved', at: answer.at })
          if (!typedSince) tellKept()
        } else if (answer.reason === 'conflict') {
          stopped.current = true
          setState({ kind: 'failed', reason: 'conflict', by: answer.by ?? null })
        } else setState({ kind: 'failed', reason: 'invalid' })
      } catch {
        setState({ kind: 'failed', reason: 'offline' })
      } finally {
        sending = false
        if (typedSince && !stopped.current) schedule()
      }
    }
    function schedule() {
      if (stopped.current) return
      clearTimeout(timer)
      timer = setTimeout(() => void save(), delayMs)
    }
    // An input or change event. A text field's `change` comes when it loses focus, after the
    // autosave of what was typed: the save guard (which listens earlier, on the window's capture)
    // has just marked the form changed, so a form still holding what the autosave kept is said to
    // be kept again rather than saved once more (leaving it by a link then does not ask).
    function onEdit() {
      if (stopped.current) return
      if (kept !== null && !sending && comparable(body()) === kept) {
        clearTimeout(timer)
        timer = undefined
        tellKept()
        return
      }
      schedule()
    }
    function onHide() {
      if (timer === undefined || stopped.current) return
      clearTimeout(timer)
      timer = undefined
      navigator.sendBeacon(url, body())
      try {
        sessionStorage.setItem(LEFT_KEY, JSON.stringify({ url, version: current.current }))
      } catch {
        // no storage: a reload shows the draft from before the beacon
      }
    }
    form.addEventListener('input', onEdit)
    form.addEventListener('change', onEdit)
    window.addEventListener('pagehide', onHide)
    return () => {
      clearTimeout(timer)
      form.removeEventListener('input', onEdit)
      form.removeEventListener('change', onEdit)
      window.removeEventListener('pagehide', onHide)
    }
  }, [enabled, url, version, delayMs, formRef])

  return { version: saved && saved.of === version ? saved.version : version, state }
}

/** The autosave's status line, announced politely. */
export function AutosaveStatus({ state }: { state: ReturnType<typeof useAutosave>['state'] }) {
  const t = useT()
  const when = useWhen()
  const text =
    state.kind === 'saved'
      ? t('console.autosave.saved', { time: when(state.at) })
      : state.kind === 'failed'
        ? state.reason === 'conflict'
          ? t('console.autosave.conflict', { name: state.by ?? t('console.content.someone') })
          : t(`console.autosave.${state.reason}`)
        : ''
  return (
    <p className="console-muted autosave-status" role="status">
      {text}
    </p>
  )
}
