import { useRef, useState, type KeyboardEvent } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** A patent or certificate card; `thumbnailAlt` is its image's text (app/utils/public-images.server.ts). */
export type CertItem = {
  id: number
  title: string
  number: string
  thumbnail: string
  thumbnailAlt: string
  href: string
}
export type CertTab = 'patent' | 'certificate'

const TABS: CertTab[] = ['patent', 'certificate']
/** The section the tabs sit in; links before hydration jump back to it. */
const SECTION_ID = 'company_step_05'

export function certTabOf(search: string): CertTab {
  return new URLSearchParams(search).get('tab') === 'certificate' ? 'certificate' : 'patent'
}

/**
 * The query for showing `tab`: other parameters kept, scroll-only ones dropped, and
 * `disableScrollTop` when the switch happens in the page (so the position stays put).
 */
export function certTabSearch(search: string, tab: CertTab, inPage: boolean): string {
  const params = new URLSearchParams(search)
  params.set('tab', tab)
  for (const name of ['focus', 'focus_block', 'disableScrollTop']) params.delete(name)
  if (inPage) params.set('disableScrollTop', 'true')
  return `?${params.toString()}`
}

/**
 * Patent / Certificates tabs (WAI-ARIA tabs pattern, automatic activation). The chosen tab
 * lives in `?tab=`, so before scripts run the tabs are links that reload with the other tab;
 * afterwards they are buttons, arrow keys move between them, and the query is replaced.
 * Downloads ask for confirmation first, then navigate to the file.
 */
export function CertificationTabs({ patents, certificates }: { patents: CertItem[]; certificates: CertItem[] }) {
  const t = useT()
  const hydrated = useHydrated()
  const location = useLocation()
  const [, setSearchParams] = useSearchParams()
  const current = certTabOf(location.search)
  const tabRefs = useRef<(HTMLElement | null)[]>([])
  const [pending, setPending] = useState<CertItem | null>(null)
  const items = current === 'patent' ? patents : certificates
  const label = (tab: CertTab) => t(tab === 'patent' ? 'company.certs.patent' : 'company.certs.certificate')

  function select(tab: CertTab) {
    if (tab === current) return
    setSearchParams(new URLSearchParams(certTabSearch(location.search, tab, true)), {
      replace: true,
      preventScrollReset: true,
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    let next: number
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = TABS.length - 1
    else return
    event.preventDefault()
    select(TABS[next]!)
    tabRefs.current[next]?.focus()
  }

  return (
    <div className="cert-tabs">
      <div className="cert-tabs__list" role="tablist" aria-label={t('company.certs.tablist')}>
        {TABS.map((tab, index) => {
          const selected = tab === current
          const common = {
            id: `cert-tab-${tab}`,
            role: 'tab',
            'aria-selected': selected,
            'aria-controls': 'cert-panel',
            className: `cert-tabs__tab${selected ? ' is-selected' : ''}`,
          } as const
          return hydrated ? (
            <button
              key={tab}
              {...common}
              ref={(el) => {
                tabRefs.current[index] = el
              }}
              type="button"
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {label(tab)}
            </button>
          ) : (
            <a key={tab} {...common} href={`${certTabSearch(location.search, tab, false)}#${SECTION_ID}`}>
              {label(tab)}
            </a>
          )
        })}
      </div>
      <div className="cert-tabs__panel" id="cert-panel" role="tabpanel" aria-labelledby={`cert-tab-${current}`}>
        {items.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="cert-grid">
            {items.map((item) => (
              <li key={item.id} className="cert-card">
                <img
                  className="cert-card__image"
                  src={item.thumbnail}
                  alt={item.thumbnailAlt}
                  width={300}
                  height={420}
                  loading="lazy"
                  decoding="async"
                />
                <h3 className="cert-card__title">{item.title}</h3>
                <p className="cert-card__number">{item.number}</p>
                {hydrated ? (
                  <button
                    type="button"
                    className="button button--outline cert-card__download"
                    aria-haspopup="dialog"
                    aria-label={t('company.certs.downloadLabel', { title: item.title })}
                    onClick={() => setPending(item)}
                  >
                    <DownloadIcon />
                    {t('company.certs.download')}
                  </button>
                ) : (
                  <a
                    className="button button--outline cert-card__download"
                    href={item.href}
                    download
                    aria-label={t('company.certs.downloadLabel', { title: item.title })}
                  >
                    <DownloadIcon />
                    {t('company.certs.download')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        // The item's title names the dialog (a dialog needs an accessible name); the question is its message.
        title={pending?.title}
        confirmText={t('company.certs.confirmButton')}
        onConfirm={() => {
          const href = pending?.href
          setPending(null)
          // The server answers with Content-Disposition: attachment, so the page stays.
          if (href) window.location.assign(href)
        }}
      >
        <p>{t('company.certs.confirm')}</p>
      </Modal>
    </div>
  )
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 4v11M7 10l5 5 5-5M5 20h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
