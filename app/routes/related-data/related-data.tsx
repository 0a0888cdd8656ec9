import { Form, Link, useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router'
import { groupDigits } from '#shared/group-digits.ts'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { revisionColumn } from '#app/components/ui/document-revision.tsx'
import { DocumentTable } from '#app/components/ui/document-table.tsx'
import { Dropdown } from '#app/components/ui/dropdown.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { translate } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { rootFromMatches } from '#app/utils/root-data.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { downloadUrl } from '#shared/files.ts'
import { defaultLang, localized } from '#shared/locales.ts'
import { LIST_SIZES, parsePage } from '#shared/list-rules.ts'
import { CLASSIFICATION_COUNT, classificationKey } from '#shared/service-pages.ts'
import type { Route } from './+types/related-data'
import {
  ARCHIVE_RETURN_DEFAULT,
  classificationSearch,
  parseClassification,
  parseProductId,
  returnPath,
} from './archive-query.ts'
import './related-data.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const lang = rootFromMatches(matches)?.lang ?? defaultLang
  const product = loaderData?.productTitle
  const title = product ? translate(lang, 'archive.forProduct', { product }) : { key: 'archive.title' as const }
  return routeMeta(matches, title, { key: 'archive.description' })
}

/** The reference archive: `select` (classification 0..12), `page` and an optional product `id`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context
  const url = new URL(request.url)
  const select = parseClassification(url.searchParams.get('select'))
  const productId = parseProductId(url.searchParams.get('id'))
  const [result, tree] = await Promise.all([
    context.services.products.referenceDocuments({
      classification: select,
      productId,
      page: parsePage(url.searchParams.get('page')),
      ...LIST_SIZES.reference,
    }),
    productId === null ? null : context.services.products.tree(),
  ])
  const product = tree
    ?.flatMap((f) => [f, ...f.product_list.flatMap((s) => [s, ...s.product_list])])
    .find((p) => p.id === productId)
  return {
    select,
    productTitle: product ? localized(product, 'title', lang) : null,
    page: result.pagination.page,
    total: result.pagination.totalRecordCountAll,
    rows: result.list.map((doc) => ({
      id: doc.id,
      type: doc.type,
      title: localized(doc, 'title', lang),
      url: localized(doc, 'url', lang),
      docNumber: doc.doc_number,
      revision: doc.revision,
      revisedAt: doc.revised_at.toISOString(),
      files: doc.file_list.map((f) => ({ href: downloadUrl(f), label: f.origin_file_name, kind: f.icon })),
    })),
  }
}

export default function RelatedData() {
  const data = useLoaderData<typeof loader>()
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  // The state path is known only in the browser: the server (and hydration) render the default.
  const hydrated = useHydrated()
  const back = hydrated ? returnPath(location.state) : ARCHIVE_RETURN_DEFAULT
  const options = Array.from({ length: CLASSIFICATION_COUNT }, (_, i) => ({
    value: String(i),
    label: t(classificationKey(i)),
  }))
  const heading = data.productTitle ? t('archive.forProduct', { product: data.productTitle }) : t('archive.title')
  return (
    <SubPage section="product" title={t('product.banner')}>
      <section className="archive" aria-labelledby="archive-title">
        <TitleBlock id="archive-title" title={heading} />
        <div className="archive__bar">
          {/* A GET form: without JavaScript the classification still changes through the button. */}
          <Form method="get" className="archive__filter">
            {params.get('id') ? <input type="hidden" name="id" value={params.get('id') ?? ''} /> : null}
            <Dropdown
              label={t('archive.classification')}
              name="select"
              options={options}
              value={String(data.select)}
              onChange={(value) => navigate({ search: classificationSearch(params, value) }, { state: location.state })}
            />
            <noscript>
              <button type="submit" className="button button--outline">
                {t('archive.apply')}
              </button>
            </noscript>
          </Form>
          <p className="archive__total">{t('archive.total', { total: groupDigits(data.total) })}</p>
        </div>
        <DocumentTable
          caption={`${heading} · ${t(classificationKey(data.select))}`}
          rows={data.rows}
          numbering={{ total: data.total, page: data.page, recordSize: LIST_SIZES.reference.recordSize }}
          before={[
            {
              header: t('archive.classification'),
              className: 'doc-table__type',
              cell: (row) => t(classificationKey(row.type)),
            },
          ]}
          after={[revisionColumn(t)]}
          empty={<EmptyState />}
        />
        <Pagination page={data.page} totalRecords={data.total} {...LIST_SIZES.reference} state={location.state} />
        <div className="archive__actions">
          <Link className="button button--outline" to={back}>
            {t('archive.return')}
          </Link>
        </div>
      </section>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
