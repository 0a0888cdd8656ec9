import type { Storage } from '#server/services/files/storage.ts'
import { files } from '../../schema.ts'
import { makePdf, makeSvg, type Tx } from '../demo-files.ts'

/**
 * Collects demo files and stores them together: bytes written in parallel, `files` rows in
 * one insert. Same result as calling addFile for each, but one query instead of one per file
 * (the seed runs for every integration test file, so its speed matters).
 */
export function createFileBatch(tx: Tx, storage: Storage) {
  let pending: { key: string; originName: string; data: Buffer; contentType: string }[] = []
  return {
    /** Queues an SVG image; returns its storage key. */
    svg(key: string, image: Parameters<typeof makeSvg>[0]): string {
      pending.push({ key, originName: key.split('/').pop()!, data: makeSvg(image), contentType: 'image/svg+xml' })
      return key
    },
    /** Queues a one-page PDF; returns its storage key. */
    pdf(key: string, originName: string, title: string, lines: string[]): string {
      pending.push({ key, originName, data: makePdf(title, lines), contentType: 'application/pdf' })
      return key
    },
    /** Stores everything queued so far (call before inserting rows that reference `files`). */
    async flush(): Promise<void> {
      const batch = pending
      pending = []
      if (batch.length === 0) return
      await Promise.all(batch.map((f) => storage.put(f.key, f.data)))
      await tx.insert(files).values(
        batch.map((f) => ({ file_name: f.key, origin_file_name: f.originName, content_type: f.contentType, size: f.data.length })),
      )
    },
  }
}

export type FileBatch = ReturnType<typeof createFileBatch>
