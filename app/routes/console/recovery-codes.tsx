import { useId, useRef, useState } from 'react'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { useRootData } from '#app/utils/root-data.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import './recovery-codes.css'

/**
 * A staff member's recovery codes, shown once (after the setup's enrolment and after making new ones
 * on the account page): a numbered grid in a monospace font under a line naming the site and the
 * account, with "Copy all" (the clipboard, confirmed in a status line), "Download" (a .txt file made
 * in the browser: the codes never travel again, nothing is cached) and "Print" (the print stylesheet
 * prints this block only). Without JavaScript the buttons are left out and the codes stay plain,
 * selectable text.
 */
export function RecoveryCodes({ codes, account }: { codes: readonly string[]; account: string }) {
  const t = useT()
  const lang = useLang()
  const hydrated = useHydrated()
  const root = useRootData()
  const headingId = useId()
  const list = useRef<HTMLOListElement>(null)
  const [status, setStatus] = useState('')
  const site = root?.siteUrl ? new URL(root.siteUrl).host : ''
  const heading = t('console.codes.heading', { company: root?.site?.companyName ?? '', site, email: account })

  const asText = () =>
    [
      heading,
      t('console.codes.fileNote', { date: koreaDateTime(new Date(), lang) }),
      '',
      ...codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
      '',
    ].join('\n')

  /** The clipboard API; where it is refused, the old way through a selection of the list. */
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setStatus(t('console.codes.copied'))
    } catch {
      const selection = window.getSelection()
      if (list.current && selection) {
        selection.selectAllChildren(list.current)
        // Deprecated, but the only way left where the clipboard API is refused.
        const copied = document.execCommand('copy')
        setStatus(t(copied ? 'console.codes.copied' : 'console.codes.copyFailed'))
      } else setStatus(t('console.codes.copyFailed'))
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([asText()], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `recovery-codes-${site.replace(/[^A-Za-z0-9.-]+/g, '-') || 'console'}.txt`
    document.body.append(link)
    link.click()
    link.remove()
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
    setStatus(t('console.codes.downloaded'))
  }

  return (
    <div className="recovery-codes">
      <p id={headingId} className="recovery-codes__heading">
        {heading}
      </p>
      <ol ref={list} className="recovery-codes__list" aria-labelledby={headingId} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {hydrated ? (
        <div className="recovery-codes__actions">
          <button type="button" className="button button--outline" onClick={() => void copy()}>
            {t('console.codes.copy')}
          </button>
          <button type="button" className="button button--outline" onClick={download}>
            {t('console.codes.download')}
          </button>
          <button type="button" className="button button--outline" onClick={() => window.print()}>
            {t('console.codes.print')}
          </button>
        </div>
      ) : (
        <noscript>
          <p className="console-muted recovery-codes__note">{t('console.codes.noScript')}</p>
        </noscript>
      )}
      <p role="status" className="recovery-codes__status">
        {status}
      </p>
    </div>
  )
}
