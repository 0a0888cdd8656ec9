import { data, type AppLoadContext } from 'react-router'
import type { Actor } from '#server/services/console-content/editor.ts'
import type { StaffSession } from '#server/services/console/index.ts'
import { contentKind, type ContentKind, type ContentKindName } from '#shared/content-kinds.ts'
import { consoleHeaders } from '../console.server.ts'

/** The kind named in the address, or the console's 404. */
export function kindOr404(name: string | undefined): ContentKind & { kind: ContentKindName } {
  const kind = name ? contentKind(name) : undefined
  if (!kind) throw data(null, { status: 404, headers: consoleHeaders() })
  return kind as ContentKind & { kind: ContentKindName }
}

/** A record id from the address (a positive integer), or the console's 404. */
export function idOr404(value: string | undefined): number {
  const id = Number(value)
  if (!value || !/^\d{1,9}$/.test(value) || id <= 0) throw data(null, { status: 404, headers: consoleHeaders() })
  return id
}

export const actorOf = (staff: StaffSession, context: AppLoadContext): Actor => ({
  userId: staff.user.id,
  ip: context.clientIp,
})

/** Content forms carry rich text in two languages: up to 1 MiB, still a 413 beyond. */
export const CONTENT_FORM_LIMIT = 1024 * 1024

export { toFormValues } from '#server/services/console-content/values.ts'
