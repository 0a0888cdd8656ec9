import { useLocation, useNavigate } from 'react-router'
import { Modal } from '#app/components/ui/modal.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'

/** Messages a page may leave for the next one through navigation state (`{ flash: key }`). */
const FLASH_KEYS = ['signup.sent'] as const satisfies readonly MessageKey[]
type FlashKey = (typeof FLASH_KEYS)[number]

const isFlash = (value: unknown): value is FlashKey => (FLASH_KEYS as readonly unknown[]).includes(value)

/** Whether a navigation state carries a message FlashModal shows (other dialogs wait for it). */
export function hasFlash(state: unknown): boolean {
  return isFlash((state as { flash?: unknown } | null)?.flash)
}

/**
 * Shows the message another page passed along (sign-up success on /, section 4). Closing it
 * replaces the history entry's state, so going back or reloading does not show it again.
 */
export function FlashModal() {
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const flash = (location.state as { flash?: unknown } | null)?.flash
  if (!isFlash(flash)) return null
  const close = () =>
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null, preventScrollReset: true })
  return (
    <Modal open onClose={close} onConfirm={close}>
      <p>{t(flash)}</p>
    </Modal>
  )
}
