import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'
import { loadConfig } from '#server/config.ts'
import { createDatabase, PGLITE_SHARED_BUFFERS_MB } from '#server/db/client.ts'

/** The embedded database's buffer cache: 16 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise (initdb's 128 MB cost 120 MB of RSS). */
describeEmbedded('PGlite settings', () => {
  it('opens with a 16 MB buffer cache, or the size given', async () => {
    expect(PGLITE_SHARED_BUFFERS_MB).toBe(16)
    for (const [given, shown] of [
      [undefined, '16MB'],
      [32, '32MB'],
    ] as const) {
      const database = await createDatabase({ pgliteDir: 'memory://', sharedBuffersMb: given })
      try {
        const rows = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: { shared_buffers: string }[]
        }
        expect(rows.rows[0]?.shared_buffers).toBe(shown)
      } finally {
        await database.close()
      }
    }
  }, 60_000)

  it('refuses a size that is not a whole number of MB', () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '64' }).PGLITE_SHARED_BUFFERS_MB).toBe(64)
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '32MB' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/)
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/)
  })
})
