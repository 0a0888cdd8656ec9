import { redirect } from 'react-router'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

/** `/investment` alone opens the stock page. */
export function loader() {
  throw redirect('/investment/stock')
}
