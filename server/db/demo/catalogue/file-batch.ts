import type { Storage } from '#server/services/files/storage.ts'
import { attachments, files } from '../../schema.ts'
import type { Tx } from '../demo-files.ts'

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  dwg: 'application/acad',
  gsd: 'text/plain; charset=utf-8',
}

type PendingFile = { key: string; originName: string; data: Buffer }
export type AttachmentRow = typeof attachments.$inferInsert

/** Inserts rows in chunks so one statement never nears the parameter limit. */
export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

/**
 * Collects the catalogue's files and attachments so they are written in a few statements
 * (and the bytes in parallel) instead of one insert per file: the seed runs for every
 * integration test file and must stay fast.
 */
export function createFileBatch() {
  const pending: PendingFile[] = []
  const links: AttachmentRow[] = []
  const perOwner = new Map<string, number>()
  return {
    /** Registers a file; returns its storage key. */
    file(key: string, originName: string, data: Buffer): string {
      pending.push({ key, originName, data })
      return key
    },
    /** Registers a file and attaches it to a content row. */
    attach(owner: { type: 'reference' | 'service' | 'serial'; id: number }, key: string, originName: string, icon: string, data: Buffer): void {
      pending.push({ key, originName, data })
      const ownerKey = `${owner.type}:${owner.id}`
      const sort_order = perOwner.get(ownerKey) ?? 0
      perOwner.set(ownerKey, sort_order + 1)
      links.push({ owner_type: owner.type, owner_id: owner.id, file_name: key, origin_file_name: originName, icon, sort_order })
    },
    /** Writes the bytes, then the `files` rows, then the attachments. */
    async flush(tx: Tx, storage: Storage): Promise<void> {
      const writing = Promise.all(pending.map((f) => storage.put(f.key, f.data)))
      const rows = pending.map((f) => ({
        file_name: f.key,
        origin_file_name: f.originName,
        content_type: CONTENT_TYPES[f.key.split('.').pop() ?? ''] ?? 'application/octet-stream',
        size: f.data.length,
      }))
      await insertChunked(rows, (chunk) => tx.insert(files).values(chunk))
      await insertChunked(links, (chunk) => tx.insert(attachments).values(chunk))
      await writing
    },
  }
}

export type FileBatch = ReturnType<typeof createFileBatch>

/** Storage keys are lower-case; download names keep the title's words joined by underscores. */
export function originStem(title: string): string {
  return title
    .replace(/[()[\],/·]/g, ' ')
    .replace(/~/g, '-')
    .trim()
    .replace(/\s+/g, '_')
}
