import type { Storage } from '#server/services/files/storage.ts'
import { createFileBatch } from './file-batch.ts'
import { insertCircuitSerials, insertReferenceDocuments, insertServiceContent } from './catalogue/insert-documents.ts'
import { insertProducts } from './catalogue/insert-products.ts'
import type { Tx } from './demo-files.ts'

/**
 * Products (fixed ids 1–13), the reference archive, service & support documents with their
 * option groups, and serial-number circuit diagrams, in Korean and English. Data modules live
 * in ./catalogue/; files are collected and written in one batch at the end.
 */
export async function seedCatalogueContent(tx: Tx, storage: Storage): Promise<void> {
  const batch = createFileBatch(storage)
  await insertProducts(tx, batch)
  await insertReferenceDocuments(tx, batch)
  await insertServiceContent(tx, batch)
  await insertCircuitSerials(tx, batch)
  await batch.flush(tx)
}
