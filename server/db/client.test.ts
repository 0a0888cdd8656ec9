import { sql } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'
import { createDatabase } from './client.ts'

/** A new PGlite directory's cluster is made by a child process (initdb's memory leaves with it), then opened here. */
describeEmbedded('createDatabase on a new PGlite directory', () => {
  it('makes the cluster in a child process and opens it, then reopens it as it is', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'client-test-')), 'pglite')
    try {
      const first = await createDatabase({ pgliteDir: dir })
      try {
        expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true)
        await first.db.execute(sql`create table kept (n int)`)
        await first.db.execute(sql`insert into kept values (7)`)
        const shown = (await first.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: { shared_buffers: string }[]
        }
        expect(shown.rows[0]?.shared_buffers).toBe('16MB')
      } finally {
        await first.close()
      }
      const again = await createDatabase({ pgliteDir: dir })
      try {
        const rows = (await again.db.execute(sql`select n from kept`)) as unknown as { rows: { n: number }[] }
        expect(rows.rows).toEqual([{ n: 7 }])
      } finally {
        await again.close()
      }
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true })
    }
  }, 120_000)
})
