import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { auditLog, productBanners, referenceDocuments, siteSettings, videos, workplaces } from '#server/db/schema.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { clearUnsafeLinks, describeCleared } from '#server/services/link-cleanup.ts'
import { freshDatabase } from '#tests/helpers/seeded-template.ts'

/**
 * The start-up clean-up of stored links (docs/decisions/040-safe-link-schemes.md) on a database
 * that holds the demo content and values written before the link rule: the server's next start
 * clears exactly those (public columns and pending drafts), lists them and audits each; the demo
 * content passes the rule untouched; a second start changes nothing.
 */
let dataDir: string
let drop: () => Promise<void>
let url: string | undefined
let runtime: Runtime | undefined
let ids: Record<'banner' | 'second' | 'video' | 'place' | 'doc', number>

const start = async (seed: boolean) => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: seed ? 'true' : 'false',
    ...(url ? { DATABASE_URL: url } : {}),
  })
  return createRuntime(config)
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-links-'))
  const fresh = await freshDatabase()
  url = fresh.url
  drop = fresh.drop
  const first = await start(true)
  try {
    // The demo content is clean.
    expect(first.clearedLinks).toEqual([])
    const { db } = first.database
    const [banner, second] = await db
      .select({ id: productBanners.id })
      .from(productBanners)
      .orderBy(asc(productBanners.id))
      .limit(2)
    const [video] = await db.select({ id: videos.id }).from(videos).limit(1)
    const [place] = await db.select({ id: workplaces.id }).from(workplaces).limit(1)
    const [doc] = await db.select({ id: referenceDocuments.id }).from(referenceDocuments).limit(1)
    // Values as an older version, a hand-made SQL fix or another tool could have stored them.
    await db.update(productBanners).set({ url: 'JaVaScRiPt:alert(1)' }).where(eq(productBanners.id, banner!.id))
    await db
      .update(productBanners)
      .set({ draft: { title: '초안', url: 'java\tscript:alert(2)' } })
      .where(eq(productBanners.id, second!.id))
    await db.update(siteSettings).set({ groupware_url: ' javascript:alert(3)' })
    await db.update(videos).set({ url_en: 'data:text/html,<script>alert(4)</script>' }).where(eq(videos.id, video!.id))
    await db.update(workplaces).set({ map_url: '/company/place' }).where(eq(workplaces.id, place!.id))
    await db.update(referenceDocuments).set({ url: '//evil.com/x' }).where(eq(referenceDocuments.id, doc!.id))
    ids = { banner: banner!.id, second: second!.id, video: video!.id, place: place!.id, doc: doc!.id }
  } finally {
    await first.close()
  }
  runtime = await start(false)
}, 180_000)
afterAll(async () => {
  await runtime?.close()
  await drop?.()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('clearing stored links the rule refuses', () => {
  it('the next start clears exactly those values and lists them', () => {
    const listed = runtime!.clearedLinks.map(describeCleared).sort()
    expect(listed).toEqual(
      [
        `product-banners ${ids.banner} url: cleared "JaVaScRiPt:alert(1)"`,
        `product-banners ${ids.second} url (draft): cleared "java\\tscript:alert(2)"`,
        `site-settings 1 groupware_url: cleared " javascript:alert(3)"`,
        `videos ${ids.video} url_en: cleared "data:text/html,<script>alert(4)</script>"`,
        // A map is embedded: its field takes absolute web addresses only, not a site path.
        `workplaces ${ids.place} map_url: cleared "/company/place"`,
        `reference-document ${ids.doc} url: cleared "//evil.com/x"`,
      ].sort(),
    )
  })

  it('the values are empty, the rest of each record (and of its draft) is kept', async () => {
    const { db } = runtime!.database
    const [banner] = await db.select().from(productBanners).where(eq(productBanners.id, ids.banner))
    expect(banner!.url).toBe('')
    expect(banner!.title).not.toBe('')
    const [second] = await db.select().from(productBanners).where(eq(productBanners.id, ids.second))
    expect(second!.draft).toEqual({ title: '초안', url: '' })
    expect(second!.url).toMatch(/^\/product\//)
    const [settings] = await db.select().from(siteSettings)
    expect(settings!.groupware_url).toBe('')
    expect(settings!.vr_url_ko).toMatch(/^https:\/\//)
    const [video] = await db.select().from(videos).where(eq(videos.id, ids.video))
    expect(video!.url_en).toBe('')
    expect(video!.url).toMatch(/^https:\/\//)
    const [doc] = await db.select().from(referenceDocuments).where(eq(referenceDocuments.id, ids.doc))
    expect(doc!.url).toBe('')
  })

  it('each cleared value has an audit entry with what it held', async () => {
    const { db } = runtime!.database
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'link.cleared'))
      .orderBy(asc(auditLog.id))
    expect(entries).toHaveLength(6)
    expect(entries.every((e) => e.user_id === null)).toBe(true)
    const [draft] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'link.cleared'),
          eq(auditLog.record_type, 'product-banners'),
          eq(auditLog.record_id, String(ids.second)),
        ),
      )
    expect(draft!.before).toEqual({ draft: { url: 'java\tscript:alert(2)' } })
    expect(draft!.after).toEqual({ draft: { url: '' } })
  })

  it('a second run finds nothing and writes nothing', async () => {
    const { db } = runtime!.database
    expect(await clearUnsafeLinks(db)).toEqual([])
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'link.cleared'))
    expect(count!.n).toBe(6)
  })
})
