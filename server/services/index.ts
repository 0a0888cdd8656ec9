import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { createCompanyService } from './company.ts'
import { createContentService } from './content.ts'
import { createDownloadsService } from './downloads.ts'
import type { Storage } from './files/storage.ts'
import { createInvestorsService } from './investors.ts'
import { createProductsService } from './products.ts'
import { createSettingsService } from './settings.ts'
import { createSupportService } from './support.ts'

export type ServiceDeps = { database: Database; config: Config; clock: () => Date; storage: Storage }

/** Every service, built once at start from the shared dependencies. */
export function createServices(deps: ServiceDeps) {
  const { db } = deps.database
  return {
    settings: createSettingsService({ db }),
    content: createContentService({ db, clock: deps.clock }),
    company: createCompanyService({ db }),
    products: createProductsService({ db }),
    support: createSupportService({ db }),
    investors: createInvestorsService({ db }),
    downloads: createDownloadsService({ db, storage: deps.storage }),
    /** Readiness: resolves when the database answers. */
    ping: () => deps.database.ping(),
  }
}

export type Services = ReturnType<typeof createServices>
