import { getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Storage } from '#server/services/files/storage.ts'
import { attachments, files } from '#server/db/schema.ts'
import { makePdf, makeSvg, pdfTexts, type Tx } from './demo-files.ts'

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  dwg: 'application/acad',
  gsd: 'text/plain; charset=utf-8',
}

type FileRow = typeof files.$inferInsert
type AttachmentRow = typeof attachments.$inferInsert

/**
 * Inserts many rows in one statement with a single JSON parameter. On PGlite this is several
 * times faster than a multi-row VALUES list with one bind parameter per cell, and the seed runs
 * for every integration test file. Every row must carry the same keys.
 */
export async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0]
  if (!first) return
  const columns = getTableColumns(table) as Record<string, { name: string }>
  const keys = Object.keys(first)
  const names = keys.map((k) => {
    const column = columns[k]
    if (!column) throw new Error(`unknown column ${k}`)
    return column.name
  })
  const json = rows.map((row) => {
    const r = row as Record<string, unknown>
    if (Object.keys(r).length !== keys.length) throw new Error('insertRows: rows must share the same keys')
    return Object.fromEntries(keys.map((k, i) => [names[i], r[k]]))
  })
  const cols = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  )
  await tx.execute(
    sql`insert into ${table} (${cols}) select ${cols} from json_populate_recordset(null::${table}, ${JSON.stringify(json)}::json)`,
  )
}

/** After inserting explicit ids, moves the id sequence past them. */
export async function resetSequence(tx: Tx, table: string): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
  )
}

/**
 * Collects demo files and attachments. Bytes are written as soon as a file is registered, so
 * the disk works while the database inserts run; `flush` inserts the queued `files` and
 * `attachments` rows in one statement each and waits for the writes. Call it before inserting
 * rows that reference `files`; it can be called again for later files.
 */
export function createFileBatch(storage: Storage) {
  let rows: FileRow[] = []
  let links: AttachmentRow[] = []
  let writes: Promise<void>[] = []
  const perOwner = new Map<string, number>()
  const file = (key: string, originName: string, data: Buffer): string => {
    const write = storage.put(key, data)
    write.catch(() => {}) // observed by flush; avoids an unhandled rejection if an insert fails first
    writes.push(write)
    rows.push({
      file_name: key,
      origin_file_name: originName,
      content_type: CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
      size: data.length,
      text_content: pdfTexts.get(data) ?? null,
    })
    return key
  }
  return {
    /** Registers a file; returns its storage key. */
    file,
    /** Registers a generated SVG image; returns its storage key. */
    svg: (key: string, image: Parameters<typeof makeSvg>[0]): string =>
      file(key, key.split('/').pop()!, makeSvg(image)),
    /** Registers a generated one-page PDF; returns its storage key. */
    pdf: (key: string, originName: string, title: string, lines: string[]): string =>
      file(key, originName, makePdf(title, lines)),
    /** Registers a file and attaches it to a content row. */
    attach(
      owner: { type: 'reference' | 'service' | 'serial' | 'invest' | 'patent'; id: number },
      key: string,
      originName: string,
      icon: string,
      data: Buffer,
    ): void {
      file(key, originName, data)
      const ownerKey = `${owner.type}:${owner.id}`
      const sort_order = perOwner.get(ownerKey) ?? 0
      perOwner.set(ownerKey, sort_order + 1)
      links.push({
        owner_type: owner.type,
        owner_id: owner.id,
        file_name: key,
        origin_file_name: originName,
        icon,
        sort_order,
      })
    },
    async flush(tx: Tx): Promise<void> {
      const [fileRows, linkRows, pending] = [rows, links, writes]
      rows = []
      links = []
      writes = []
      try {
        await insertRows(tx, files, fileRows)
        await insertRows(tx, attachments, linkRows)
      } finally {
        await Promise.all(pending)
      }
    },
  }
}

export type FileBatch = ReturnType<typeof createFileBatch>

/** Download names keep the title's words joined by underscores. */
export function originStem(title: string): string {
  return title
    .replace(/[()[\],/·]/g, ' ')
    .replace(/~/g, '-')
    .trim()
    .replace(/\s+/g, '_')
}
