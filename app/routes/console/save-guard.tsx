import { useEffect, useRef, useState } from 'react'
import { useBlocker, useNavigation } from 'react-router'
import { AUTOSAVED_EVENT } from './autosave.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { SignInAgainForm } from './sign-in-again-form.tsx'

/** The console's saving forms: posts inside the console's main area, not the sign-out form, not marked otherwise. */
function guarded(form: HTMLFormElement): boolean {
  return (
    form.method.toLowerCase() === 'post' && !!form.closest('.console-main') && !form.closest('[data-no-save-guard]')
  )
}

/** The button a shortcut save presses: the form's primary submit button, else its first. */
const saveButtonOf = (form: HTMLFormElement) =>
  form.querySelector<HTMLButtonElement>('button[type="submit"].button--primary:not(:disabled)') ??
  form.querySelector<HTMLButtonElement>('button[type="submit"]:not(:disabled)')

type Held = { form: HTMLFormElement; submitter: HTMLElement | null }

/**
 * What keeps an editor's typing in the console (issue 30), for every form of every console page:
 * - before a save is sent, the session is asked for (`/admin/session`); when it has ended (idle limit,
 *   signed out in another tab, a disabled account), the save waits on the page while the editor signs
 *   in again in a dialog, then goes through with the typed values as they are;
 * - a changed form (typed into, not yet saved or autosaved, or refused) makes leaving the page ask first (the
 *   browser's own prompt when closing or reloading, a dialog for the console's links);
 * - Ctrl+S (⌘S) saves the form the focus is in (or the only changed one);
 * - a save's answer (its error, else its result) is scrolled into view and focused.
 */
export function SaveGuard({ username }: { username: string }) {
  const t = useT()
  const [held, setHeld] = useState<Held | null>(null)
  // An administrator disabled the account: signing in again cannot help; the typing stays on the page.
  const [disabled, setDisabled] = useState(false)
  const [dirtyCount, setDirtyCount] = useState(0)
  const dirty = useRef(new Set<HTMLFormElement>())
  const passing = useRef(new WeakSet<HTMLFormElement>())
  const sent = useRef<HTMLFormElement | null>(null)
  const navigation = useNavigation()

  const changed = () => [...dirty.current].filter((f) => f.isConnected)
  const mark = (form: HTMLFormElement, on: boolean) => {
    if (on) dirty.current.add(form)
    else dirty.current.delete(form)
    setDirtyCount(changed().length)
  }
  const send = (form: HTMLFormElement, submitter: HTMLElement | null) => {
    passing.current.add(form)
    if (submitter && (submitter as HTMLButtonElement).form === form) form.requestSubmit(submitter)
    else form.requestSubmit()
  }

  useEffect(() => {
    function onInput(event: Event) {
      const form = (event.target as HTMLElement | null)?.closest?.('form')
      if (form && guarded(form)) mark(form, true)
    }
    function onSubmit(event: SubmitEvent) {
      const form = event.target as HTMLFormElement
      if (!guarded(form)) return
      if (passing.current.has(form)) {
        passing.current.delete(form)
        sent.current = form
        mark(form, false)
        return
      }
      // Held until the session is known to be there: nothing is sent into an ended session.
      event.preventDefault()
      event.stopImmediatePropagation()
      const submitter = event.submitter
      fetch('/admin/session', { headers: { accept: 'application/json' }, cache: 'no-store' })
        .then(async (res) => (res.ok ? ((await res.json()) as { state?: string }).state : 'ended'))
        .catch(() => 'unknown')
        .then((state) => {
          if (state === 'ended') setHeld({ form, submitter })
          else if (state === 'disabled') setDisabled(true)
          else send(form, submitter)
        })
    }
    function onKey(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's' || event.altKey) return
      const focused = (document.activeElement as HTMLElement | null)?.closest?.('form')
      const form = focused && guarded(focused) ? focused : changed().length === 1 ? changed()[0] : null
      if (!form) return
      event.preventDefault()
      const button = saveButtonOf(form)
      if (button) button.click()
    }
    function onLeave(event: BeforeUnloadEvent) {
      if (changed().length === 0) return
      event.preventDefault()
      event.returnValue = ''
    }
    // What an autosave kept is not lost by leaving (autosave.tsx).
    function onAutosaved(event: Event) {
      const form = event.target as HTMLFormElement
      if (guarded(form)) mark(form, false)
    }
    window.addEventListener(AUTOSAVED_EVENT, onAutosaved)
    window.addEventListener('input', onInput, true)
    window.addEventListener('change', onInput, true)
    window.addEventListener('submit', onSubmit, true)
    window.addEventListener('keydown', onKey)
    window.addEventListener('beforeunload', onLeave)
    return () => {
      window.removeEventListener(AUTOSAVED_EVENT, onAutosaved)
      window.removeEventListener('input', onInput, true)
      window.removeEventListener('change', onInput, true)
      window.removeEventListener('submit', onSubmit, true)
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('beforeunload', onLeave)
    }
    // `mark` and `send` only use refs and a state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // When a save's answer has arrived: its message (an error first, else the result) is brought into view
  // and focused, wherever the editor was scrolled; a refused save's form still holds unsaved typing.
  useEffect(() => {
    if (navigation.state !== 'idle' || !sent.current) return
    const form = sent.current
    sent.current = null
    const alert = document.querySelector<HTMLElement>('.console-main [role="alert"]')
    const refused = alert ?? form.querySelector('[aria-invalid="true"]')
    if (refused && form.isConnected) mark(form, true)
    // An answer that has placed the focus itself (a bulk action's question or report) keeps it, unless
    // something was refused: the focus is then on neither the page nor the form that was sent.
    const active = document.activeElement
    if (!alert && active instanceof HTMLElement && active !== document.body && !form.contains(active)) return
    const message =
      alert ??
      [...document.querySelectorAll<HTMLElement>('.console-main [role="status"]')].find((e) => e.textContent?.trim())
    if (!message) return
    if (!message.hasAttribute('tabindex')) message.tabIndex = -1
    message.scrollIntoView({ block: 'center' })
    message.focus({ preventScroll: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigation.state])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyCount > 0 &&
      changed().length > 0 &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  )

  return (
    <>
      <Modal
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('console.guard.leaveTitle')}
        confirmText={t('console.guard.stay')}
        onConfirm={() => blocker.reset?.()}
        actions={
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              dirty.current.clear()
              setDirtyCount(0)
              blocker.proceed?.()
            }}
          >
            {t('console.guard.leave')}
          </button>
        }
      >
        {t('console.guard.leaveBody')}
      </Modal>
      <Modal open={disabled} onClose={() => setDisabled(false)} title={t('console.guard.disabledTitle')}>
        <p>{t('console.guard.disabledBody')}</p>
      </Modal>
      <Modal open={held !== null} onClose={() => setHeld(null)} title={t('console.guard.endedTitle')}>
        <SignInAgainForm
          username={username}
          onSignedIn={() => {
            const waiting = held
            setHeld(null)
            if (waiting?.form.isConnected) send(waiting.form, waiting.submitter)
          }}
        />
      </Modal>
    </>
  )
}
