import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { files } from '#server/db/schema.ts'
import type { ChangeExecutor } from '../changes.ts'
import { audit } from '../console/audit.ts'
import { writeVariants } from './image-variants.ts'
import type { Storage } from './storage.ts'

export type ReplaceDeps = {
  db: Db
  storage: Storage
  clock: () => Date
  onPublished: (tx: ChangeExecutor, topics: readonly string[]) => Promise<void>
}

/**
 * Why a replacement was refused: `not-found` (no such file), `replacement` (the new content is no
 * stored file, or is the file itself), `kind` (an image replaced by a document or the other way round:
 * the pages that show the address would break).
 */
export type ReplaceRefusal = 'not-found' | 'replacement' | 'kind'
export type ReplaceOutcome = { ok: true } | { ok: false; reason: ReplaceRefusal }

const original = (db: Db, key: string) =>
  db
    .select()
    .from(files)
    .where(and(eq(files.file_name, key), isNull(files.variant_of)))
    .limit(1)
    .then((rows) => rows[0] ?? null)

/**
 * Puts the content of the stored file `replacementKey` (uploaded just before) under `key`: the same
 * public address and storage key, new bytes, its variants made again around the file's focal point
 * (variants of widths the new image no longer has are removed), its size, type, name and dimensions
 * recorded, audited (`media.replace`) and announced, so kept pages are rendered again
 * (docs/decisions/056-media-library.md). The replacement stays in the library as its own file.
 */
export async function replaceFile(
  { db, storage, clock, onPublished }: ReplaceDeps,
  actor: { id: number; ip?: string | null },
  key: string,
  replacementKey: string,
): Promise<ReplaceOutcome> {
  const target = await original(db, key)
  if (!target) return { ok: false, reason: 'not-found' }
  const source = replacementKey === key ? null : await original(db, replacementKey)
  if (!source) return { ok: false, reason: 'replacement' }
  const isImage = (type: string) => type.startsWith('image/')
  if (isImage(target.content_type) !== isImage(source.content_type)) return { ok: false, reason: 'kind' }
  const data = await storage.read(source.file_name)
  if (!data) return { ok: false, reason: 'replacement' }

  const before = await db.select({ key: files.file_name }).from(files).where(eq(files.variant_of, key))
  const made =
    source.width && source.height
      ? await writeVariants(storage, key, data, {
          width: source.width,
          height: source.height,
          focalX: target.focal_x,
          focalY: target.focal_y,
        })
      : []
  await storage.put(key, data)
  const now = clock()
  const stale = before.map((v) => v.key).filter((k) => !made.some((m) => m.key === k))
  await db.transaction(async (tx) => {
    await tx
      .update(files)
      .set({
        origin_file_name: source.origin_file_name,
        content_type: source.content_type,
        size: source.size,
        text_content: source.text_content,
        width: source.width,
        height: source.height,
      })
      .where(eq(files.file_name, key))
    if (stale.length > 0) await tx.delete(files).where(inArray(files.file_name, stale))
    for (const v of made)
      await tx
        .insert(files)
        .values({
          file_name: v.key,
          origin_file_name: `${source.origin_file_name.replace(/\.[A-Za-z0-9]+$/, '')}-${v.width}w.${v.format}`,
          content_type: `image/${v.format}`,
          size: v.size,
          created_at: now,
          uploaded_by: actor.id,
          width: v.width,
          variant_of: key,
        })
        .onConflictDoUpdate({ target: files.file_name, set: { size: v.size } })
    await audit(
      tx,
      {
        userId: actor.id,
        action: 'media.replace',
        recordType: 'file',
        recordId: key,
        before: { name: target.origin_file_name, size: target.size, content_type: target.content_type },
        after: {
          name: source.origin_file_name,
          size: source.size,
          content_type: source.content_type,
          from: source.file_name,
        },
        ip: actor.ip ?? null,
      },
      now,
    )
    await onPublished(tx, ['media'])
  })
  await Promise.all(stale.map((k) => storage.remove(k).catch(() => {})))
  return { ok: true }
}
