import { sql } from 'drizzle-orm'
import type { Storage } from '#server/services/files/storage.ts'
import type { Db } from './client.ts'
import { demoSiteSettings } from './demo/site-settings.ts'
import { siteSettings } from './schema.ts'

/**
 * Loads the demo content. Idempotent: does nothing when content exists,
 * unless `reset` is set, which empties the content tables first.
 * Later content areas add their tables and rows here.
 */
export async function seedDemo(
  { db, storage }: { db: Db; storage: Storage },
  options: { reset?: boolean } = {},
): Promise<'seeded' | 'skipped'> {
  void storage
  return db.transaction(async (tx) => {
    if (options.reset) {
      await tx.execute(sql`truncate table ${siteSettings} restart identity cascade`)
    } else {
      const existing = await tx.select({ id: siteSettings.id }).from(siteSettings).limit(1)
      if (existing.length > 0) return 'skipped'
    }
    await tx.insert(siteSettings).values(demoSiteSettings)
    return 'seeded'
  })
}
