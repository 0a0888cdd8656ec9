import { ErrorPage } from '#app/components/error-page.tsx'
import { routeMeta } from '#app/utils/route-meta.ts'
import type { Route } from './+types/settlement'
import { loadNotices, NoticeList } from './notice-list.tsx'
import { NOTICE_TYPE } from '#shared/type-codes.ts'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'invest.settlement' }, { key: 'invest.settlement.description' })
}

export const loader = (args: Route.LoaderArgs) => loadNotices(NOTICE_TYPE.settlement, args)

export default function SettlementNotices() {
  return <NoticeList titleKey="invest.settlement" />
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
