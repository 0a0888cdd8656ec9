import { consoleMediaUrl } from '#shared/files.ts'
import { frameWidth, mediaQueryOf } from '#shared/media-rules.ts'
import { imageVariants } from '#shared/uploads.ts'
import type { Route } from './+types/media-pick'
import { consoleHeaders, requireStaff } from './console.server.ts'

/** Files per page of the picker. */
export const PICK_PAGE_SIZE = 12

/**
 * The files an upload field may reuse (issue 33; docs/decisions/056-media-library.md, addendum):
 * the media list's query (`q`, `uploader`, `sort`, `page`), with the uploaders to filter by, as JSON, of the field's kind only
 * (`kind=image` lists images, `kind=file` documents). Editors only: viewers have no forms to fill.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'editor')
  const params = new URL(request.url).searchParams
  const query = { ...mediaQueryOf(params), type: params.get('kind') === 'image' ? 'image' : 'document' } as const
  const [list, uploaders] = await Promise.all([
    context.services.media.list(query, PICK_PAGE_SIZE),
    context.services.media.uploaders(),
  ])
  const files = list.rows.map((row) => {
    const image = row.contentType.startsWith('image/')
    const small = image
      ? imageVariants(row.key, row.width && frameWidth(row.width, row.height)).find((v) => v.format === 'webp')
      : undefined
    return {
      key: row.key,
      name: row.name,
      size: row.size,
      contentType: row.contentType,
      uploader: row.uploader,
      createdAt: new Date(row.createdAt).toISOString(),
      thumbnail: image ? consoleMediaUrl(small?.key ?? row.key) : null,
    }
  })
  return Response.json(
    {
      files,
      uploaders,
      total: list.total,
      page: query.page,
      pages: Math.max(1, Math.ceil(list.total / PICK_PAGE_SIZE)),
    },
    { headers: consoleHeaders() },
  )
}
