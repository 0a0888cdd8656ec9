import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '#server/config.ts'

/**
 * Where the console's key comes from (docs/decisions/046-console-key.md). CONSOLE_KEY wins; outside
 * production a fixed development key; in production on the embedded database, the key file
 * `$DATA_DIR/console.key`, made on first use; in production on PostgreSQL nothing (several nodes
 * must share one key: the operator sets CONSOLE_KEY on each), so the console stays off.
 *
 * The file holds one key a line in base64, the first the one that seals. Only while a rotation is
 * under way (`manage rotate-console-key`) does it hold the previous key on a second line, so that a
 * crash at any moment leaves a file that opens every secret.
 */
export const CONSOLE_KEY_FILE = 'console.key'

export function consoleKeyPath(dataDir: string): string {
  return path.join(dataDir, CONSOLE_KEY_FILE)
}

export type ConsoleKeyOrigin =
  | { kind: 'environment' }
  | { kind: 'development' }
  | { kind: 'file'; path: string; generated: boolean }
  /** Production on PostgreSQL (or an in-memory database) without CONSOLE_KEY: the console is off. */
  | { kind: 'missing' }

export type ConsoleKeyNotice = { level: 'info' | 'warn'; message: string }

const KEY_LINE = /^[A-Za-z0-9+/]{43}=$/

/** A key given as text (CONSOLE_KEY, a key file's line, `--key`): 32 bytes in base64, else null. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim()
  if (!KEY_LINE.test(trimmed)) return null
  const key = Buffer.from(trimmed, 'base64')
  return key.length === 32 ? key : null
}

/** The keys in a key file, the sealing key first; null when there is no file. */
export function readKeyFile(file: string): Buffer[] | null {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const keys = lines.map(parseKey)
  if (keys.length === 0 || keys.some((k) => k === null))
    throw new Error(`${file} is not a console key file (one key a line: 32 bytes in base64)`)
  return keys as Buffer[]
}

/**
 * Writes the key file whole and owner-only (mode 0600): a new file beside it, flushed to disk, then
 * put in place by one rename, or, with `exclusive`, by a hard link that fails when the file exists
 * (two processes starting at once cannot both make a key: the second reads the first's). Returns
 * false when `exclusive` found a file there already.
 */
export function writeKeyFile(file: string, keys: readonly Buffer[], options: { exclusive?: boolean } = {}): boolean {
  const dir = path.dirname(file)
  fs.mkdirSync(dir, { recursive: true })
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}`)
  const fd = fs.openSync(temporary, 'wx', 0o600)
  try {
    fs.writeSync(fd, keys.map((k) => `${k.toString('base64')}\n`).join(''))
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  try {
    if (options.exclusive) {
      try {
        fs.linkSync(temporary, file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
        throw error
      }
    } else {
      fs.renameSync(temporary, file)
    }
    syncDirectory(dir)
    return true
  } finally {
    fs.rmSync(temporary, { force: true })
  }
}

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r')
  try {
    fs.fsyncSync(fd)
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic.
  } finally {
    fs.closeSync(fd)
  }
}

/** Whether this configuration keeps its console key in `$DATA_DIR/console.key`. */
export function usesKeyFile(config: Pick<Config, 'CONSOLE_KEY' | 'isProduction' | 'DATABASE_URL' | 'pgliteDir'>) {
  return !config.CONSOLE_KEY && config.isProduction && !config.DATABASE_URL && !config.pgliteDir.startsWith('memory://')
}

/**
 * The configuration with its console key: `loadConfig` reads only the environment, this reads (or
 * makes, once) the key file where the configuration keeps its key there. Called by whatever opens
 * the console with a configuration: the server at start, and commands run in their own process.
 */
export function resolveConsoleKey(config: Config): {
  config: Config
  origin: ConsoleKeyOrigin
  notices: ConsoleKeyNotice[]
} {
  const file = consoleKeyPath(config.dataDir)
  const notices: ConsoleKeyNotice[] = []
  if (config.CONSOLE_KEY) {
    if (!config.DATABASE_URL && !config.pgliteDir.startsWith('memory://')) {
      const inFile = safeRead(file)
      if (inFile && !inFile[0]!.equals(config.consoleKey!))
        notices.push({
          level: 'warn',
          message: `CONSOLE_KEY is set and differs from the key in ${file}, which is ignored: staff secrets sealed under the file's key do not open (docs/operations.md, "The console key")`,
        })
    }
    return { config, origin: { kind: 'environment' }, notices }
  }
  if (!config.isProduction) return { config, origin: { kind: 'development' }, notices }
  if (!usesKeyFile(config)) {
    notices.push({
      level: 'warn',
      message: config.DATABASE_URL
        ? 'CONSOLE_KEY is not set: the console (/admin) is off. With DATABASE_URL every node needs the same key: set CONSOLE_KEY to 32 random bytes in base64 (openssl rand -base64 32) on each'
        : 'CONSOLE_KEY is not set: the console (/admin) is off; set it to 32 random bytes in base64 (openssl rand -base64 32)',
    })
    return { config, origin: { kind: 'missing' }, notices }
  }
  let keys = readKeyFile(file)
  let generated = false
  if (!keys) {
    const key = randomBytes(32)
    generated = writeKeyFile(file, [key], { exclusive: true })
    keys = generated ? [key] : readKeyFile(file)!
  }
  if (generated) {
    notices.push({
      level: 'warn',
      message: `console key generated in ${file} (owner-only): it encrypts the staff's TOTP secrets. Keep a copy with the data directory's backups (\`manage backup\` leaves it out); without it staff must enrol again (docs/operations.md, "The console key")`,
    })
  } else {
    notices.push({ level: 'info', message: `console key read from ${file}` })
    const mode = fs.statSync(file).mode & 0o777
    if (mode & 0o077)
      notices.push({
        level: 'warn',
        message: `${file} can be read by other users (mode 0${mode.toString(8)}): chmod 600 it`,
      })
    if (keys.length > 1)
      notices.push({
        level: 'warn',
        message: `a console key rotation did not finish (${file} still holds the previous key, which keeps opening the secrets): run \`npm run manage -- rotate-console-key\` again`,
      })
  }
  return {
    config: { ...config, consoleKey: keys[0]!, consolePreviousKeys: keys.slice(1) },
    origin: { kind: 'file', path: file, generated },
    notices,
  }
}

function safeRead(file: string): Buffer[] | null {
  try {
    return readKeyFile(file)
  } catch {
    return null
  }
}
