import { Outlet, useRouteLoaderData } from 'react-router'
import { Footer } from '#app/components/layout/footer.tsx'
import { Header } from '#app/components/layout/header.tsx'
import { ScrollManager } from '#app/components/layout/scroll-manager.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { RootData } from '#app/root.tsx'

/** Header, content and footer around every public page. */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const t = useT()
  const data = useRouteLoaderData('root') as RootData | undefined
  if (!data) return <>{children}</>
  return (
    <>
      <div id="top" tabIndex={-1} />
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <ScrollManager />
      <Header site={data.site} />
      {children}
      <Footer site={data.site} />
    </>
  )
}

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  )
}

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <ErrorPage />
    </SiteFrame>
  )
}
