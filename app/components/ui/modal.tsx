import { lazy, Suspense } from 'react'
import type { ModalProps } from './modal-dialog.tsx'

export type { ModalProps }

// The dialog's code (portal, focus trap, scroll lock) is fetched when a dialog first opens: most
// page views open none, and every public page carries the header's dialogs (VR tour, restricted area).
const ModalDialog = lazy(() => import('./modal-dialog.tsx').then((m) => ({ default: m.ModalDialog })))

/**
 * Dialog of the specification: message, confirm button, optional close button, 530 px wide,
 * z-index 20. While open, page scroll is locked, focus stays inside, Escape closes, and focus
 * returns to where it was. Nothing is rendered while closed (nor on the server).
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  )
}
