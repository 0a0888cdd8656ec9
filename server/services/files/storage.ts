import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Where file bytes live. Local directory by default; an S3-compatible implementation can
 * take its place behind the same interface. Keys come from the `files` table, never from a
 * request: `assertKey` still refuses anything that could leave the storage root.
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>
  /**
   * Stores a stream under `key` and resolves with its size once every byte is written. When the
   * stream fails (a refused or broken upload), nothing is left under the key and the promise rejects.
   */
  putStream(key: string, data: Readable): Promise<number>
  /** The bytes as a stream with their size, or null when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>
  read(key: string): Promise<Buffer | null>
  remove(key: string): Promise<void>
  /** Removes every stored file (demo reset). */
  clear(): Promise<void>
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.length > 300) throw new Error(`invalid storage key: ${key}`)
}

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root)
  const locate = (key: string) => {
    assertKey(key)
    const full = path.resolve(base, key)
    if (!full.startsWith(base + path.sep)) throw new Error(`invalid storage key: ${key}`)
    return full
  }
  return {
    async put(key, data) {
      const full = locate(key)
      await fs.promises.mkdir(path.dirname(full), { recursive: true })
      await fs.promises.writeFile(full, data)
    },
    async putStream(key, data) {
      const full = locate(key)
      await fs.promises.mkdir(path.dirname(full), { recursive: true })
      // Written beside the target and renamed when complete: a reader never sees half a file.
      const partial = `${full}.${randomBytes(6).toString('hex')}.partial`
      const out = fs.createWriteStream(partial, { flags: 'wx' })
      try {
        await pipeline(data, out)
        await fs.promises.rename(partial, full)
      } catch (error) {
        await fs.promises.rm(partial, { force: true })
        throw error
      }
      return out.bytesWritten
    },
    async open(key) {
      const full = locate(key)
      try {
        const stat = await fs.promises.stat(full)
        if (!stat.isFile()) return null
        return { stream: fs.createReadStream(full), size: stat.size }
      } catch {
        return null
      }
    },
    async read(key) {
      try {
        return await fs.promises.readFile(locate(key))
      } catch {
        return null
      }
    },
    async remove(key) {
      await fs.promises.rm(locate(key), { force: true })
    },
    async clear() {
      await fs.promises.rm(base, { recursive: true, force: true })
      await fs.promises.mkdir(base, { recursive: true })
    },
  }
}
