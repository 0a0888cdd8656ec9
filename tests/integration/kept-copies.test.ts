import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, siteSettings } from '#server/db/schema.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The node's copies of the site settings and the product tree (docs/decisions/077-kept-copies.md):
 * a change announced on the change bus, as every editor's save announces it, shows on the next page.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  await t.runtime.services.changes.ready()
})
afterAll(async () => t?.close())

/** A committed change with its notice, as the console's saves make it; resolves once this node heard it. */
async function publish(
  topic: string,
  change: (tx: Parameters<Parameters<typeof t.runtime.database.db.transaction>[0]>[0]) => Promise<unknown>,
) {
  const heard = new Promise<void>((resolve) => {
    const stop = t.runtime.services.changes.subscribe(() => {
      stop()
      resolve()
    })
  })
  await t.runtime.database.db.transaction(async (tx) => {
    await change(tx)
    await t.runtime.services.changes.published(tx, [topic])
  })
  await heard
}

describe('kept copies', () => {
  it('a new phone number announced on the bus is in the next page footer', async () => {
    const before = await t.app.inject('/company/introduction/info')
    expect(before.body).toContain('tel:')
    await publish('settings', (tx) =>
      tx.update(siteSettings).set({ phone: '02-9876-5432' }).where(eq(siteSettings.id, 1)),
    )
    const after = await t.app.inject('/company/introduction/info')
    expect(after.body).toContain('href="tel:0298765432"')
    expect(after.body).toContain('02-9876-5432')
  })

  it("a product's new address announced on the bus is the one the next sitemap lists", async () => {
    const sitemap = async () => (await t.app.inject('/sitemap.xml')).body
    const [item] = await t.runtime.database.db.select().from(products).where(eq(products.depth, 3)).limit(1)
    const listed = (xml: string) => xml.split(`/${item!.slug}<`).length - 1
    const before = listed(await sitemap())
    expect(before).toBeGreaterThan(0)
    await publish('products', (tx) =>
      tx.update(products).set({ slug: 'renamed-for-copy-test' }).where(eq(products.id, item!.id)),
    )
    const now = await sitemap()
    expect(now).toContain('/renamed-for-copy-test<')
    expect(listed(now)).toBe(before - 1)
  })
})
