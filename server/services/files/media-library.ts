import { and, asc, count, desc, eq, ilike, inArray, isNull, like, not, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { files, users } from '#server/db/schema.ts'
import { frameWidth, type MediaDetails, type MediaQuery } from '#shared/media-rules.ts'
import { STORAGE_KEY_MAX } from '#shared/files.ts'
import type { ChangeExecutor } from '../changes.ts'
import { audit } from '../console/audit.ts'
import { conflictOf } from '../console-content/versioned-change.ts'
import type { Conflict } from '../save-result.ts'
import { writeVariants } from './image-variants.ts'
import type { Storage } from './storage.ts'
import { replaceFile } from './replace-file.ts'
import { whereUsed } from './where-used.ts'

export type MediaLibraryDeps = {
  db: Db
  storage: Storage
  clock: () => Date
  onPublished: (tx: ChangeExecutor, topics: readonly string[]) => Promise<void>
}

/** What a public page needs of a stored image: its variants' frame width, alternative text and focal point. */
export type PublicImage = { frameWidth: number | null; alt: string; alt_en: string; focalX: number; focalY: number }

/** One stored file as the media screen's detail shows it. */
export type MediaFile = {
  key: string
  name: string
  contentType: string
  size: number
  width: number | null
  height: number | null
  uploader: string | null
  createdAt: Date
  alt: string
  alt_en: string
  focalX: number
  focalY: number
  /** The description's version (docs/decisions/061-media-alt-rules.md): a save names the one it was loaded at. */
  version: number
}

/** One row of the media list. */
export type MediaRow = Omit<MediaFile, 'focalX' | 'focalY' | 'version'>

/** A description saved, refused for an unknown file, or refused as stale with the file as saved now. */
export type DescribeResult =
  { ok: true; file: MediaFile } | { ok: false; reason: 'not-found' } | (Conflict & { current: MediaFile })

export type Actor = { id: number; ip?: string | null }

/** The change-bus topic of a file's description: every kept page may show the image. */
export const MEDIA_TOPIC = 'media'

const ORDER = {
  new: [desc(files.created_at), desc(files.id)],
  old: [asc(files.created_at), asc(files.id)],
  name: [asc(files.origin_file_name), asc(files.id)],
  size: [desc(files.size), desc(files.id)],
} as const

/** The conditions of a list query (variants are never listed: they belong to their original). */
function listWhere(query: MediaQuery): SQL {
  const conditions: SQL[] = [isNull(files.variant_of)]
  if (query.q) conditions.push(ilike(files.origin_file_name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`))
  if (query.type === 'image') conditions.push(like(files.content_type, 'image/%'))
  if (query.type === 'document') conditions.push(not(like(files.content_type, 'image/%')))
  if (query.uploader === 'system') conditions.push(isNull(files.uploaded_by))
  else if (query.uploader !== null) conditions.push(eq(files.uploaded_by, query.uploader))
  return and(...conditions)!
}

/** The columns of a media list row (the uploader joined from `users`). */
const ROW_COLUMNS = {
  key: files.file_name,
  name: files.origin_file_name,
  contentType: files.content_type,
  size: files.size,
  width: files.width,
  height: files.height,
  uploader: users.name,
  createdAt: files.created_at,
  alt: files.alt,
  alt_en: files.alt_en,
}

const validKey = (key: string) => key.length > 0 && key.length <= STORAGE_KEY_MAX

/**
 * The media library (docs/decisions/056-media-library.md): a stored file's alternative text and
 * focal point, written by the console (variants cut again around a moved focal point, audited,
 * cached pages cleared), and read by the public pages for their <img> and <picture>.
 */
export function createMediaLibrary({ db, storage, clock, onPublished }: MediaLibraryDeps) {
  async function find(key: string): Promise<MediaFile | null> {
    if (!validKey(key)) return null
    const [row] = await db
      .select({ ...ROW_COLUMNS, focalX: files.focal_x, focalY: files.focal_y, version: files.version })
      .from(files)
      .leftJoin(users, eq(users.id, files.uploaded_by))
      .where(and(eq(files.file_name, key), isNull(files.variant_of)))
      .limit(1)
    return row ?? null
  }

  return {
    find,

    /** New bytes under a file's address (replace-file.ts). */
    replace: (actor: Actor, key: string, replacementKey: string) =>
      replaceFile({ db, storage, clock, onPublished }, actor, key, replacementKey),

    /** The records that show or offer the file (where-used.ts). */
    whereUsed: (key: string) => (validKey(key) ? whereUsed(db, key) : Promise.resolve([])),

    /** One page of stored files matching `query`, read in SQL, with the number of all that match. */
    async list(query: MediaQuery, pageSize: number): Promise<{ rows: MediaRow[]; total: number }> {
      const where = listWhere(query)
      const [rows, [total]] = await Promise.all([
        db
          .select(ROW_COLUMNS)
          .from(files)
          .leftJoin(users, eq(users.id, files.uploaded_by))
          .where(where)
          .orderBy(...ORDER[query.sort])
          .limit(pageSize)
          .offset((query.page - 1) * pageSize),
        db.select({ n: count() }).from(files).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** Everyone who uploaded a stored file, by name (the list's uploader filter). */
    async uploaders(): Promise<{ id: number; name: string }[]> {
      return db
        .selectDistinct({ id: users.id, name: users.name })
        .from(files)
        .innerJoin(users, eq(users.id, files.uploaded_by))
        .where(isNull(files.variant_of))
        .orderBy(asc(users.name))
    },

    /**
     * Saves a file's alternative text and focal point over the description the editor loaded at
     * `version`; a newer one is not overwritten (a conflict naming who saved it, with the file as
     * saved now). A moved focal point cuts the image's variants again (same keys, new bytes) before
     * the row changes; the change is audited and announced (kept pages are cleared). Not found when
     * no such file is stored (a variant is no file of its own).
     */
    async describe(actor: Actor, key: string, version: number, details: MediaDetails): Promise<DescribeResult> {
      const before = await find(key)
      if (!before) return { ok: false, reason: 'not-found' }
      const stale = async (): Promise<DescribeResult> => {
        const [row] = await db
          .select({ version: files.version, updated_at: files.updated_at, updated_by: files.updated_by })
          .from(files)
          .where(eq(files.file_name, key))
        const current = await find(key)
        return row && current ? { ...(await conflictOf(db, row)), current } : { ok: false, reason: 'not-found' }
      }
      if (before.version !== version) return stale()
      const isImage = before.contentType.startsWith('image/')
      const next = {
        alt: isImage ? details.alt : '',
        alt_en: isImage ? details.alt_en : '',
        focal_x: isImage ? details.focal_x : before.focalX,
        focal_y: isImage ? details.focal_y : before.focalY,
      }
      // The columns are `real`: 0.3333 reads back as 0.33329999…, the same point.
      const moved = Math.abs(next.focal_x - before.focalX) > 1e-6 || Math.abs(next.focal_y - before.focalY) > 1e-6
      let sizes: { key: string; size: number }[] = []
      if (moved && before.width && before.height) {
        const data = await storage.read(key)
        if (data)
          sizes = await writeVariants(storage, key, data, {
            width: before.width,
            height: before.height,
            focalX: next.focal_x,
            focalY: next.focal_y,
          })
      }
      const saved = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(files)
          .set({ ...next, version: version + 1, updated_at: clock(), updated_by: actor.id })
          .where(and(eq(files.file_name, key), eq(files.version, version)))
          .returning({ key: files.file_name })
        // Another save landed between the read and this write: nothing of this one is written.
        if (!updated) return false
        for (const v of sizes) await tx.update(files).set({ size: v.size }).where(eq(files.file_name, v.key))
        await audit(
          tx,
          {
            userId: actor.id,
            action: 'media.describe',
            recordType: 'file',
            recordId: key,
            before: {
              name: before.name,
              alt: before.alt,
              alt_en: before.alt_en,
              focal_x: before.focalX,
              focal_y: before.focalY,
            },
            after: { name: before.name, ...next },
            ip: actor.ip ?? null,
          },
          clock(),
        )
        await onPublished(tx, [MEDIA_TOPIC])
        return true
      })
      if (!saved) return stale()
      const file = await find(key)
      return file ? { ok: true, file } : { ok: false, reason: 'not-found' }
    },

    /**
     * The stored images among `keys` with what a public page shows of them (keys it does not know
     * are left out: the demo's static images). `frameWidth` is null when an image has no variants
     * (animated, or imported rather than uploaded).
     */
    async publicImages(keys: Iterable<string | null | undefined>): Promise<Map<string, PublicImage>> {
      const wanted = [...new Set([...keys].filter((k): k is string => !!k && validKey(k)))]
      if (wanted.length === 0) return new Map()
      const rows = await db
        .select({
          key: files.file_name,
          width: files.width,
          height: files.height,
          alt: files.alt,
          alt_en: files.alt_en,
          focalX: files.focal_x,
          focalY: files.focal_y,
        })
        .from(files)
        .where(and(inArray(files.file_name, wanted), isNull(files.variant_of)))
      return new Map(
        rows.map((r) => [
          r.key,
          {
            frameWidth: r.width ? frameWidth(r.width, r.height) : null,
            alt: r.alt,
            alt_en: r.alt_en,
            focalX: r.focalX,
            focalY: r.focalY,
          },
        ]),
      )
    },
  }
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>
