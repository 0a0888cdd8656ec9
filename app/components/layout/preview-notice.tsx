import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import './preview-notice.css'

/** Addresses that are not pages of the site: a preview never follows them. */
const NOT_PAGES = /^\/(admin|api|media)(\/|$)/

/**
 * The bar a staff member's preview shows, fixed above everything else on the page (the site's fixed
 * header included): what is shown, and the way back to the public view. While it is on, a click on
 * a link to another page of the site keeps the preview (`?preview=all` goes along), so an editor can
 * walk the previewed site; the exit link and links with a preview of their own are left alone.
 */
export function PreviewNotice() {
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  params.delete('preview')
  const query = params.toString()

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('data-preview-exit')) return
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
      const url = new URL(link.href, window.location.href)
      if (url.origin !== window.location.origin || NOT_PAGES.test(url.pathname) || url.searchParams.has('preview'))
        return
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return
      url.searchParams.set('preview', 'all')
      event.preventDefault()
      event.stopPropagation()
      void navigate(`${url.pathname}${url.search}${url.hash}`)
    }
    window.addEventListener('click', onClick, true)
    return () => window.removeEventListener('click', onClick, true)
  }, [navigate])

  return (
    <div className="preview-notice" role="status">
      <p>{t('console.content.previewing')}</p>
      <a href={`${location.pathname}${query ? `?${query}` : ''}`} data-preview-exit="">
        {t('console.content.previewExit')}
      </a>
    </div>
  )
}
