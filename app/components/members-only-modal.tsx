import { useNavigate } from 'react-router'
import { Modal } from '#app/components/ui/modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'

/**
 * The members-only gate of section 4: a member feature reached without being logged in. The
 * message says only registered members can use it; the button leads to sign-up.
 */
export function MembersOnlyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const navigate = useNavigate()
  return (
    <Modal
      open={open}
      onClose={onClose}
      confirmText={t('gate.join')}
      onConfirm={() => {
        onClose()
        navigate('/signup')
      }}
    >
      <p>{t('gate.membersOnly')}</p>
    </Modal>
  )
}
