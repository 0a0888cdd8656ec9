import { Form, redirect, useLoaderData, useNavigate, useSearchParams, type AppLoadContext } from 'react-router'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { DocumentTable } from '#app/components/ui/document-table.tsx'
import { Dropdown } from '#app/components/ui/dropdown.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { downloadUrl } from '#shared/files.ts'
import { LIST_SIZES, parsePage } from '#shared/list-rules.ts'
import { koreaDate } from '#app/utils/korea-date.ts'
import type { NoticeType } from '#shared/type-codes.ts'

type LoaderContextArgs = { request: Request; context: AppLoadContext }

/** Korean-only pages: English visitors are sent to the stock page, keeping an explicit ?lang. */
export function redirectEnglish({ request, context }: LoaderContextArgs) {
  if (context.lang !== 'en') return
  const lang = new URL(request.url).searchParams.get('lang')
  throw redirect(lang ? `/investment/stock?lang=${lang}` : '/investment/stock')
}

/**
 * Shareholder-meeting and settlement notices (NOTICE_TYPE): category from `select`
 * (default: the first category), page from `page`, newest first, 15 a page.
 */
export async function loadNotices(type: NoticeType, { request, context }: LoaderContextArgs) {
  redirectEnglish({ request, context })
  const url = new URL(request.url)
  const categories = await context.services.investors.categories(type)
  const selected = categories.find((c) => String(c.id) === url.searchParams.get('select')) ?? categories[0] ?? null
  const page = parsePage(url.searchParams.get('page'))
  const result = selected
    ? await context.services.investors.posts({ page, ...LIST_SIZES.invest, categoryId: selected.id, type })
    : null
  return {
    categories,
    selectedId: selected ? String(selected.id) : null,
    selectedTitle: selected?.title ?? '',
    page: result?.pagination.page ?? 1,
    total: result?.pagination.totalRecordCountAll ?? 0,
    rows: (result?.list ?? []).map((row) => ({
      id: row.id,
      title: row.title,
      date: koreaDate(row.created_at),
      at: new Date(row.created_at).toISOString(),
      files: row.data_list.map((f) => ({ href: downloadUrl(f), label: f.origin_file_name, kind: f.icon })),
    })),
  }
}

type NoticeData = Awaited<ReturnType<typeof loadNotices>>

export function NoticeList({ titleKey }: { titleKey: MessageKey }) {
  const data = useLoaderData() as NoticeData
  const t = useT()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return (
    <section aria-labelledby="notice-title" className="notices">
      <TitleBlock id="notice-title" title={t(titleKey)} />
      {/* A GET form: without JavaScript the category still changes through the button. */}
      <Form method="get" className="notices__filter">
        <Dropdown
          label={t('invest.category')}
          name="select"
          options={data.categories.map((c) => ({ value: String(c.id), label: c.title }))}
          value={data.selectedId}
          onChange={(value) => {
            const next = new URLSearchParams(params)
            next.set('select', value)
            next.delete('page')
            navigate({ search: `?${next.toString()}` }, { preventScrollReset: true })
          }}
        />
        <noscript>
          <button type="submit" className="button button--outline">
            {t('invest.apply')}
          </button>
        </noscript>
      </Form>
      <DocumentTable
        caption={data.selectedTitle || t(titleKey)}
        titleHeader={data.selectedTitle || t(titleKey)}
        rows={data.rows}
        numbering={{ total: data.total, page: data.page, recordSize: LIST_SIZES.invest.recordSize }}
        after={[
          {
            header: t('invest.date'),
            className: 'doc-table__date',
            cell: (row) => (
              <>
                <time dateTime={row.at}>{row.date}</time>
                <RelativeTime iso={row.at} className="doc-table__ago" />
              </>
            ),
          },
        ]}
        empty={<EmptyState message={t('invest.empty')} />}
      />
      <Pagination page={data.page} totalRecords={data.total} {...LIST_SIZES.invest} />
      <p className="notices__warning" role="note">
        {t('invest.softwareWarning')}
      </p>
    </section>
  )
}
