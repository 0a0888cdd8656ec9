import { redirect } from 'react-router'

/** `/investment` alone opens the stock page. */
export function loader() {
  throw redirect('/investment/stock')
}
