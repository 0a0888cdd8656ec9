import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { hasFlash } from '#app/components/flash-modal.tsx'
import { focusableIn, openModalLayer, trapTab } from '#app/components/ui/focus-trap.ts'
import { lockScroll } from '#app/components/ui/scroll-lock.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { useNonce } from '#app/utils/nonce.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
  addClosed,
  CLOSED_POPUPS_KEY,
  hideForToday,
  HIDDEN_POPUPS_KEY,
  parseClosedPopups,
  parseHiddenPopups,
  POPUP_SCRIPT,
  shownPopupIds,
} from './popup-visibility.ts'
import './popups.css'

/** A popup as the home page shows it; `alt` and `position` are its image's (app/utils/public-images.server.ts). */
export type HomePopup = {
  id: number
  title: string
  image: string | null
  alt: string
  position: string | null
  description: string
}

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
 * Popups over the home page. The server renders the layer hidden, with every popup, and the inline
 * script after it (`POPUP_SCRIPT`) shows those the browser storage does not close or hide, before
 * the first paint; after hydration (or at once on a client-side visit) this component picks the
 * same ones by the same rule and takes over. The HTML is the same for everyone, so the page can be
 * kept. All visible popups share one modal layer: focus stays inside, Escape closes the first one,
 * page scrolling is locked while any shows. While another page's message shows (FlashModal), the
 * popups wait for it to close. Descriptions are HTML sanitized by the content service.
 */
export function Popups({ popups }: { popups: HomePopup[] }) {
  const t = useT()
  const nonce = useNonce()
  const hydrated = useHydrated()
  // null until the browser storage has been read: every popup rendered, the layer hidden.
  const [shown, setShown] = useState<number[] | null>(null)
  const layerRef = useRef<HTMLDivElement>(null)
  // A message the previous page left (the sign-up's "verification e-mail sent") comes first: the
  // popups wait until it is closed, so one dialog shows at a time.
  const waiting = hasFlash(useLocation().state)
  const visible = shown ? popups.filter((p) => shown.includes(p.id)) : popups
  const open = !waiting && shown !== null && visible.length > 0

  // Before paint, so a client-side visit shows no popup it should not.
  useLayoutEffect(() => {
    setShown(
      shownPopupIds(
        popups.map((p) => p.id),
        read(() => sessionStorage, CLOSED_POPUPS_KEY),
        read(() => localStorage, HIDDEN_POPUPS_KEY),
        new Date(),
      ),
    )
  }, [popups])

  const close = (id: number) => {
    const closed = addClosed(parseClosedPopups(read(() => sessionStorage, CLOSED_POPUPS_KEY)), id)
    write(() => sessionStorage, CLOSED_POPUPS_KEY, JSON.stringify(closed))
    setShown((ids) => (ids ?? []).filter((shownId) => shownId !== id))
  }
  const hideToday = (id: number) => {
    const hidden = hideForToday(parseHiddenPopups(read(() => localStorage, HIDDEN_POPUPS_KEY)), id, new Date())
    write(() => localStorage, HIDDEN_POPUPS_KEY, JSON.stringify(hidden))
    close(id)
  }
  const closeRef = useRef(close)
  closeRef.current = close
  const firstId = open ? visible[0]?.id : undefined
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
    if (!layer.contains(document.activeElement) || document.activeElement === layer)
      (focusableIn(layer)[0] ?? layer).focus({ preventScroll: true })
    return openModalLayer((event) => {
      if (event.key === 'Escape' && firstId !== undefined) {
        event.stopPropagation()
        closeRef.current(firstId)
      } else if (layer) trapTab(event, layer)
    })
  }, [firstId, shownKey])

  if (popups.length === 0 || (shown !== null && !open)) return null
  return (
    <>
      <div className="popup-layer" hidden={!open} suppressHydrationWarning>
        <div
          ref={layerRef}
          className="popup-layer__list"
          role="dialog"
          aria-modal="true"
          aria-label={t('home.popups.label')}
          tabIndex={-1}
        >
          {visible.map((popup) => (
            <article
              key={popup.id}
              className="popup"
              aria-label={popup.title}
              data-popup-id={popup.id}
              suppressHydrationWarning
            >
              <button
                type="button"
                className="popup__close"
                aria-label={t('home.popups.closeNamed', { title: popup.title })}
                onClick={() => close(popup.id)}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
              <div className="popup__content">
                {/* Lazy in the HTML; POPUP_SCRIPT makes a shown popup's image eager. */}
                {popup.image ? (
                  <img
                    className="popup__image"
                    src={popup.image}
                    width={480}
                    height={360}
                    alt={popup.alt}
                    style={popup.position ? { objectPosition: popup.position } : undefined}
                    loading="lazy"
                    decoding="async"
                    suppressHydrationWarning
                  />
                ) : null}
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
      </div>
      {/* Only in the server's HTML (and kept while hydrating it): a client-side render adds no script. */}
      {hydrated ? null : (
        <script
          nonce={nonce || undefined}
          dangerouslySetInnerHTML={{ __html: POPUP_SCRIPT }}
          suppressHydrationWarning
        />
      )}
    </>
  )
}
