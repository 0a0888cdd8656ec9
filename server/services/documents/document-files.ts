import { and, asc, eq, inArray } from 'drizzle-orm'
import { attachments, documentRevisions, files } from '#server/db/schema.ts'
import type { DocumentArchive } from '#shared/document-numbers.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import { FILE_SLOTS, typeIcon, type DocumentFileInput } from '#shared/document-form.ts'
import type { Reader } from '../search/sources.ts'

/** The owner types of document files: the two archives, and earlier revisions (console only). */
export type DocumentOwner = 'reference' | 'service' | 'revision' | 'serial' | 'invest'

export type StoredAttachment = { file_name: string; origin_file_name: string; icon: string }

/**
 * Refuses file slots naming keys that are not stored files (only uploaded keys can be attached);
 * returns the stored names of the others, by key.
 */
export async function checkFiles(
  db: Reader,
  slots: DocumentFileInput[],
  errors: FieldErrors,
  slotNames?: string[],
): Promise<Map<string, string>> {
  const keys = [...new Set(slots.map((s) => s.key))]
  const found = keys.length
    ? await db
        .select({ key: files.file_name, name: files.origin_file_name })
        .from(files)
        .where(inArray(files.file_name, keys))
    : []
  const names = new Map(found.map((r) => [r.key, r.name]))
  slots.forEach((slot, i) => {
    if (!names.has(slot.key)) errors[slotNames?.[i] ?? `file_${i}`] = 'console.error.fileKey'
  })
  return names
}

/** The attachment rows of the slots: KOR/ENG (or another language) as chosen, `auto` by the file's type. */
export function attachmentRows(
  owner: DocumentOwner,
  ownerId: number,
  slots: DocumentFileInput[],
  names: Map<string, string>,
) {
  return slots.slice(0, FILE_SLOTS).map((slot, i) => {
    const name = names.get(slot.key) ?? slot.key.split('/').pop() ?? slot.key
    return {
      owner_type: owner,
      owner_id: ownerId,
      file_name: slot.key,
      origin_file_name: name,
      icon: slot.for === 'auto' ? typeIcon(name) : slot.for,
      sort_order: i,
    }
  })
}

/** Replaces an owner's attachments with the slots' (the stored files themselves stay). */
export async function replaceAttachments(
  tx: Reader,
  owner: DocumentOwner,
  ownerId: number,
  slots: DocumentFileInput[],
  names: Map<string, string>,
): Promise<void> {
  await tx.delete(attachments).where(and(eq(attachments.owner_type, owner), eq(attachments.owner_id, ownerId)))
  const rows = attachmentRows(owner, ownerId, slots, names)
  if (rows.length) await tx.insert(attachments).values(rows)
}

/** The attachments of some owners, in order, by owner id. */
export async function attachmentsByOwner(
  db: Reader,
  owner: DocumentOwner,
  ids: number[],
): Promise<Map<number, StoredAttachment[]>> {
  const out = new Map<number, StoredAttachment[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return out
  const rows = await db
    .select({
      owner: attachments.owner_id,
      file_name: attachments.file_name,
      origin_file_name: attachments.origin_file_name,
      icon: attachments.icon,
    })
    .from(attachments)
    .where(and(eq(attachments.owner_type, owner), inArray(attachments.owner_id, ids)))
    .orderBy(asc(attachments.owner_id), asc(attachments.sort_order), asc(attachments.id))
  for (const { owner: id, ...file } of rows) out.get(id)?.push(file)
  return out
}

/** What an archived revision keeps of the document it was (docs/decisions/019-document-numbers-and-revisions.md). */
export type RevisedDocument = {
  id: number
  doc_number: string
  revision: string
  title: string
  title_en: string
  revised_at: Date
}

/**
 * Keeps the current revision of a document before a newer one replaces it: its number, revision,
 * titles and issue date go to `document_revisions`, and (unless `keepFiles`) its files move onto
 * that row, out of every public list. The console's "new revision" and the bulk import share it.
 */
export async function archiveRevision(
  tx: Reader,
  archive: DocumentArchive,
  current: RevisedDocument,
  by: { userId: number | null; now: Date; keepFiles?: boolean },
): Promise<number> {
  const [kept] = await tx
    .insert(documentRevisions)
    .values({
      owner_type: archive,
      owner_id: current.id,
      doc_number: current.doc_number,
      revision: current.revision,
      title: current.title,
      title_en: current.title_en,
      revised_at: current.revised_at,
      archived_at: by.now,
      archived_by: by.userId,
    })
    .returning({ id: documentRevisions.id })
  if (!by.keepFiles) {
    await tx
      .update(attachments)
      .set({ owner_type: 'revision', owner_id: kept!.id })
      .where(and(eq(attachments.owner_type, archive), eq(attachments.owner_id, current.id)))
  }
  return kept!.id
}
