import { Link, useNavigate } from 'react-router'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { UploadField } from '#app/components/console/upload-field.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { consoleDownloadUrl, consoleMediaUrl } from '#shared/files.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { formatFileSize, imageVariants, MEDIA_PAGE_SIZE } from '#shared/uploads.ts'
import type { Route } from './+types/media'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { useWhen } from './use-when.ts'
import './media.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.media.title')
}

/** Every staff member sees the files; editors and administrators also upload (the endpoint checks again). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const page = Math.max(
    1,
    Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1),
  )
  const list = await context.services.uploads.list(page, MEDIA_PAGE_SIZE)
  return {
    canUpload: roleAtLeast(staff.user.role, 'editor'),
    page,
    total: list.total,
    rows: list.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
  }
}

export const headers = consoleHeaders

/** The short name of a content type for the list: PNG, PDF, XLSX… */
function typeLabel(contentType: string): string {
  const known: Record<string, string> = {
    'application/acad': 'DWG',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
    'image/svg+xml': 'SVG',
  }
  return known[contentType] ?? (contentType.split('/')[1]?.split(/[;+]/)[0] ?? contentType).toUpperCase()
}

type Row = Route.ComponentProps['loaderData']['rows'][number]

function Preview({ row }: { row: Row }) {
  const t = useT()
  if (row.contentType.startsWith('image/')) {
    const small = imageVariants(row.key, row.width).find((v) => v.format === 'webp')
    return (
      <a
        href={consoleMediaUrl(row.key)}
        className="media-preview"
        aria-label={t('console.media.open', { name: row.name })}
      >
        <img src={consoleMediaUrl(small?.key ?? row.key)} alt="" loading="lazy" width={80} height={60} />
      </a>
    )
  }
  return (
    <a href={consoleDownloadUrl({ file_name: row.key, origin_file_name: row.name })}>
      {typeLabel(row.contentType)}
      <span className="visually-hidden"> {t('console.media.download', { name: row.name })}</span>
    </a>
  )
}

export default function Media({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const navigate = useNavigate()
  // The new file is the first row of the first page: show that page (the loader runs again).
  const refresh = () => void navigate('/admin/media', { replace: true, preventScrollReset: true })
  return (
    <>
      <h1>{t('console.media.title')}</h1>
      <p className="console-muted">{t('console.media.intro')}</p>
      {loaderData.canUpload ? (
        <section className="console-card media-upload" aria-labelledby="media-upload">
          <h2 id="media-upload">{t('console.media.uploadTitle')}</h2>
          <UploadField name="image" label={t('console.media.imageLabel')} kind="image" onUploaded={refresh} />
          <UploadField name="file" label={t('console.media.fileLabel')} kind="file" onUploaded={refresh} />
        </section>
      ) : (
        <p className="console-notice">{t('console.media.viewerNote')}</p>
      )}
      <p role="status">{t('console.media.total', { count: loaderData.total })}</p>
      {loaderData.rows.length === 0 ? (
        <EmptyState message={t('console.media.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table media-table">
            <caption>{t('console.media.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.media.preview')}</th>
                <th scope="col">{t('console.media.name')}</th>
                <th scope="col">{t('console.media.type')}</th>
                <th scope="col">{t('console.media.size')}</th>
                <th scope="col">{t('console.media.uploader')}</th>
                <th scope="col">{t('console.media.date')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((row) => {
                const copies = imageVariants(row.key, row.width).length
                return (
                  <tr key={row.key}>
                    <td>
                      <Preview row={row} />
                    </td>
                    <th scope="row">
                      <Link to={`/admin/media/file?${new URLSearchParams({ key: row.key }).toString()}`}>
                        {row.name}
                      </Link>
                      <br />
                      <code className="media-key">{row.key}</code>
                    </th>
                    <td>
                      {typeLabel(row.contentType)}
                      {row.width && row.height ? ` · ${row.width}×${row.height}` : null}
                      {copies > 0 ? (
                        <>
                          <br />
                          <span className="console-muted">{t('console.media.variants', { count: copies })}</span>
                        </>
                      ) : null}
                    </td>
                    <td>{formatFileSize(row.size)}</td>
                    <td>{row.uploader ?? t('console.media.system')}</td>
                    <td>
                      <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
                      <br />
                      <RelativeTime iso={row.createdAt} className="console-muted" />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={loaderData.page} totalRecords={loaderData.total} recordSize={MEDIA_PAGE_SIZE} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
