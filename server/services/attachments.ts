import { and, asc, inArray, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { attachments } from '#server/db/schema.ts'

/** A download as every list returns it (`file_list`, `data_list`). */
export type FileItem = { file_name: string; origin_file_name: string; icon: string }

export type AttachmentOwner = 'reference' | 'service' | 'serial' | 'invest' | 'patent'

/** The downloads of each owner row, in their order; owners without any get an empty list. */
export async function attachmentsOf(
  db: Db,
  owner: AttachmentOwner,
  ids: readonly number[],
): Promise<Map<number, FileItem[]>> {
  const byOwner = new Map<number, FileItem[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return byOwner
  const rows = await db
    .select({
      owner_id: attachments.owner_id,
      file_name: attachments.file_name,
      origin_file_name: attachments.origin_file_name,
      icon: attachments.icon,
    })
    .from(attachments)
    .where(and(eq(attachments.owner_type, owner), inArray(attachments.owner_id, [...ids])))
    .orderBy(asc(attachments.owner_id), asc(attachments.sort_order), asc(attachments.id))
  for (const { owner_id, ...file } of rows) byOwner.get(owner_id)?.push(file)
  return byOwner
}

/** Rows with their downloads attached under `field`. */
export async function withAttachments<T extends { id: number }, F extends string>(
  db: Db,
  owner: AttachmentOwner,
  rows: T[],
  field: F,
): Promise<Array<T & { [K in F]: FileItem[] }>> {
  const files = await attachmentsOf(
    db,
    owner,
    rows.map((r) => r.id),
  )
  return rows.map((row) => ({ ...row, [field]: files.get(row.id) ?? [] }) as T & { [K in F]: FileItem[] })
}
