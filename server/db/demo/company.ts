import type { Storage } from '#server/services/files/storage.ts'
import type { Tx } from './demo-files.ts'

export async function seedCompanyContent(tx: Tx, storage: Storage): Promise<void> {
  void tx
  void storage
}
