import { sql } from 'drizzle-orm'
import type { Storage } from '#server/services/files/storage.ts'
import { ALL_TOPICS, publishChange } from '#server/services/changes.ts'
import { reindexAll } from '#server/services/search/indexer.ts'
import type { Db } from '#server/db/client.ts'
import { seedCatalogueContent } from './demo/catalogue.ts'
import { seedCompanyContent } from './demo/company.ts'
import { seedCompanyPagesContent } from './demo/company-pages.ts'
import { CIRCUIT_SERIALS } from './demo/catalogue/circuit-serials.ts'
import { DEMO_ORDER_COUNTS, demoOrders, withCircuitSerials } from './demo/orders.ts'
import { upsertOrders } from '#server/services/restricted/store.ts'
import { demoSiteSettings } from './demo/site-settings.ts'
import { seedServiceRouting } from './demo/service-routing.ts'
import * as s from '#server/db/schema.ts'

/**
 * Tables the demo owns; `--reset` empties exactly these (never member or session data, nor the
 * terms' versions, which members' consents refer to).
 */
const CONTENT_TABLES = [
  s.siteSettings,
  s.attachments,
  s.files,
  s.banners,
  s.productBanners,
  s.videos,
  s.popups,
  s.historyEntries,
  s.patents,
  s.agencies,
  s.productImages,
  s.productOptions,
  s.referenceDocuments,
  s.serviceDocumentOptions,
  s.serviceDocuments,
  s.supportOptions,
  s.supportOptionGroups,
  s.circuitSerials,
  s.investPosts,
  s.investCategories,
  s.products,
  s.workplaces,
  s.clients,
  s.searchEntries,
  s.erpOrders,
  s.epsOrders,
  s.orderProjects,
]

/**
 * Loads the demo content. Idempotent: does nothing when content exists, unless `reset` is
 * set, which empties the content tables and stored files first.
 */
export async function seedDemo(
  { db, storage }: { db: Db; storage: Storage },
  options: { reset?: boolean } = {},
): Promise<'seeded' | 'skipped'> {
  return db.transaction(async (tx) => {
    if (options.reset) {
      const names = CONTENT_TABLES.map((t) => sql`${t}`)
      await tx.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`)
      await storage.clear()
    } else {
      const existing = await tx.select({ id: s.siteSettings.id }).from(s.siteSettings).limit(1)
      if (existing.length > 0) return 'skipped'
    }
    await tx.insert(s.siteSettings).values(demoSiteSettings)
    await seedCompanyContent(tx, storage)
    await seedCompanyPagesContent(tx, storage)
    await seedCatalogueContent(tx, storage)
    await seedServiceRouting(tx)
    await upsertOrders(tx, 'ERP', withCircuitSerials(demoOrders('ERP', DEMO_ORDER_COUNTS.ERP), CIRCUIT_SERIALS))
    await upsertOrders(tx, 'EPS', withCircuitSerials(demoOrders('EPS', DEMO_ORDER_COUNTS.EPS), CIRCUIT_SERIALS))
    // The search index reflects the content in the same transaction, and running servers
    // (PostgreSQL: `seed --reset` beside them) drop the pages they keep when it commits.
    await reindexAll(tx)
    await publishChange(tx, [ALL_TOPICS])
    return 'seeded'
  })
}
