import { useLocation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import './preview-notice.css'

/** The bar a staff member's preview shows above the header: what is shown, and the way back to the public view. */
export function PreviewNotice() {
  const t = useT()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete('preview')
  const query = params.toString()
  return (
    <div className="preview-notice" role="status">
      <p>{t('console.content.previewing')}</p>
      <a href={`${location.pathname}${query ? `?${query}` : ''}`}>{t('console.content.previewExit')}</a>
    </div>
  )
}
