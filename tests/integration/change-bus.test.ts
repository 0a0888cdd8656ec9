import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies } from '#server/db/schema.ts'
import type { ChangeBus } from '#server/services/changes.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The change bus (docs/decisions/018-change-bus.md): a change announced in a transaction reaches
 * the subscribers of every node when it commits, never when it rolls back, and the page caches
 * clear on it. The bus and single-node cases run on the suite's database (PGlite, or PostgreSQL
 * when DATABASE_URL is set); the two-process and reconnection cases need PostgreSQL.
 */
const AGENCY_PAGE = '/company/introduction/agency'

/**
 * Once the bus listens: a promise of the topics of the next notice it hears (its listeners run in
 * subscription order, so the page cache's has run by then).
 */
async function nextNotice(bus: ChangeBus): Promise<{ heard: Promise<string[]> }> {
  const heard = new Promise<string[]>((resolve) => {
    const off = bus.subscribe((topics) => {
      off()
      resolve(topics)
    })
  })
  await bus.ready()
  return { heard }
}

async function firstAgency(db: Awaited<ReturnType<typeof buildTestApp>>['runtime']['database']['db']) {
  const [row] = await db
    .select()
    .from(agencies)
    .orderBy(asc(agencies.type), asc(agencies.sort_order), asc(agencies.id))
    .limit(1)
  return row!
}

