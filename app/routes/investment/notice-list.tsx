import { Form, redirect, useLoaderData, useNavigate, useSearchParams, type AppLoadContext } from 'react-router'
import { DownloadList } from '#app/components/ui/download-list.tsx'
import { Dropdown } from '#app/components/ui/dropdown.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { parsePage } from '#app/components/ui/pagination-window.ts'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { downloadUrl } from '#shared/files.ts'

type LoaderContextArgs = { request: Request; context: AppLoadContext }

export const NOTICE_RECORD_SIZE = 15
export const NOTICE_PAGE_SIZE = 5

/** Korean-only pages: English visitors are sent to the stock page, keeping an explicit ?lang. */
export function redirectEnglish({ request, context }: LoaderContextArgs) {
  if (context.lang !== 'en') return
  const lang = new URL(request.url).searchParams.get('lang')
  throw redirect(lang ? `/investment/stock?lang=${lang}` : '/investment/stock')
}

/**
 * Shareholder-meeting (type 1) and settlement (type 2) notices: category from `select`
 * (default: the first category), page from `page`, newest first, 15 a page.
 */
export async function loadNotices(type: 1 | 2, { request, context }: LoaderContextArgs) {
  redirectEnglish({ request, context })
  const url = new URL(request.url)
  const categories = await context.services.investors.categories(type)
  const selected = categories.find((c) => String(c.id) === url.searchParams.get('select')) ?? categories[0] ?? null
  const page = parsePage(url.searchParams.get('page'))
  const result = selected
    ? await context.services.investors.posts({ page, recordSize: NOTICE_RECORD_SIZE, pageSize: NOTICE_PAGE_SIZE, categoryId: selected.id, type })
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
      date: row.created_at.toISOString().slice(0, 10).replace(/-/g, '.'),
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
  const first = data.total - (data.page - 1) * NOTICE_RECORD_SIZE
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
      <table className="notices__table">
        <caption className="visually-hidden">{data.selectedTitle}</caption>
        <thead>
          <tr>
            <th scope="col" className="notices__no">
              {t('invest.no')}
            </th>
            <th scope="col">{data.selectedTitle || t(titleKey)}</th>
            <th scope="col" className="notices__date">
              {t('invest.date')}
            </th>
            <th scope="col" className="notices__files">
              {t('invest.download')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row, i) => (
            <tr key={row.id}>
              <td className="notices__no">{first - i}</td>
              <td className="notices__title">{row.title}</td>
              <td className="notices__date">{row.date}</td>
              <td className="notices__files">
                <DownloadList files={row.files} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.rows.length === 0 ? <EmptyState message={t('invest.empty')} /> : null}
      <Pagination page={data.page} totalRecords={data.total} recordSize={NOTICE_RECORD_SIZE} pageSize={NOTICE_PAGE_SIZE} />
      <p className="notices__warning" role="note">
        {t('invest.softwareWarning')}
      </p>
    </section>
  )
}
