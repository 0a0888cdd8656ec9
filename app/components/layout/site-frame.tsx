import { ErrorPage } from '#app/components/error-page.tsx'
import { FlashModal } from '#app/components/flash-modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useRootData } from '#app/utils/root-data.ts'
import { UserProvider } from '#app/utils/use-user.ts'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { PreviewNotice } from './preview-notice.tsx'
import { ScrollManager } from './scroll-manager.tsx'

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
      {data.preview ? <PreviewNotice /> : null}
      <Header site={data.site} />
      {children}
      <Footer site={data.site} />
      <FlashModal />
    </UserProvider>
  )
}

/**
 * The site's error page in the site's frame: what the public pages show, and what the console
 * shows anyone who is not signed in as staff (so its addresses look like any missing page).
 */
export function SiteErrorPage() {
  return (
    <SiteFrame>
      <ErrorPage />
    </SiteFrame>
  )
}
