import { data } from 'react-router'
import type { DocumentArchive } from '#shared/document-numbers.ts'
import { consoleHeaders } from '../console.server.ts'

export { actorOf, idOr404 } from '../content/content.server.ts'

/** `reference` or `service` from the address, or the console's 404. */
export function archiveOr404(value: string | undefined): DocumentArchive {
  if (value === 'reference' || value === 'service') return value
  throw data(null, { status: 404, headers: consoleHeaders() })
}
