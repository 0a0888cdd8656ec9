import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { siteSettings, type SiteSettings } from '#server/db/schema.ts'
import type { View } from './published.ts'

export type SettingsService = ReturnType<typeof createSettingsService>

export function createSettingsService({ db }: { db: Db }) {
  return {
    /** The site-settings row (in a staff preview with its draft applied); throws when the database holds none (seed not run). */
    async get(view?: View): Promise<SiteSettings> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1))
      if (!row) throw new Error('site_settings is empty: run the seed')
      return view?.preview && row.draft ? { ...row, ...row.draft } : row
    },
  }
}
