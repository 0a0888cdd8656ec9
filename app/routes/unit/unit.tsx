import { Link, useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { rootFromMatches } from '#app/utils/root-data.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { privateHeaders } from '#app/utils/session.server.ts'
import { translate } from '#shared/i18n/messages.ts'
import { defaultLang } from '#shared/locales.ts'
import { SerialLookup } from '../service/serial-lookup.tsx'
import type { Route } from './+types/unit'
import { UnitPublic } from './unit-public.tsx'
import { UnitRestricted } from './unit-restricted.tsx'
import { loadUnitPage } from './unit.server.ts'
import './unit.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const lang = rootFromMatches(matches)?.lang ?? defaultLang
  const title =
    loaderData?.kind === 'unit'
      ? translate(lang, 'unit.title', { serial: loaderData.serial })
      : translate(lang, loaderData?.kind === 'invalid' ? 'unit.invalid.title' : 'unit.unknown.title')
  const serial = loaderData?.kind === 'unit' ? loaderData.serial : (loaderData?.asked ?? '')
  // Identification links are for name plates, not search engines; they are not in the sitemap either.
  return [
    ...routeMeta(matches, title, translate(lang, 'unit.description', { serial })),
    { name: 'robots', content: 'noindex' },
  ]
}

/**
 * One address, a different page for a member with access: never kept (the route does not opt in)
 * and stored by no cache, for anyone.
 */
export const headers = privateHeaders

/** /id/{serial} (docs/decisions/058-unit-pages.md). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadUnitPage(request, context, params.serial)
}

export default function UnitPage() {
  const d = useLoaderData<typeof loader>()
  const t = useT()
  if (d.kind !== 'unit')
    return (
      <SubPage section="product" title={t(d.kind === 'invalid' ? 'unit.invalid.title' : 'unit.unknown.title')}>
        <div className="unit unit--unknown">
          <p className="unit__lead">
            {d.kind === 'invalid' ? t('unit.invalid.body') : t('unit.unknown.body', { serial: d.asked })}
          </p>
          <SerialLookup code={d.code} invalid={false} result={null} path={d.lookupPath} />
        </div>
      </SubPage>
    )
  return (
    <SubPage section="product" title={t('unit.title', { serial: d.serial })}>
      <div className="unit">
        <UnitPublic unit={d}>
          {d.restricted ? (
            <UnitRestricted order={d.restricted} />
          ) : d.signedIn ? null : (
            <p className="unit__sign-in">
              {t('unit.restricted.signIn')} <Link to={d.signInHref}>{t('unit.restricted.signInLink')}</Link>
            </p>
          )}
        </UnitPublic>
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
