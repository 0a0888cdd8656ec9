import { eq } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import type { Db } from '#server/db/client.ts'
import { files } from '#server/db/schema.ts'
import type { Storage } from './files/storage.ts'

export type DownloadsService = ReturnType<typeof createDownloadsService>

/** Image types served inline under /media; anything else is only ever downloaded. */
export const MEDIA_TYPES = new Set([
  'image/svg+xml',
  'image/png',
  'image/webp',
  'image/jpeg',
  'image/gif',
  'image/avif',
])

export type OpenedFile = {
  file_name: string
  origin_file_name: string
  content_type: string
  size: number
  stream: Readable
}

/**
 * Stored files by key. A key is served only when the `files` table lists it: a request can
 * never name a path or another host, only pick one of the recorded keys.
 */
export function createDownloadsService({ db, storage }: { db: Db; storage: Storage }) {
  async function open(key: string, accept: (contentType: string) => boolean): Promise<OpenedFile | null> {
    const [row] = await db
      .select({
        file_name: files.file_name,
        origin_file_name: files.origin_file_name,
        content_type: files.content_type,
      })
      .from(files)
      .where(eq(files.file_name, key))
    if (!row || !accept(row.content_type)) return null
    let opened: Awaited<ReturnType<Storage['open']>>
    try {
      opened = await storage.open(row.file_name)
    } catch {
      return null
    }
    return opened ? { ...row, size: opened.size, stream: opened.stream } : null
  }

  return {
    /** A recorded file's names (for building its download link); null when unknown. */
    async describe(key: string): Promise<{ file_name: string; origin_file_name: string } | null> {
      const [row] = await db
        .select({ file_name: files.file_name, origin_file_name: files.origin_file_name })
        .from(files)
        .where(eq(files.file_name, key))
      return row ?? null
    },

    /** A recorded file's bytes and metadata; null when the key is unknown or its bytes are missing. */
    open: (key: string) => open(key, () => true),

    /** Like `open`, but only for the image types shown inline. */
    openImage: (key: string) => open(key, (type) => MEDIA_TYPES.has(type.toLowerCase())),
  }
}
