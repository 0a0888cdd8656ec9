import { eq, isNotNull, ne, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { referenceDocuments, serviceDocuments } from '#server/db/schema.ts'
import { CONTENT_KINDS, columnsOf } from '#shared/content-kinds.ts'
import { isSafeLink, type LinkRule } from '#shared/safe-link.ts'
import { audit } from './console/audit.ts'
import { KIND_TABLES } from './console-content/registry.ts'

/**
 * Clears every stored link value the one link rule refuses (shared/safe-link.ts,
 * docs/decisions/040-safe-link-schemes.md): run after the migrations at every start and by
 * `npm run manage -- migrate`. The rule is TypeScript, so this is not a SQL migration; it is
 * idempotent (a clean database costs one small query per table) and each value it clears gets an
 * audit entry (`link.cleared`, no actor) and is returned, so what it changed is listed.
 */

/** One value cleared: where it was, and what it held. */
export type ClearedLink = {
  recordType: string
  id: number
  column: string
  /** True when the value was in the record's pending draft rather than its public columns. */
  inDraft: boolean
  value: string
}

type Target = {
  recordType: string
  table: PgTable
  /** Link columns and the rule each follows. */
  columns: Record<string, LinkRule>
  hasDraft: boolean
}

const RULES: Partial<Record<string, LinkRule>> = { url: 'web', link: 'link' }

/** The tables and columns that hold link addresses: content kinds' `url` and `link` fields, and documents' links. */
function targets(): Target[] {
  const kinds = CONTENT_KINDS.flatMap((kind): Target[] => {
    const columns: Record<string, LinkRule> = {}
    for (const field of kind.fields) {
      const rule = RULES[field.type]
      if (rule) for (const column of columnsOf(field)) columns[column] = rule
    }
    if (Object.keys(columns).length === 0) return []
    return [{ recordType: kind.kind, table: KIND_TABLES[kind.kind], columns, hasDraft: true }]
  })
  const documents = [
    { recordType: 'reference-document', table: referenceDocuments },
    { recordType: 'service-document', table: serviceDocuments },
  ].map((d) => ({ ...d, columns: { url: 'web', url_en: 'web' } as Record<string, LinkRule>, hasDraft: false }))
  return [...kinds, ...documents]
}

/** A stored value that breaks the rule (empty is "no link", always allowed). */
const breaks = (value: unknown, rule: LinkRule) => typeof value === 'string' && value !== '' && !isSafeLink(value, rule)

export async function clearUnsafeLinks(db: Db, at: Date = new Date()): Promise<ClearedLink[]> {
  const cleared: ClearedLink[] = []
  for (const target of targets()) {
    const table = target.table as PgTable & Record<string, PgColumn>
    const names = Object.keys(target.columns)
    const selection: Record<string, PgColumn> = { id: table.id! }
    for (const name of names) selection[name] = table[name]!
    if (target.hasDraft) selection.draft = table.draft!
    const candidates: SQL[] = names.map((name) => ne(table[name]!, ''))
    if (target.hasDraft) candidates.push(isNotNull(table.draft!))
    await db.transaction(async (tx) => {
      const rows = (await tx
        .select(selection)
        .from(table)
        .where(or(...candidates))) as (Record<string, unknown> & { id: number })[]
      for (const row of rows) {
        const set: Record<string, unknown> = {}
        const found: ClearedLink[] = []
        for (const [name, rule] of Object.entries(target.columns)) {
          if (!breaks(row[name], rule)) continue
          set[name] = ''
          found.push({
            recordType: target.recordType,
            id: row.id,
            column: name,
            inDraft: false,
            value: String(row[name]),
          })
        }
        const draft = row.draft as Record<string, unknown> | null | undefined
        if (draft) {
          const kept = { ...draft }
          for (const [name, rule] of Object.entries(target.columns)) {
            if (!breaks(draft[name], rule)) continue
            kept[name] = ''
            found.push({
              recordType: target.recordType,
              id: row.id,
              column: name,
              inDraft: true,
              value: String(draft[name]),
            })
          }
          if (found.some((f) => f.inDraft)) set.draft = kept
        }
        if (found.length === 0) continue
        await tx.update(table).set(set).where(eq(table.id!, row.id))
        for (const f of found) {
          await audit(
            tx,
            {
              userId: null,
              action: 'link.cleared',
              recordType: f.recordType,
              recordId: f.id,
              before: f.inDraft ? { draft: { [f.column]: f.value } } : { [f.column]: f.value },
              after: f.inDraft ? { draft: { [f.column]: '' } } : { [f.column]: '' },
            },
            at,
          )
        }
        cleared.push(...found)
      }
    })
  }
  return cleared
}

/** One line per cleared value, for the command line and the server's log. */
export const describeCleared = (c: ClearedLink) =>
  `${c.recordType} ${c.id} ${c.column}${c.inDraft ? ' (draft)' : ''}: cleared ${JSON.stringify(c.value)}`
