import { Outlet } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { SideMenu, type SideMenuItem } from '#app/components/ui/side-menu.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { useRootData } from '#app/utils/root-data.ts'
import './investment.css'

/** Investment pages; shareholder, internal and settlement exist in Korean only. */
export function useInvestmentMenu(): SideMenuItem[] {
  const t = useT()
  const lang = useLang()
  const items: SideMenuItem[] = [
    { text: t('invest.stock'), link: '/investment/stock' },
    { text: t('invest.public'), link: '/investment/public' },
  ]
  if (lang === 'ko') {
    items.push(
      { text: t('invest.shareholder'), link: '/investment/shareholder' },
      { text: t('invest.internal'), link: '/investment/internal' },
      { text: t('invest.settlement'), link: '/investment/settlement' },
    )
  }
  return items
}

export default function InvestmentLayout() {
  const t = useT()
  const menu = useInvestmentMenu()
  return (
    <SubPage
      section="investment"
      title={t('invest.banner')}
      menu={<SideMenu title={t('invest.banner')} items={menu} />}
    >
      <Outlet />
    </SubPage>
  )
}

export function ErrorBoundary() {
  const root = useRootData()
  return root ? <ErrorPage /> : null
}
