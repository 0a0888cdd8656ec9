import type { Config } from '#server/config.ts'
import { createS3Storage } from './s3-storage.ts'
import { createLocalStorage, type Storage } from './storage.ts'

/** The configured storage: the S3 bucket when S3_BUCKET is set, else the local directory. */
export async function storageFor(config: Pick<Config, 's3' | 'filesDir'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(config.filesDir)
  return createS3Storage(config.s3)
}
