import { useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { DocumentTable } from '#app/components/ui/document-table.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { downloadUrl } from '#shared/files.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import type { Route } from './+types/internal'
import { redirectEnglish } from './notice-list.tsx'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'invest.internal' }, { key: 'invest.internal.description' })
}

/** The information rules: one fixed PDF row from the site settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  redirectEnglish({ request, context })
  const settings = await context.settings()
  const file = settings.internal_rules_file
    ? await context.services.downloads.describe(settings.internal_rules_file)
    : null
  return {
    row: file
      ? {
          id: 1,
          title: settings.internal_rules_title,
          files: [{ href: downloadUrl(file), label: file.origin_file_name, kind: 'PDF' }],
        }
      : null,
  }
}

export default function InternalRules() {
  const { row } = useLoaderData<typeof loader>()
  const t = useT()
  return (
    <section aria-labelledby="notice-title" className="notices">
      <TitleBlock id="notice-title" title={t('invest.internal')} description={t('invest.internal.description')} />
      <DocumentTable
        caption={t('invest.internal')}
        rows={row ? [row] : []}
        numbering={{ total: 1, page: 1, recordSize: LIST_SIZES.invest.recordSize }}
        empty={<EmptyState message={t('invest.empty')} />}
      />
      <p className="notices__warning" role="note">
        {t('invest.softwareWarning')}
      </p>
    </section>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
