import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * One process at a time in a PGlite data directory: two processes writing the same files corrupt
 * the database. The holder writes `<dir>/.lock` (PostgreSQL and PGlite ignore a dot-file at the
 * top of the data directory) with `wx`, so creating it is atomic; it holds the pid, host and
 * command line, and is removed when the database closes (and, best effort, when the process exits).
 * A lock whose process is gone (a crash, `kill -9`) is taken over.
 */

export const LOCK_FILE = '.lock'

/** What the lock file holds. */
export type LockHolder = { pid: number; host: string; command: string; since: string; token: string }

/** The directory is open in another live process. */
export class DataDirLockedError extends Error {
  readonly holder: LockHolder
  constructor(message: string, holder: LockHolder) {
    super(message)
    this.name = 'DataDirLockedError'
    this.holder = holder
  }
}

export type DataDirLock = {
  /** Removes the lock file, when it is still ours. Idempotent. */
  release(): void
}

/**
 * Directories this process holds: a second open in the same process is refused too. Kept on
 * `globalThis`, so two copies of this module (a bundle and a test loader) share it.
 */
const heldHere: Set<string> = ((globalThis as { [key: symbol]: Set<string> | undefined })[
  Symbol.for('actuator.pglite-dir-locks')
] ??= new Set())

/** `node build/main.js`, `node server/manage/index.ts reindex`: the process, for the error message. */
export function commandSummary(argv: readonly string[] = process.argv): string {
  const [exe = 'node', script, ...rest] = argv
  const shown = (arg: string) => {
    if (!path.isAbsolute(arg)) return arg
    const relative = path.relative(process.cwd(), arg)
    return relative && !relative.startsWith('..') ? relative : arg
  }
  const words = [path.basename(exe), ...(script ? [shown(script)] : []), ...rest]
  const text = words.join(' ')
  return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The holder a lock file names; null when it names none (empty, half-written or garbage). */
function parseHolder(raw: string): LockHolder | null {
  try {
    const parsed = JSON.parse(raw) as Partial<LockHolder>
    if (!Number.isSafeInteger(parsed.pid) || (parsed.pid as number) <= 0) return null
    return {
      pid: parsed.pid as number,
      host: typeof parsed.host === 'string' ? parsed.host : os.hostname(),
      command: typeof parsed.command === 'string' ? parsed.command : '?',
      since: typeof parsed.since === 'string' ? parsed.since : '?',
      token: typeof parsed.token === 'string' ? parsed.token : '',
    }
  } catch {
    return null
  }
}

/** The lock file's text, or null when there is none. */
function readLock(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

function lockedMessage(dir: string, holder: LockHolder): string {
  const who = `pid ${holder.pid}: ${holder.command}`
  if (holder.host !== os.hostname()) {
    return (
      `The embedded database in ${dir} is open on host ${holder.host} (${who}), which this machine cannot check. ` +
      `Stop that process first; if it is no longer running, delete ${path.join(dir, LOCK_FILE)}. ` +
      'Or set DATABASE_URL to use PostgreSQL, where management commands work while the server runs.'
    )
  }
  const where = holder.pid === process.pid ? 'this process' : 'another process'
  return (
    `The embedded database in ${dir} is open in ${where} (${who}). ` +
    'Stop the server first, or set DATABASE_URL to use PostgreSQL, where management commands work while the server runs.'
  )
}

/**
 * Takes the exclusive lock of a PGlite directory (which must exist), or throws
 * `DataDirLockedError` naming the holder.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const resolved = path.resolve(dir)
  const file = path.join(resolved, LOCK_FILE)
  const mine: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command: commandSummary(),
    since: new Date().toISOString(),
    token: randomUUID(),
  }
  if (heldHere.has(resolved)) throw new DataDirLockedError(lockedMessage(resolved, mine), mine)

  for (let attempt = 0; ; attempt++) {
    let fd: number
    try {
      fd = fs.openSync(file, 'wx', 0o644)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 20) throw error
      const raw = readLock(file)
      if (raw === null) continue // removed meanwhile: try again
      const holder = parseHolder(raw)
      if (!holder && attempt < 10) {
        // Another process may be between creating the file and writing it: give it a moment.
        await new Promise((resolve) => setTimeout(resolve, 50))
        continue
      }
      // Our own pid in the file is a previous process that had it (a restarted container is pid 1
      // again): this process holds no lock on the directory.
      const stale = !holder || (holder.host === os.hostname() && (holder.pid === process.pid || !isAlive(holder.pid)))
      if (holder && !stale) throw new DataDirLockedError(lockedMessage(resolved, holder), holder)
      // Remove the stale file only if it is still the one judged stale (another process may have
      // taken it over meanwhile), then race for it again with `wx`.
      try {
        if (readLock(file) === raw) fs.unlinkSync(file)
      } catch {
        // gone already
      }
      continue
    }
    try {
      fs.writeSync(fd, `${JSON.stringify(mine)}\n`)
    } finally {
      fs.closeSync(fd)
    }
    break
  }

  heldHere.add(resolved)
  let released = false
  const release = () => {
    if (released) return
    released = true
    heldHere.delete(resolved)
    process.off('exit', release)
    try {
      if (parseHolder(readLock(file) ?? '')?.token === mine.token) fs.unlinkSync(file)
    } catch {
      // gone already, or the directory with it
    }
  }
  process.on('exit', release)
  return { release }
}
