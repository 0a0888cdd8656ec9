import type { Config } from '#server/config.ts'
import { createLocalStorage, type Storage } from './storage.ts'

/** The configured storage: the S3 bucket when S3_BUCKET is set, else the local directory. */
export async function storageFor(config: Pick<Config, 's3' | 'filesDir'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(config.filesDir)
  // Loaded only when used: the SDK is large.
  const { createS3Storage } = await import('./s3-storage.ts')
  return createS3Storage(config.s3)
}
