import { useT } from '#app/i18n/use-lang.ts'
import { Modal } from '#app/components/ui/modal.tsx'
import { safeHref } from '#shared/safe-link.ts'

export type VrUrls = { ko: string; en: string; ru: string }

/** The VR TOUR language picker: each choice opens the external tour in a new tab. */
export function VrTourModal({ open, onClose, urls }: { open: boolean; onClose: () => void; urls: VrUrls }) {
  const t = useT()
  const choices = [
    { lang: 'ko', label: t('vr.ko'), href: urls.ko },
    { lang: 'en', label: t('vr.en'), href: urls.en },
    { lang: 'ru', label: t('vr.ru'), href: urls.ru },
  ]
  return (
    <Modal open={open} onClose={onClose} title={t('vr.title')} className="vr-modal">
      <p>{t('vr.description')}</p>
      <ul className="vr-modal__list">
        {choices.map((c) => (
          <li key={c.lang}>
            <a
              className="button button--outline vr-modal__choice"
              href={safeHref(c.href, 'web')}
              target="_blank"
              rel="noopener noreferrer"
              lang={c.lang}
              onClick={onClose}
            >
              {c.label}
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
