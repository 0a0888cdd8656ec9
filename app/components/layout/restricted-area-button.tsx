import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { Modal } from '#app/components/ui/modal.tsx'
import { Icon } from './icons.tsx'

/**
 * The header's document icon. The visitor is anonymous until member accounts exist, so it
 * shows the members-only gate with a way to log in (see docs/decisions/0004).
 */
export function RestrictedAreaButton({ className }: { className?: string }) {
  const t = useT()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={className} aria-label={t('nav.restricted')} title={t('nav.restricted')} onClick={() => setOpen(true)}>
        <Icon name="document" />
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        confirmText={t('gate.login')}
        onConfirm={() => {
          setOpen(false)
          navigate('/login')
        }}
      >
        <p>{t('gate.members')}</p>
      </Modal>
    </>
  )
}
