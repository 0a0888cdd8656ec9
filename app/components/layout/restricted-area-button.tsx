import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { Modal } from '#app/components/ui/modal.tsx'
import { useUser } from '#app/utils/use-user.ts'
import { Icon } from './icons.tsx'

/** The restricted area's address. */
const AREA_PATH = '/morgan'

/**
 * The header's document icon (section 2): a member with access_yn 'Y' enters /morgan with the
 * current path as navigation state; a member without it sees the permission-denied modal; an
 * anonymous visitor sees the members-only gate with a way to log in (docs/decisions/004) that
 * leads back to the area afterwards (`/login?next=/morgan`).
 */
export function RestrictedAreaButton({ className }: { className?: string }) {
  const t = useT()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { status, user } = useUser()
  const [open, setOpen] = useState<'gate' | 'denied' | null>(null)

  function onClick() {
    if (status === 'member' && user?.access_yn === 'Y') navigate(AREA_PATH, { state: { from: pathname } })
    else setOpen(status === 'member' ? 'denied' : 'gate')
  }

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('nav.restricted')}
        title={t('nav.restricted')}
        onClick={onClick}
      >
        <Icon name="document" />
      </button>
      <Modal
        open={open === 'gate'}
        onClose={() => setOpen(null)}
        confirmText={t('gate.login')}
        onConfirm={() => {
          setOpen(null)
          // Back to the restricted area after logging in (the login checks `next`, shared/safe-link.ts).
          navigate(`/login?next=${encodeURIComponent(AREA_PATH)}`)
        }}
      >
        <p>{t('gate.members')}</p>
      </Modal>
      <Modal open={open === 'denied'} onClose={() => setOpen(null)} onConfirm={() => setOpen(null)}>
        <p>{t('gate.noPermission')}</p>
      </Modal>
    </>
  )
}
