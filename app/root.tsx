import { useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/root'
import { ErrorPage } from '#app/components/error-page.tsx'
import { messagesFor } from '#app/i18n/catalogs.server.ts'
import { provideMessages } from '#app/i18n/messages.ts'
import { alternateLinks } from '#app/utils/seo.ts'
import { useNonce } from '#app/utils/nonce.ts'
import { defaultLang, LANG_STORAGE_KEY, localized, suffixOf } from '#shared/locales.ts'
import './styles/base.css'

export async function loader({ context }: Route.LoaderArgs) {
  const { lang, siteUrl } = context
  const s = await context.services.settings.get()
  return {
    lang,
    siteUrl,
    messages: messagesFor(lang),
    site: {
      companyName: localized(s, 'company_name', lang),
      ceo: localized(s, 'ceo', lang),
      hqAddress: localized(s, 'hq_address', lang),
      seoulAddress: localized(s, 'seoul_address', lang),
      daeguAddress: localized(s, 'daegu_address', lang),
      businessNumbers: localized(s, 'business_numbers', lang).split('\n'),
      phone: s.phone,
      fax: s.fax,
      vrUrls: { ko: s.vr_url_ko, en: s.vr_url_en, ru: s.vr_url_ru },
      groupwareUrl: s.groupware_url,
    },
  }
}

export type RootData = Awaited<ReturnType<typeof loader>>

/** Site facts and language change only with a full page load (the language switch reloads). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const lang = data?.lang ?? defaultLang
  // Before anything below renders (including <Meta />), so every translate() finds the catalogue.
  if (data) provideMessages(data.lang, data.messages)
  const nonce = useNonce()
  const location = useLocation()
  useEffect(() => {
    // The specification keeps the language in session storage: '' Korean, '_en' English.
    sessionStorage.setItem(LANG_STORAGE_KEY, suffixOf(lang))
  }, [lang])
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2a4a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <ErrorPage />
}
