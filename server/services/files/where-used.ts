import { eq, getTableColumns, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { attachments, productImages, products } from '#server/db/schema.ts'
import { CONTENT_KINDS, fileColumns } from '#shared/content-kinds.ts'
import { KIND_TABLES } from '../console-content/registry.ts'

/**
 * A record that shows or offers a stored file: its type as the audit trail names records (a content
 * kind, `product`, `reference-document`…), its id and its name (title or name in Korean), for the
 * media screen's "where used" with a link to the record's console page.
 */
export type FileUse = { recordType: string; id: number; name: string | null }

/** Attachment owners by the record type the console names them with (earlier revisions are the document's own). */
const OWNER_TYPES: Record<string, string> = {
  reference: 'reference-document',
  service: 'service-document',
  serial: 'serial',
  invest: 'invest-post',
  patent: 'patents',
}

/**
 * Every record whose public columns name `key` (drafts not yet published are not searched): the
 * content kinds' image and file fields, the documents' and notices' attachments, and the products'
 * main and detail images.
 */
export async function whereUsed(db: Db, key: string): Promise<FileUse[]> {
  const uses: FileUse[] = []
  for (const kind of CONTENT_KINDS) {
    const names = fileColumns(kind)
    if (names.length === 0) continue
    const table = KIND_TABLES[kind.kind] as PgTable
    const columns = getTableColumns(table) as Record<string, PgColumn>
    const label = columns.title ?? columns.name ?? null
    const matches = names.flatMap((n) => (columns[n] ? [eq(columns[n], key)] : []))
    if (matches.length === 0 || !columns.id) continue
    const rows = (await db
      .select({ id: columns.id, name: label ?? columns.id })
      .from(table)
      .where(or(...matches) as SQL)) as { id: number; name: unknown }[]
    for (const row of rows)
      uses.push({ recordType: kind.kind, id: row.id, name: label && typeof row.name === 'string' ? row.name : null })
  }
  const attached = await db
    .select({ type: attachments.owner_type, id: attachments.owner_id, name: attachments.origin_file_name })
    .from(attachments)
    .where(eq(attachments.file_name, key))
  for (const row of attached) {
    const recordType = OWNER_TYPES[row.type]
    if (recordType) uses.push({ recordType, id: row.id, name: null })
  }
  const shown = await db
    .selectDistinct({ id: products.id, name: products.title })
    .from(products)
    .leftJoin(productImages, eq(productImages.product_id, products.id))
    .where(or(eq(products.image, key), eq(productImages.path, key)))
  for (const row of shown) uses.push({ recordType: 'product', id: row.id, name: row.name })
  return uses
}
