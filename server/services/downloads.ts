import { eq, sql, type SQL } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import type { Db } from '#server/db/client.ts'
import {
  attachments,
  circuitSerials,
  files,
  investPosts,
  patents,
  referenceDocuments,
  serviceDocuments,
  siteSettings,
} from '#server/db/schema.ts'
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

/** Who may be served a file: anyone (only what the public rule allows), or signed-in staff (every recorded file). */
export type Audience = 'public' | 'staff'

/**
 * Whether a public row offers the stored file `key` (an SQL expression of a key column): an
 * attachment of a published document, shown serial, investor notice or patent, a published
 * patent's own file, or the internal-rules file. Superseded revisions (owner 'revision') never do.
 */
function offered(key: SQL): SQL {
  const owners = [
    ['reference', referenceDocuments, referenceDocuments.id, referenceDocuments.published],
    ['service', serviceDocuments, serviceDocuments.id, serviceDocuments.published],
    ['serial', circuitSerials, circuitSerials.id, circuitSerials.published],
    ['invest', investPosts, investPosts.id, investPosts.published],
    ['patent', patents, patents.id, patents.published],
  ] as const
  const shown = sql.join(
    owners.map(
      ([type, table, id, published]) =>
        sql`(${attachments.owner_type} = ${type} and exists (select 1 from ${table} where ${id} = ${attachments.owner_id} and ${published}))`,
    ),
    sql` or `,
  )
  return sql`(exists (select 1 from ${attachments} where ${attachments.file_name} = ${key} and (${shown}))
    or exists (select 1 from ${patents} where ${patents.path} = ${key} and ${patents.published})
    or exists (select 1 from ${siteSettings} where ${siteSettings.internal_rules_file} = ${key}))`
}

/** Whether anything names `key` as a download at all (offered or withdrawn): an attachment, a patent's file, the internal-rules file. */
function namedAsDownload(key: SQL): SQL {
  return sql`(exists (select 1 from ${attachments} where ${attachments.file_name} = ${key})
    or exists (select 1 from ${patents} where ${patents.path} = ${key})
    or exists (select 1 from ${siteSettings} where ${siteSettings.internal_rules_file} = ${key}))`
}

/**
 * Stored files by key. A key is served only when the `files` table lists it: a request can
 * never name a path or another host, only pick one of the recorded keys.
 *
 * The public is served a recorded file only while it is not withdrawn (docs/decisions/039-withdrawn-files.md):
 * a file some row names as a download (attachments, a patent's file, the internal-rules file) only
 * while a public row offers it; any other file only when it is an image (the pictures of the pages,
 * rich text and fresh uploads). A responsive variant follows its original. Staff (the console's
 * own routes) are served every recorded file.
 */
export function createDownloadsService({ db, storage }: { db: Db; storage: Storage }) {
  const base = sql`coalesce(${files.variant_of}, ${files.file_name})`

  async function open(
    key: string,
    audience: Audience,
    accept: (contentType: string) => boolean,
  ): Promise<OpenedFile | null> {
    const [row] = await db
      .select({
        file_name: files.file_name,
        origin_file_name: files.origin_file_name,
        content_type: files.content_type,
        ...(audience === 'public' ? { named: sql<boolean>`${namedAsDownload(base)}` } : {}),
      })
      .from(files)
      .where(eq(files.file_name, key))
    if (!row || !accept(row.content_type)) return null
    if (audience === 'public') {
      // Two steps keep /media's usual request (a picture no row names as a download) to one short query.
      if (!row.named) {
        if (!MEDIA_TYPES.has(row.content_type.toLowerCase())) return null
      } else {
        const [check] = await db
          .select({ offered: sql<boolean>`${offered(base)}` })
          .from(files)
          .where(eq(files.file_name, key))
        if (!check?.offered) return null
      }
    }
    let opened: Awaited<ReturnType<Storage['open']>>
    try {
      opened = await storage.open(row.file_name)
    } catch {
      return null
    }
    return opened
      ? {
          file_name: row.file_name,
          origin_file_name: row.origin_file_name,
          content_type: row.content_type,
          size: opened.size,
          stream: opened.stream,
        }
      : null
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

    /** A recorded file's bytes and metadata, when the audience may have it; null when unknown, withheld or its bytes are missing. */
    open: (key: string, audience: Audience = 'public') => open(key, audience, () => true),

    /** Like `open`, but only for the image types shown inline. */
    openImage: (key: string, audience: Audience = 'public') =>
      open(key, audience, (type) => MEDIA_TYPES.has(type.toLowerCase())),
  }
}
