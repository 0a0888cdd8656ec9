import { Outlet } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { SideMenu } from '#app/components/ui/side-menu.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useRootData } from '#app/utils/root-data.ts'
import { companyMenu } from './company-menu.ts'
import './company.css'

/** The company introduction shell: banner, side menu with in-page anchors, the child page. */
export default function CompanyIntroductionLayout() {
  const t = useT()
  return (
    <SubPage section="company" title={t('company.banner')} menu={<SideMenu title={t('company.banner')} items={companyMenu(t)} />}>
      <Outlet />
    </SubPage>
  )
}

export function ErrorBoundary() {
  const root = useRootData()
  return root ? <ErrorPage /> : null
}
