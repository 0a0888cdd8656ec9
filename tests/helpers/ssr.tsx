import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import type { Lang } from '#shared/locales.ts'

/**
 * Server-renders `element` at `url` inside a data router; `lang` feeds the root loader data useT
 * reads (without it there is no root data and useT falls back to Korean).
 */
export function ssr(element: ReactNode, url = '/page', lang?: Lang): string {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      ...(lang ? { loader: () => ({ lang }) } : {}),
      children: [{ path: '*', Component: () => <>{element}</> }],
    },
  ])
  const hydrationData = lang ? { loaderData: { root: { lang } } } : undefined
  return renderToString(<Stub initialEntries={[url]} hydrationData={hydrationData} />)
}

export const noop = () => {}
/** Decodes the few entities React writes into attributes and text. */
export const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
/** The opening tag holding `attr` (attribute order does not matter to the assertions). */
export function tagWith(html: string, attr: string): string {
  const at = html.indexOf(attr)
  if (at < 0) return ''
  const start = html.lastIndexOf('<', at)
  return html.slice(start, html.indexOf('>', at) + 1)
}
/** The opening tag of the link whose text is exactly `text`. */
export function linkTo(html: string, text: string): string {
  const m = [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].find((x) => x[1] === text)
  return m ? m[0] : ''
}
