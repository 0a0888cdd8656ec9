import { Link, useNavigate } from 'react-router'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { UploadField } from '#app/components/console/upload-field.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { consoleDownloadUrl, consoleMediaUrl, mediaFileScreenUrl } from '#shared/files.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import {
  frameWidth,
  MEDIA_QUERY_MAX,
  MEDIA_SORTS,
  MEDIA_TYPES,
  mediaQueryOf,
  type MediaQuery,
} from '#shared/media-rules.ts'
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
  const query = mediaQueryOf(new URL(request.url).searchParams)
  const [list, uploaders] = await Promise.all([
    context.services.media.list(query, MEDIA_PAGE_SIZE),
    context.services.media.uploaders(),
  ])
  return {
    canUpload: roleAtLeast(staff.user.role, 'editor'),
    query,
    uploaders,
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
    const small = imageVariants(row.key, row.width && frameWidth(row.width, row.height)).find(
      (v) => v.format === 'webp',
    )
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

/** Search by name, type, uploader and sort: a GET form (works without script; the address keeps it). */
function MediaFilter({ query, uploaders }: { query: MediaQuery; uploaders: { id: number; name: string }[] }) {
  const t = useT()
  return (
    <form method="get" className="console-filter" role="search" aria-label={t('console.mediaLib.filters')}>
      <label>
        {t('console.mediaLib.search')}
        <input type="search" name="q" defaultValue={query.q} maxLength={MEDIA_QUERY_MAX} />
      </label>
      <label>
        {t('console.mediaLib.typeFilter')}
        <select name="type" defaultValue={query.type ?? ''}>
          <option value="">{t('console.mediaLib.type.all')}</option>
          {MEDIA_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`console.mediaLib.type.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('console.mediaLib.uploaderFilter')}
        <select name="uploader" defaultValue={query.uploader === null ? '' : String(query.uploader)}>
          <option value="">{t('console.mediaLib.uploader.all')}</option>
          {uploaders.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
          <option value="system">{t('console.media.system')}</option>
        </select>
      </label>
      <label>
        {t('console.mediaLib.sort')}
        <select name="sort" defaultValue={query.sort}>
          {MEDIA_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`console.mediaLib.sort.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        {t('console.mediaLib.apply')}
      </button>
      <Link to="/admin/media">{t('console.mediaLib.reset')}</Link>
    </form>
  )
}

export default function Media({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const navigate = useNavigate()
  const { query } = loaderData
  const filtered = query.q !== '' || query.type !== null || query.uploader !== null
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
      <MediaFilter query={loaderData.query} uploaders={loaderData.uploaders} />
      <p role="status">{t('console.media.total', { count: loaderData.total })}</p>
      {loaderData.rows.length === 0 ? (
        <EmptyState message={t(filtered ? 'console.mediaLib.noMatch' : 'console.media.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table media-table">
            <caption>{t('console.mediaLib.caption', { sort: t(`console.mediaLib.sort.${query.sort}`) })}</caption>
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
                const copies = imageVariants(row.key, row.width && frameWidth(row.width, row.height)).length
                return (
                  <tr key={row.key}>
                    <td>
                      <Preview row={row} />
                    </td>
                    <th scope="row">
                      <Link to={mediaFileScreenUrl(row.key)}>{row.name}</Link>
                      <br />
                      <code className="media-key">{row.key}</code>
                      {row.contentType.startsWith('image/') && !row.alt && !row.alt_en ? (
                        <>
                          <br />
                          <span className="console-muted">{t('console.mediaLib.noAlt')}</span>
                        </>
                      ) : null}
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
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={MEDIA_PAGE_SIZE} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
