import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { createCompanyService } from './company.ts'
import { createConsoleService } from './console/index.ts'
import { createContentService } from './content.ts'
import { createDownloadsService } from './downloads.ts'
import type { Storage } from './files/storage.ts'
import { createUploadsService } from './files/uploads.ts'
import { createInvestorsService } from './investors.ts'
import { createMailService } from './mail/index.ts'
import { createMembersService } from './members/index.ts'
import { createProductsService } from './products.ts'
import { createRestrictedService } from './restricted/index.ts'
import { createSearchService } from './search/index.ts'
import { createSettingsService } from './settings.ts'
import { createSupportService } from './support.ts'

export type ServiceDeps = { database: Database; config: Config; clock: () => Date; storage: Storage }

/** Every service, built once at start from the shared dependencies. */
export function createServices(deps: ServiceDeps) {
  const { db } = deps.database
  const mail = createMailService({ db, config: deps.config, clock: deps.clock })
  const search = createSearchService({ db, storage: deps.storage })
  return {
    settings: createSettingsService({ db }),
    content: createContentService({ db, clock: deps.clock }),
    company: createCompanyService({ db }),
    products: createProductsService({ db }),
    support: createSupportService({ db }),
    investors: createInvestorsService({ db }),
    downloads: createDownloadsService({ db, storage: deps.storage }),
    uploads: createUploadsService({ db, storage: deps.storage, clock: deps.clock }),
    mail,
    members: createMembersService({ db, config: deps.config, clock: deps.clock, mail }),
    search,
    console: createConsoleService({ db, config: deps.config, clock: deps.clock, mail }),
    restricted: createRestrictedService({ db, clock: deps.clock }),
    /** Readiness: resolves when the database answers. */
    ping: () => deps.database.ping(),
  }
}

export type Services = ReturnType<typeof createServices>
