import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useT } from '#app/i18n/use-lang.ts'
import { focusableIn, openModalLayer, trapTab } from './focus-trap.ts'
import { lockScroll } from './scroll-lock.ts'
import './modal.css'

export type ModalProps = {
  open: boolean
  /** Called by Escape, the close button and the backdrop. */
  onClose: () => void
  title?: ReactNode
  /** The message, or any content (HTML options, forms). */
  children?: ReactNode
  /** Confirm button text; defaults to "OK". Omit `onConfirm` to hide the button. */
  confirmText?: string
  onConfirm?: () => void
  /** Shows the close (×) button. */
  closeButton?: boolean
  /** Extra buttons placed before the confirm button. */
  actions?: ReactNode
  className?: string
}

/** The dialog of `Modal` (modal.tsx), in its own chunk: loaded when the first dialog opens. */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  confirmText,
  onConfirm,
  closeButton = true,
  actions,
  className,
}: ModalProps) {
  const t = useT()
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const bodyId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  // A layout effect: focus, Escape and the scroll lock are in place before the dialog is first
  // painted (the dialog mounts when its lazy chunk arrives, and a plain effect would run after paint).
  useLayoutEffect(() => {
    if (!open) return
    const release = lockScroll()
    const previous = document.activeElement as HTMLElement | null
    const dialog = dialogRef.current
    if (dialog) (focusableIn(dialog)[0] ?? dialog).focus()
    const closeLayer = openModalLayer((event) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onCloseRef.current()
      } else if (dialog) trapTab(event, dialog)
    })
    return () => {
      closeLayer()
      release()
      previous?.focus?.()
    }
  }, [open])

  if (!open || typeof document === 'undefined') return null
  return createPortal(
    <div className="modal-layer" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={`modal ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        // Without a title the message names the dialog.
        aria-labelledby={title ? titleId : children ? bodyId : undefined}
        aria-describedby={title && children ? bodyId : undefined}
        tabIndex={-1}
      >
        {closeButton ? (
          <button type="button" className="modal__close" aria-label={t('modal.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        {title ? (
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        ) : null}
        {children ? (
          <div id={bodyId} className="modal__body">
            {children}
          </div>
        ) : null}
        {onConfirm || actions ? (
          <div className="modal__actions">
            {actions}
            {onConfirm ? (
              <button type="button" className="button button--primary modal__confirm" onClick={onConfirm}>
                {confirmText ?? t('modal.confirm')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  )
}
