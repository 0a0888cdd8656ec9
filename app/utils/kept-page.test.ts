import { describe, expect, it } from 'vitest'
import type { EntryContext } from 'react-router'
import { KEPT_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from '#shared/cache-control.ts'
import { isKeptPage, keptPage, setDocumentCacheControl } from './kept-page.ts'

/** A document's context as React Router hands it to app/entry.server.tsx: the matched routes and their modules. */
function context(routes: { id: string; handle?: unknown }[]): EntryContext {
  return {
    staticHandlerContext: { matches: routes.map(({ id }) => ({ route: { id } })) },
    routeModules: Object.fromEntries(routes.map(({ id, handle }) => [id, { handle }])),
  } as unknown as EntryContext
}

const cacheControl = (status: number, routes: { id: string; handle?: unknown }[], given?: string) => {
  const headers = new Headers(given ? { 'Cache-Control': given } : {})
  setDocumentCacheControl(headers, status, isKeptPage(context(routes)))
  return headers.get('Cache-Control')
}

describe('which pages are kept', () => {
  it('a page whose route says keptPage is sent with the shared lifetime', () => {
    expect(
      cacheControl(200, [{ id: 'root' }, { id: 'routes/site-layout' }, { id: 'routes/recruitment', handle: keptPage }]),
    ).toBe(KEPT_CACHE_CONTROL)
  })

  it('a new page that says nothing is private, even under a layout that is kept', () => {
    expect(
      cacheControl(200, [{ id: 'root' }, { id: 'routes/site-layout', handle: keptPage }, { id: 'routes/new-page' }]),
    ).toBe(PRIVATE_CACHE_CONTROL)
    expect(cacheControl(200, [{ id: 'root' }, { id: 'routes/new-page', handle: { kept: 'yes' } }])).toBe(
      PRIVATE_CACHE_CONTROL,
    )
  })

  it('an error page of a kept route is private, and what the route said itself wins', () => {
    expect(cacheControl(404, [{ id: 'root' }, { id: 'routes/recruitment', handle: keptPage }])).toBe(
      PRIVATE_CACHE_CONTROL,
    )
    expect(cacheControl(200, [{ id: 'root' }, { id: 'routes/terms', handle: keptPage }], 'private, no-store')).toBe(
      'private, no-store',
    )
  })
})
