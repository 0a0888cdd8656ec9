import type { ReactNode } from 'react'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import './sub-page.css'

export type BannerSection =
  'company' | 'investment' | 'recruitment' | 'terms' | 'product' | 'service' | 'search' | 'member'

/** The frame of every sub-page: banner with the h1, side menu beside (or above, on phones) the content. */
export function SubPage({
  section,
  title,
  menu,
  children,
}: {
  section: BannerSection
  title: string
  menu?: ReactNode
  children: ReactNode
}) {
  return (
    <main id="main" className="sub-page" tabIndex={-1}>
      <PageBanner
        title={title}
        image={`/images/banners/${section}-pc.svg`}
        mobileImage={`/images/banners/${section}-mb.svg`}
      />
      <div className={`sub-page__body${menu ? '' : ' sub-page__body--full'}`}>
        {menu ? <aside className="sub-page__menu">{menu}</aside> : null}
        <div className="sub-page__content">{children}</div>
      </div>
    </main>
  )
}
