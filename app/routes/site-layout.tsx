import { Outlet } from 'react-router'
import { SiteErrorPage, SiteFrame } from '#app/components/layout/site-frame.tsx'

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  )
}

export function ErrorBoundary() {
  return <SiteErrorPage />
}
