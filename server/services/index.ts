import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { Storage } from './files/storage.ts'
import { createSettingsService } from './settings.ts'

export type ServiceDeps = { database: Database; config: Config; clock: () => Date; storage: Storage }

/** Every service, built once at start from the shared dependencies. */
export function createServices(deps: ServiceDeps) {
  const { db } = deps.database
  return {
    settings: createSettingsService({ db }),
    /** Readiness: resolves when the database answers. */
    ping: () => deps.database.ping(),
  }
}

export type Services = ReturnType<typeof createServices>
