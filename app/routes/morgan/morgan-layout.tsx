import { Outlet } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { ScrollManager } from '#app/components/layout/scroll-manager.tsx'
import { COPY } from './morgan-copy.ts'
import { RestrictedHeader } from './restricted-header.tsx'
import './morgan.css'

/**
 * The frame of /morgan and its detail pages: the area's own header instead of the site's,
 * Korean whatever the site language (`lang="ko"` on the frame, so the words are read as Korean
 * even on an English visit). Each page's loader guards itself (loaders run in parallel, so a
 * guard here would not protect them).
 */
function RestrictedFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="restricted" lang="ko">
      <a className="skip-link" href="#main">
        {COPY.skipToContent}
      </a>
      <ScrollManager />
      <RestrictedHeader />
      <main id="main" className="restricted__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}

export default function MorganLayout() {
  return (
    <RestrictedFrame>
      <Outlet />
    </RestrictedFrame>
  )
}

export function ErrorBoundary() {
  return (
    <RestrictedFrame>
      <ErrorPage nested />
    </RestrictedFrame>
  )
}
