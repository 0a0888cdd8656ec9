import { Outlet } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useRootData } from '#app/utils/root-data.ts'
import './search.css'

/** /search and /search/result: the banner and frame around the prompt or the results. */
export default function SearchLayout() {
  const t = useT()
  return (
    <SubPage section="search" title={t('search.title')}>
      <Outlet />
    </SubPage>
  )
}

export function ErrorBoundary() {
  const root = useRootData()
  return root ? <ErrorPage /> : null
}
