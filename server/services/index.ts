import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { createCatalogueEditor } from './console-catalogue/catalogue-editor.ts'
import { createChangeBus } from './changes.ts'
import { createCompanyService } from './company.ts'
import { createStaffAccountService } from './console/account.ts'
import { createConsoleSearch } from './console/console-search.ts'
import { createConsoleService } from './console/index.ts'
import { createDashboardQueries } from './console/dashboard.ts'
import { createMembersAdminService } from './console/members-admin.ts'
import { createContentService } from './content.ts'
import { createContentEditor } from './console-content/editor.ts'
import { createPageTexts } from './console-content/page-texts.ts'
import { createDocumentsAdmin } from './documents/console-documents.ts'
import { createInvestorRecords } from './documents/investor-records.ts'
import { createSupportRecords } from './documents/support-records.ts'
import { createDownloadsService } from './downloads.ts'
import type { Storage } from './files/storage.ts'
import { createMediaLibrary } from './files/media-library.ts'
import { createUploadsService } from './files/uploads.ts'
import { createImportService } from './import/index.ts'
import { createInvestorsService } from './investors.ts'
import { createLabelsService } from './labels/index.ts'
import { createMailService } from './mail/index.ts'
import { createMembersService } from './members/index.ts'
import { createProductsService } from './products.ts'
import { createOrderPackageService } from './order-package/index.ts'
import { createRestrictedService } from './restricted/index.ts'
import { createSearchService } from './search/index.ts'
import { createServiceRequestsService } from './service-requests/index.ts'
import { createServiceRetention } from './service-retention.ts'
import { createServiceRouting } from './service-routing/index.ts'
import { createServiceInbox } from './service-inbox/index.ts'
import { createSettingsService } from './settings.ts'
import { createSupportService } from './support.ts'
import { createTermsService } from './terms.ts'
import { createTermsList } from './terms-list.ts'
import { createUnitsService } from './units/index.ts'

export type ServiceDeps = { database: Database; config: Config; clock: () => Date; storage: Storage }

/** Every service, built once at start from the shared dependencies. */
export function createServices(deps: ServiceDeps) {
  const { db } = deps.database
  const mail = createMailService({ db, config: deps.config, clock: deps.clock })
  const changes = createChangeBus(deps.database)
  const search = createSearchService({ db, storage: deps.storage, clock: deps.clock, changes })
  const members = createMembersService({ db, config: deps.config, clock: deps.clock, mail })
  const consoleService = createConsoleService({ db, config: deps.config, clock: deps.clock, mail })
  const contentEditor = createContentEditor({ db, clock: deps.clock, onPublished: changes.published })
  const pageTexts = createPageTexts({ db, clock: deps.clock, onPublished: changes.published })
  const products = createProductsService({ db, changes })
  const support = createSupportService({ db })
  const restricted = createRestrictedService({ db, clock: deps.clock })
  const units = createUnitsService({ db, products, support, restricted })
  const serviceRouting = createServiceRouting({ db, clock: deps.clock, mail, config: deps.config })
  return {
    /** Published content changes, heard by every node (page caches clear on them). */
    changes,
    settings: createSettingsService({ db, changes }),
    content: createContentService({ db, clock: deps.clock, changes }),
    terms: createTermsService({ db, clock: deps.clock, changes }),
    /** The console's list of terms versions (search, filters, sort, pages in SQL). */
    termsList: createTermsList({ db, clock: deps.clock }),
    company: createCompanyService({ db }),
    products,
    support,
    investors: createInvestorsService({ db }),
    downloads: createDownloadsService({ db, storage: deps.storage }),
    uploads: createUploadsService({ db, storage: deps.storage, clock: deps.clock }),
    /** Stored files' alternative text and focal point (the console's media screen, the public pages' images). */
    media: createMediaLibrary({ db, storage: deps.storage, clock: deps.clock, onPublished: changes.published }),
    mail,
    members,
    search,
    console: consoleService,
    /** The console's member administration (search, access, lock, withdrawal, export). */
    consoleMembers: createMembersAdminService({ db, clock: deps.clock, members }),
    /** Staff self-service at /admin/account (password, recovery codes). */
    consoleAccount: createStaffAccountService({ db, clock: deps.clock, console: consoleService }),
    restricted,
    /** The unit pages /id/{serial}: a serial's public facts and, for members with access, its order. */
    units,
    /** After-sales service requests: the public form, the e-mail confirmation, the requester's status page. */
    serviceRequests: createServiceRequestsService({
      db,
      storage: deps.storage,
      clock: deps.clock,
      mail,
      config: deps.config,
      findUnit: units.find,
      route: serviceRouting.route,
    }),
    /** Routing of accepted requests to teams and assignees, and the console's teams and rules. */
    serviceRouting,
    /** The hourly deletion of service requests past their retention (and their stored files). */
    serviceRetention: createServiceRetention({ db, storage: deps.storage, clock: deps.clock }),
    /** The console's inbox of service requests: list, thread, status, assignment, notes, replies; the customer's answers. */
    serviceInbox: createServiceInbox({ db, storage: deps.storage, clock: deps.clock, mail, config: deps.config }),
    /** An order's specification sheet, circuit diagrams and manuals in one streamed ZIP (members with access). */
    orderPackage: createOrderPackageService({ db, storage: deps.storage, restricted, clock: deps.clock }),
    /** The console's nameplate labels: QR or Data Matrix identification links of chosen orders, as a PDF. */
    labels: createLabelsService({ db, siteUrl: deps.config.SITE_URL }),
    dashboard: createDashboardQueries({ db, clock: deps.clock }),
    /** The console's editing of site content: drafts, publishing, optimistic locking, audit. */
    contentEditor,
    /** The console's product catalogue: tree, details, redirects of changed addresses. */
    catalogueEditor: createCatalogueEditor({ db, clock: deps.clock, onPublished: changes.published }),
    /** The edited copy of the static pages (ESG, recruitment). */
    pageTexts,
    /** The console's one search box: products, documents, content, page texts, people. */
    consoleSearch: createConsoleSearch({ db, contentEditor, pageTexts }),
    /** Bulk import of documents, serials, agencies and orders (console /admin/import, `manage import`). */
    imports: createImportService({ db, storage: deps.storage, clock: deps.clock, onPublished: changes.published }),
    /** The console's reference and service documents: numbers, files per language, revisions. */
    documentsAdmin: createDocumentsAdmin({ db, clock: deps.clock, onPublished: changes.published }),
    /** The console's service options and circuit serials. */
    supportRecords: createSupportRecords({ db, clock: deps.clock, onPublished: changes.published }),
    /** The console's investor categories, notices and internal rules file. */
    investorRecords: createInvestorRecords({ db, clock: deps.clock, onPublished: changes.published }),
    /** Readiness: resolves when the database answers. */
    ping: () => deps.database.ping(),
    /** The database pool's use, for /metrics (PostgreSQL; null on PGlite). */
    poolStats: () => deps.database.poolStats(),
  }
}

export type Services = ReturnType<typeof createServices>
