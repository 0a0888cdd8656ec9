import { useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, useLocation, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/root'
import { ErrorPage } from '#app/components/error-page.tsx'
import { messagesUrlFor } from '#shared/i18n/catalogs.server.ts'
import { alternateLinks } from '#app/utils/seo.ts'
import { useNonce } from '#app/utils/nonce.ts'
import { siteFacts, useRootData, type RootData } from '#app/utils/root-data.ts'
import { defaultLang, LANG_STORAGE_KEY, suffixOf } from '#shared/locales.ts'
import './styles/base.css'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { lang, siteUrl } = context
  const inConsole = /^\/admin(\/|\.data|$)/.test(new URL(request.url).pathname)
  const view = await context.view()
  const s = await context.settings()
  return {
    lang,
    preview: Boolean(view.preview),
    siteUrl,
    // A preview's notice is the console's wording.
    messagesUrl: messagesUrlFor(lang, { console: inConsole || Boolean(view.preview) }),
    site: siteFacts(s, lang),
  } satisfies RootData
}

/** Site facts and language change only with a full page load (the language switch reloads). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData()
  const lang = data?.lang ?? defaultLang
  const nonce = useNonce()
  const location = useLocation()
  useEffect(() => {
    // The specification keeps the language in session storage: '' Korean, '_en' English.
    sessionStorage.setItem(LANG_STORAGE_KEY, suffixOf(lang))
  }, [lang])
  useEffect(markHydrated, [])
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2a4a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data ? (
          // The browser's catalogue (app/entry.client.tsx reads it before hydrating; ADR 076): fetched
          // with the scripts, after the first paint (app/utils/scripts-after-load.server.ts).
          <link rel="preload" as="fetch" crossOrigin="anonymous" href={data.messagesUrl} data-messages="" />
        ) : null}
        {data
          ? alternateLinks(data.siteUrl, location.pathname, location.search, lang).map((link) => (
              <link key={`${link.rel}-${link.hrefLang ?? ''}`} {...link} />
            ))
          : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/**
 * `window.__hydrated` is true once React has hydrated the document: the root's effects run after
 * every effect of the page below it, in the commit that ends hydration (the page has no Suspense
 * boundary that would hydrate later). End-to-end tests wait for it (tests/e2e/helpers.ts `hydrated`).
 */
function markHydrated() {
  ;(window as { __hydrated?: boolean }).__hydrated = true
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <ErrorPage />
}
