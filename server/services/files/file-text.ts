import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { files } from '#server/db/schema.ts'
import { extractPdfText } from './pdf-text.ts'
import type { Storage } from './storage.ts'

/**
 * Reads the text of stored PDFs that have none recorded yet (files added before text was
 * extracted, or copied in by hand), so the search index can hold it. A file that cannot be read
 * records an empty text and is not tried again. Returns how many files were read.
 */
export async function fillMissingText(
  db: Db,
  storage: Storage,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const pending = await db
    .select({ name: files.file_name })
    .from(files)
    .where(and(isNull(files.text_content), eq(files.content_type, 'application/pdf')))
    .orderBy(asc(files.id))
  let done = 0
  for (const { name } of pending) {
    const data = await storage.read(name)
    const text = data ? await extractPdfText(data) : ''
    await db.update(files).set({ text_content: text }).where(eq(files.file_name, name))
    onProgress?.(++done, pending.length)
  }
  return pending.length
}
