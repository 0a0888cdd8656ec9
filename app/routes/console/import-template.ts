import { isImportKind } from '#shared/import-kinds.ts'
import type { Route } from './+types/import-template'
import { consoleHeaders, notFound, requireStaff } from './console.server.ts'

/** `/admin/import/template?kind=…&format=csv|xlsx`: the header row and one example row of a kind. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'editor')
  const params = new URL(request.url).searchParams
  const kind = params.get('kind')
  const format = params.get('format') === 'xlsx' ? 'xlsx' : 'csv'
  if (!isImportKind(kind)) throw notFound()
  const template = await context.services.imports.template(kind, format)
  return new Response(new Uint8Array(template.body), {
    headers: {
      ...consoleHeaders(),
      'Content-Type': template.contentType,
      'Content-Disposition': `attachment; filename="${template.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
