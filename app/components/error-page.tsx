import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import './error-page.css'

/**
 * The one bilingual error view every route's ErrorBoundary renders. `nested` is for child
 * routes rendered inside a page frame that already has the <main> landmark.
 */
export function ErrorPage({ nested = false }: { nested?: boolean }) {
  const error = useRouteError()
  const t = useT()
  const Landmark = nested ? 'section' : 'main'
  const status = isRouteErrorResponse(error) ? error.status : 500
  const kind =
    status === 404
      ? 'notFound'
      : status === 403
        ? 'forbidden'
        : status >= 400 && status < 500
          ? 'badRequest'
          : 'generic'
  if (kind === 'generic' && error && !isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error)
  return (
    <Landmark
      {...(nested ? {} : { id: 'main', tabIndex: -1 })}
      className={`error-page${nested ? ' error-page--nested' : ''}`}
    >
      <p className="error-page__status">{status}</p>
      <h1 className="error-page__title">{t(`error.${kind}.title` as MessageKey)}</h1>
      <p className="error-page__body">{t(`error.${kind}.body` as MessageKey)}</p>
      <Link className="button button--primary" to="/" reloadDocument={kind === 'generic'}>
        {t('error.goHome')}
      </Link>
    </Landmark>
  )
}
