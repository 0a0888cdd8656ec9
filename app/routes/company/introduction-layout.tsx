import { Outlet, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/introduction-layout'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { SideMenu } from '#app/components/ui/side-menu.tsx'
import { companyCatalogue } from '#app/i18n/content/company.server.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { useRootData } from '#app/utils/root-data.ts'
import { companyMenu } from './company-menu.ts'
import './company.css'

/** The company copy in the page's language (`useCompanyCopy`): sent once, not inside the JavaScript. */
export function loader({ context }: Route.LoaderArgs) {
  return { copy: companyCatalogue(context.lang) }
}

/** The language changes only with a full page load: moving between company pages keeps the copy. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false

/** The company introduction shell: banner, side menu with in-page anchors, the child page. */
export default function CompanyIntroductionLayout() {
  const t = useT()
  return (
    <SubPage
      section="company"
      title={t('company.banner')}
      menu={<SideMenu title={t('company.banner')} items={companyMenu(t)} />}
    >
      <Outlet />
    </SubPage>
  )
}

export function ErrorBoundary() {
  const root = useRootData()
  return root ? <ErrorPage /> : null
}
