import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where file bytes live. Local directory by default; an S3-compatible implementation can
 * take its place behind the same interface. Keys come from the `files` table, never from a
 * request: `assertKey` still refuses anything that could leave the storage root.
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>
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
