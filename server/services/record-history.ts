import { and, count, desc, eq } from 'drizzle-orm'
import { recordVersions, users } from '#server/db/schema.ts'
import type { ContentKindName } from '#shared/content-kinds.ts'
import type { Reader } from './search/sources.ts'

/**
 * Saved versions of the records edited outside the declared content kinds (products, documents,
 * investor notices, terms versions, page texts: docs/decisions/042-record-history.md, "Other record
 * kinds"): one `record_versions` row per save, written in the save's transaction, with the record's
 * values as its editor shows them after the save, flat (field → text, number, yes/no or nothing;
 * files and revisions as readable summaries).
 */
export type HistoryValue = string | number | boolean | null
export type HistoryValues = Record<string, HistoryValue>

/** The record types of the other kinds, as stored in `record_versions.record_type`. */
export type HistoryRecordType =
  'product' | 'reference-document' | 'service-document' | 'investor-post' | 'terms' | 'page-texts'

/** What the reads take: those, or a content kind's name (the content editor keeps its versions itself). */
type KeptType = HistoryRecordType | ContentKindName

export type KeptVersion = {
  id: number
  version: number
  action: string
  published: boolean
  savedAt: Date
  savedBy: string | null
  values: HistoryValues
}

/**
 * Keeps the version a save made, in its transaction. Records without a version number of their own
 * (terms versions, page texts) are numbered by their saves: one more than the versions kept so far.
 */
export async function keepRecordVersion(
  tx: Reader,
  entry: {
    recordType: HistoryRecordType
    recordId: number
    version?: number
    action: string
    values: HistoryValues
    published: boolean
    userId: number | null
    now: Date
    /** An autosave continuing the editor's previous one (`openAutosave`): that version is brought up to date instead. */
    replacing?: number
  },
): Promise<void> {
  if (entry.replacing !== undefined) {
    await tx
      .update(recordVersions)
      .set({ values: entry.values, published: entry.published, saved_at: entry.now })
      .where(eq(recordVersions.id, entry.replacing))
    return
  }
  let version = entry.version
  if (version === undefined) {
    const [kept] = await tx
      .select({ n: count() })
      .from(recordVersions)
      .where(and(eq(recordVersions.record_type, entry.recordType), eq(recordVersions.record_id, entry.recordId)))
    version = Number(kept?.n ?? 0) + 1
  }
  await tx.insert(recordVersions).values({
    record_type: entry.recordType,
    record_id: entry.recordId,
    version,
    action: entry.action,
    values: entry.values,
    published: entry.published,
    saved_by: entry.userId,
    saved_at: entry.now,
  })
}

/**
 * The record's latest kept version, when it is an autosave of `userId` (docs/decisions/044-autosave.md):
 * autosaves following one another by one editor, with no other save between, are one version.
 */
export async function openAutosave(
  reader: Reader,
  recordType: KeptType,
  recordId: number,
  userId: number,
): Promise<number | undefined> {
  const [last] = await reader
    .select({ id: recordVersions.id, action: recordVersions.action, by: recordVersions.saved_by })
    .from(recordVersions)
    .where(and(eq(recordVersions.record_type, recordType), eq(recordVersions.record_id, recordId)))
    .orderBy(desc(recordVersions.id))
    .limit(1)
  return last && last.action === 'content.autosave' && last.by === userId ? last.id : undefined
}

/** A record's kept versions, newest first (at most `limit`), with who saved each. */
export async function recordHistory(
  reader: Reader,
  recordType: KeptType,
  recordId: number,
  limit = 100,
): Promise<KeptVersion[]> {
  const rows = await reader
    .select({ version: recordVersions, name: users.name })
    .from(recordVersions)
    .leftJoin(users, eq(users.id, recordVersions.saved_by))
    .where(and(eq(recordVersions.record_type, recordType), eq(recordVersions.record_id, recordId)))
    .orderBy(desc(recordVersions.id))
    .limit(limit)
  return rows.map(({ version: v, name }) => ({
    id: v.id,
    version: v.version,
    action: v.action,
    published: v.published,
    savedAt: v.saved_at,
    savedBy: name ?? null,
    values: v.values as HistoryValues,
  }))
}

/** The values of one kept version of this record (null: no such version, or another record's). */
export async function keptValues(
  reader: Reader,
  recordType: KeptType,
  recordId: number,
  versionId: number,
): Promise<HistoryValues | null> {
  const [row] = await reader
    .select({ values: recordVersions.values })
    .from(recordVersions)
    .where(
      and(
        eq(recordVersions.id, versionId),
        eq(recordVersions.record_type, recordType),
        eq(recordVersions.record_id, recordId),
      ),
    )
  return row ? (row.values as HistoryValues) : null
}

/** A kept value as a form field's text (what the editor's form would post). */
export const formText = (value: HistoryValue | undefined): string =>
  value === null || value === undefined ? '' : String(value)
