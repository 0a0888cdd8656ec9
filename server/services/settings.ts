import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { siteSettings, type SiteSettings } from '#server/db/schema.ts'

export type SettingsService = ReturnType<typeof createSettingsService>

export function createSettingsService({ db }: { db: Db }) {
  return {
    /** The site-settings row; throws when the database holds none (seed not run). */
    async get(): Promise<SiteSettings> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1))
      if (!row) throw new Error('site_settings is empty: run the seed')
      return row
    },
  }
}
