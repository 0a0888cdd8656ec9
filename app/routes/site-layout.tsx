import { Outlet } from 'react-router'
import { Footer } from '#app/components/layout/footer.tsx'
import { Header } from '#app/components/layout/header.tsx'
import { ScrollManager } from '#app/components/layout/scroll-manager.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FlashModal } from '#app/components/flash-modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useRootData } from '#app/utils/root-data.ts'
import { UserProvider } from '#app/utils/use-user.ts'

/** Header, content and footer around every public page. */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const t = useT()
  const data = useRootData()
  if (!data) return <>{children}</>
  return (
    <UserProvider>
      <div id="top" tabIndex={-1} />
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <ScrollManager />
      <Header site={data.site} />
      {children}
      <Footer site={data.site} />
      <FlashModal />
    </UserProvider>
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
