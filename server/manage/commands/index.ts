import type { Command } from '../command.ts'
import { grantAccess, revokeAccess } from './access.ts'
import { backup } from './backup.ts'
import { createAdmin } from './create-admin.ts'
import { importCommand } from './import.ts'
import { importOrders } from './import-orders.ts'
import { migrate } from './migrate.ts'
import { purgeRequests } from './purge-requests.ts'
import { reindex } from './reindex.ts'
import { restore } from './restore.ts'
import { rotateConsoleKey } from './rotate-console-key.ts'
import { seed } from './seed.ts'

/** Every `npm run manage` command, in the order `help` lists them. */
export const COMMANDS: readonly Command[] = [
  migrate,
  seed,
  reindex,
  importCommand,
  importOrders,
  grantAccess,
  revokeAccess,
  createAdmin,
  rotateConsoleKey,
  purgeRequests,
  backup,
  restore,
]
