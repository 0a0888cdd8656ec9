import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { focusableIn, trapTab } from '#app/components/ui/focus-trap.ts'
import { lockScroll } from '#app/components/ui/scroll-lock.ts'
import { useT } from '#app/i18n/use-lang.ts'
import {
  addClosed, CLOSED_POPUPS_KEY, hideForToday, HIDDEN_POPUPS_KEY, parseClosedPopups, parseHiddenPopups, visiblePopups,
} from './popup-visibility.ts'
import './popups.css'

export type HomePopup = { id: number; title: string; image: string | null; description: string }

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return null // storage disabled: every popup shows, nothing is remembered
  }
}
function write(storage: () => Storage, key: string, value: string) {
  try {
    storage().setItem(key, value)
  } catch {
    // storage full or disabled: the popup still closes for this page view
  }
}

/**
 * Popups over the home page. They are chosen in the browser after hydration (the closed list and
 * the hide-for-today dates live in browser storage), so the server HTML is the same for everyone.
 * All visible popups share one modal layer: focus stays inside, Escape closes the first one, page
 * scrolling is locked while any shows. Descriptions are HTML sanitized by the content service.
 */
export function Popups({ popups }: { popups: HomePopup[] }) {
  const t = useT()
  const [visible, setVisible] = useState<HomePopup[]>([])
  const layerRef = useRef<HTMLDivElement>(null)
  const open = visible.length > 0

  useEffect(() => {
    setVisible(
      visiblePopups(popups, {
        closed: parseClosedPopups(read(() => sessionStorage, CLOSED_POPUPS_KEY)),
        hidden: parseHiddenPopups(read(() => localStorage, HIDDEN_POPUPS_KEY)),
        now: new Date(),
      }),
    )
  }, [popups])

  const close = (id: number) => {
    const closed = addClosed(parseClosedPopups(read(() => sessionStorage, CLOSED_POPUPS_KEY)), id)
    write(() => sessionStorage, CLOSED_POPUPS_KEY, JSON.stringify(closed))
    setVisible((list) => list.filter((p) => p.id !== id))
  }
  const hideToday = (id: number) => {
    const hidden = hideForToday(parseHiddenPopups(read(() => localStorage, HIDDEN_POPUPS_KEY)), id, new Date())
    write(() => localStorage, HIDDEN_POPUPS_KEY, JSON.stringify(hidden))
    close(id)
  }
  const closeRef = useRef(close)
  closeRef.current = close
  const firstId = visible[0]?.id
  // Read by the key handler at the key press: a second Escape can come before the effect below has
  // run again (Preact runs effects after paint), and must close the popup that is first by then.
  const firstRef = useRef(firstId)
  firstRef.current = firstId
  const shownKey = visible.map((p) => p.id).join(',')

  useEffect(() => {
    if (!open) return
    const release = lockScroll()
    const active = document.activeElement
    // Usually nothing has focus yet (popups open right after hydration): return to the page top then.
    const previous = active instanceof HTMLElement && active !== document.body ? active : document.getElementById('top')
    return () => {
      release()
      previous?.focus({ preventScroll: true })
    }
  }, [open])

  useEffect(() => {
    const layer = layerRef.current
    if (firstId === undefined || !layer) return
    // On open, and when the focused popup closed: focus the first remaining popup.
    if (!layer.contains(document.activeElement) || document.activeElement === layer) (focusableIn(layer)[0] ?? layer).focus({ preventScroll: true })
    function onKey(event: KeyboardEvent) {
      const first = firstRef.current
      if (event.key === 'Escape' && first !== undefined) {
        event.stopPropagation()
        closeRef.current(first)
      } else if (layer) trapTab(event, layer)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [firstId, shownKey])

  if (!open) return null
  return createPortal(
    <div className="popup-layer">
      <div ref={layerRef} className="popup-layer__list" role="dialog" aria-modal="true" aria-label={t('home.popups.label')} tabIndex={-1}>
        {visible.map((popup) => (
          <article key={popup.id} className="popup" aria-label={popup.title} data-popup-id={popup.id}>
            <button type="button" className="popup__close" aria-label={t('home.popups.closeNamed', { title: popup.title })} onClick={() => close(popup.id)}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            <div className="popup__content">
              {popup.image ? <img className="popup__image" src={popup.image} width={480} height={360} alt={popup.title} /> : null}
              <div className="popup__description" dangerouslySetInnerHTML={{ __html: popup.description }} />
            </div>
            <div className="popup__actions">
              <button type="button" className="popup__action" onClick={() => hideToday(popup.id)}>
                {t('home.popups.hideToday')}
              </button>
              <button type="button" className="popup__action popup__action--close" onClick={() => close(popup.id)}>
                {t('home.popups.close')}
              </button>
            </div>
          </article>
        ))}
      </div>
    </div>,
    document.body,
  )
}
