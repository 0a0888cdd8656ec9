import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { siteSettings, type SiteSettings } from '#server/db/schema.ts'
import type { ChangeBus } from './changes.ts'
import { keptCopy } from './kept-copy.ts'
import type { View } from './published.ts'

export type SettingsService = ReturnType<typeof createSettingsService>

export function createSettingsService({
  db,
  changes,
}: {
  db: Db
  changes: Pick<ChangeBus, 'subscribe' | 'announcing' | 'live'>
}) {
  const read = async () => {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1))
    if (!row) throw new Error('site_settings is empty: run the seed')
    return row
  }
  // Every page reads the row (the header, the footer): the public's is this node's copy (kept-copy.ts).
  const published = keptCopy(changes, read)
  return {
    /** The site-settings row (in a staff preview with its draft applied); throws when the database holds none (seed not run). */
    async get(view?: View): Promise<SiteSettings> {
      if (!view?.preview) return published()
      const row = await read()
      return row.draft ? { ...row, ...row.draft } : row
    },
  }
}