describe('change bus and page cache on one node', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>
  beforeAll(async () => {
    t = await buildTestApp({ pages: true, env: { RESPONSE_CACHE_TTL_MS: '600000' } })
  })
  afterAll(async () => t?.close())

  it('delivers the topics of a committed change once it commits, and nothing of a rolled-back one', async () => {
    const bus = t.runtime.services.changes
    const heard: string[][] = []
    const off = bus.subscribe((topics) => heard.push(topics))
    await bus.ready()
    const db = t.runtime.database.db

    await db.transaction(async (tx) => {
      await bus.published(tx, ['agencies', 'agencies', 'terms'])
      await new Promise((r) => setTimeout(r, 50))
      // Not before the commit.
      expect(heard).toEqual([])
    })
    await expect.poll(() => heard).toEqual([['agencies', 'terms']])

    await expect(
      db.transaction(async (tx) => {
        await bus.published(tx, ['rolled-back'])
        throw new Error('abandon the change')
      }),
    ).rejects.toThrow('abandon the change')
    // A later committed notice arrives after the rolled-back one would have: it never came.
    await db.transaction(async (tx) => bus.published(tx, ['after']))
    await expect.poll(() => heard.length).toBe(2)
    expect(heard).toEqual([['agencies', 'terms'], ['after']])
    off()
  })

  it('serves a cached agency page until the content service changes the agency, then the new text on the next request', async () => {
    const db = t.runtime.database.db
    const agency = await firstAgency(db)
    await t.app.inject(AGENCY_PAGE)
    await t.app.responseStore!.idle()
    const cached = await t.app.inject(AGENCY_PAGE)
    expect(cached.headers['x-cache']).toBe('hit')
    expect(cached.body).toContain(agency.name)

    const { heard } = await nextNotice(t.runtime.services.changes)
    const changed = await t.runtime.services.content.updateAgency(agency.id, { name: '한빛밸브상사' })
    expect(changed?.name).toBe('한빛밸브상사')
    expect(await heard).toEqual(['agencies'])

    const next = await t.app.inject(AGENCY_PAGE)
    expect(next.headers['x-cache']).toBe('miss')
    expect(next.body).toContain('한빛밸브상사')
    expect(next.body).not.toContain(`>${agency.name}<`)
    await t.app.responseStore!.idle()

    // Deleting goes the same way.
    expect((await t.app.inject(AGENCY_PAGE)).headers['x-cache']).toBe('hit')
    const { heard: removed } = await nextNotice(t.runtime.services.changes)
    expect(await t.runtime.services.content.deleteAgency(agency.id)).toBe(true)
    await removed
    const after = await t.app.inject(AGENCY_PAGE)
    expect(after.headers['x-cache']).toBe('miss')
    expect(after.body).not.toContain('한빛밸브상사')
  })

  it('keeps the cached page when the change rolls back', async () => {
    const db = t.runtime.database.db
    const agency = await firstAgency(db)
    await t.app.inject(AGENCY_PAGE)
    await t.app.responseStore!.idle()
    expect((await t.app.inject(AGENCY_PAGE)).headers['x-cache']).toBe('hit')
    await expect(
      db.transaction(async (tx) => {
        await tx.update(agencies).set({ name: '취소될 이름' }).where(eq(agencies.id, agency.id))
        await t.runtime.services.changes.published(tx, ['agencies'])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const page = await t.app.inject(AGENCY_PAGE)
    expect(page.headers['x-cache']).toBe('hit')
    expect(page.body).not.toContain('취소될 이름')
  })

  it('never serves a staff member from the cache (they preview drafts on the public pages)', async () => {
    await t.app.inject(AGENCY_PAGE)
    const staff = await t.app.inject({ url: AGENCY_PAGE, headers: { cookie: 'console_session=x' } })
    expect(staff.headers['x-cache']).toBeUndefined()
  })
})

const postgres = process.env.DATABASE_URL

describe.skipIf(!postgres)(
  'on PostgreSQL (skipped without DATABASE_URL: LISTEN/NOTIFY across processes needs a PostgreSQL server)',
  () => {
    let t: Awaited<ReturnType<typeof buildTestApp>>
    const children: ChildProcess[] = []
    const dirs: string[] = []
    const ports: number[] = []

    async function freePort(): Promise<number> {
      return new Promise((resolve, reject) => {
        const server = net.createServer()
        server.on('error', reject)
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as net.AddressInfo
          server.close(() => resolve(port))
        })
      })
    }

    async function waitReady(port: number) {
      for (let i = 0; i < 240; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250))
      }
      throw new Error(`server on ${port} did not become ready`)
    }

    /** A production server process on the test's database, with a ten-minute page cache. */
    async function startNode(): Promise<number> {
      const port = await freePort()
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-node-'))
      dirs.push(dataDir)
      const child = spawn(process.execPath, ['build/main.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: t.config.DATABASE_URL!,
          SEED_DEMO: 'false',
          RESPONSE_CACHE_TTL_MS: '600000',
          LOG_LEVEL: 'error',
          SHUTDOWN_DRAIN_MS: '0',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      children.push(child)
      await waitReady(port)
      ports.push(port)
      return port
    }

    const page = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}${AGENCY_PAGE}`)
      return { cache: res.headers.get('x-cache'), body: await res.text() }
    }

    beforeAll(async () => {
      await ensureBuild()
      t = await buildTestApp()
      await Promise.all([startNode(), startNode()])
    }, 180_000)

    afterAll(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve()
              child.once('exit', () => resolve())
              child.kill('SIGTERM')
              setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
            }),
        ),
      )
      await t?.close()
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
    }, 60_000)

    it('a change committed by a third node shows on the next request to each of two server processes', async () => {
      const [a, b] = ports as [number, number]
      const agency = await firstAgency(t.runtime.database.db)
      for (const port of [a, b]) {
        await page(port)
        // The first answer is stored once its compressed forms are made.
        await expect.poll(async () => (await page(port)).cache, { message: `node ${port}` }).toBe('hit')
        const warm = await page(port)
        expect(warm.body).toContain(agency.name)
      }

      // This test process is the third node: the content service, as the console's editors will call it.
      const { heard } = await nextNotice(t.runtime.services.changes)
      await t.runtime.services.content.updateAgency(agency.id, { name: '새벽액추에이터상사' })
      await heard
      // PostgreSQL sends the notice to every listening connection at the commit; give the other
      // processes' event loops a moment to read it from their sockets.
      await new Promise((r) => setTimeout(r, 100))

      for (const port of [a, b]) {
        const next = await page(port)
        expect(next.cache, `node ${port}`).toBe('miss')
        expect(next.body, `node ${port}`).toContain('새벽액추에이터상사')
      }
    })

    it('listens again after its connection is cut, and then drops everything (notices may have been missed)', async () => {
      const bus = t.runtime.services.changes
      await bus.ready()
      const heard: string[][] = []
      const off = bus.subscribe((topics) => heard.push(topics))
      const db = t.runtime.database.db
      // This process's LISTEN connection (the server processes have their own).
      const cut = (await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`change-bus ${process.pid}`}`,
      )) as unknown as { rows: unknown[] }
      expect(cut.rows).toHaveLength(1)
      await expect.poll(() => heard, { timeout: 15_000 }).toEqual([['*']])
      expect(bus.live()).toBe(true)

      await db.transaction(async (tx) => bus.published(tx, ['agencies']))
      await expect.poll(() => heard).toEqual([['*'], ['agencies']])
      off()
    }, 30_000)
  },
)
