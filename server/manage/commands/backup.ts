import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, type Config } from '#server/config.ts'
import { backupSocketPath, copyFromServer } from '#server/db/backup-socket.ts'
import { createDatabase } from '#server/db/client.ts'
import { copyDataDir } from '#server/db/online-backup.ts'
import { positionalOf, type Command } from '../command.ts'

/**
 * `backup <file>`: the embedded database and the stored files in one .tar.gz
 * (docs/decisions/026-backups.md and 049-backups-without-a-stall.md, docs/operations.md). While the
 * server runs, it puts the database in backup mode (its backup socket) and this command copies the
 * files; otherwise this command opens the data directory itself and copies it the same way.
 *
 * The archive holds `manifest.json`, `database.tar` (PGlite's data directory with its write-ahead
 * log and backup label; older archives: PGlite's dump, which restores the same way) and `files/`
 * (the local storage; with S3 the bucket keeps the files and is backed up on its own).
 */
export const MANIFEST = 'manifest.json'
export const DATABASE_TAR = 'database.tar'
export const FILES = 'files'

export type Manifest = { format: 1; createdAt: string; database: 'pglite'; files: 'local' | 's3' }

/** The backup's niceness (0 normal, 19 lowest): below the server's, so the site is served first. */
const BACKUP_NICENESS = 10

/** Refuses PostgreSQL, whose own tools make its backups. */
export function requireEmbedded(config: Config, command: string): void {
  if (config.DATABASE_URL) {
    throw new Error(
      `${command} covers the embedded database only. With DATABASE_URL (PostgreSQL), use pg_dump and pg_restore, ` +
        'and back up the files (the S3 bucket or $DATA_DIR/files) beside it: see docs/operations.md, "Backups and restore".',
    )
  }
}

async function copyDatabase(config: Config, into: string): Promise<'server' | 'directory'> {
  if (await copyFromServer(backupSocketPath(config.dataDir), config.pgliteDir, into)) return 'server'
  // No server running on this directory: open it here (the lock refuses a process that holds it
  // without answering on the socket, naming it) and copy it the same way.
  const database = await createDatabase({ pgliteDir: config.pgliteDir })
  try {
    const mode = database.backupMode!
    await mode.start()
    await copyDataDir(config.pgliteDir, into, () => mode.stop())
  } finally {
    await database.close()
  }
  return 'directory'
}

export const backup: Command = {
  name: 'backup',
  summary: 'Write the embedded database and the stored files to one .tar.gz (works while the server runs)',
  usage: '<file.tar.gz>',
  runsHere: true,
  async run(args, io) {
    const tar = await import('tar') // here, not at start: the server lists every command (ADR 031)
    const target = positionalOf(args, [])
    if (!target) throw new Error('name the archive to write: backup <file.tar.gz>')
    const config = loadConfig()
    requireEmbedded(config, 'backup')
    if (!fs.existsSync(path.join(config.pgliteDir, 'PG_VERSION')))
      throw new Error(`no embedded database in ${config.pgliteDir}`)
    // Background work: the site's own process goes first for the processor (the copy and its
    // compression would otherwise take a core the site's requests are waiting for).
    try {
      os.setPriority(BACKUP_NICENESS)
    } catch {
      // not permitted here: it runs at the caller's priority
    }
    const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-backup-'))
    const partial = `${path.resolve(target)}.partial`
    try {
      const source = await copyDatabase(config, path.join(stage, DATABASE_TAR))
      const manifest: Manifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        database: 'pglite',
        files: config.s3 ? 's3' : 'local',
      }
      fs.writeFileSync(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
      const entries = [MANIFEST, DATABASE_TAR]
      if (!config.s3 && fs.existsSync(config.filesDir)) {
        // The files directory is read in place (through a link the archive follows), not copied.
        fs.symlinkSync(config.filesDir, path.join(stage, FILES), 'dir')
        entries.push(FILES)
      }
      // After the database copy: every file the copy names was stored before it (files are written
      // whole under new keys), so the archive holds them all.
      await tar.create(
        { gzip: true, file: partial, cwd: stage, follow: true, portable: true, filter: (p) => !p.endsWith('.partial') },
        entries,
      )
      fs.renameSync(partial, target)
      const size = fs.statSync(target).size
      io.out(
        `backup written: ${target} (${(size / 1_048_576).toFixed(1)} MB; database copied ${source === 'server' ? 'from the running server' : 'from the data directory'}${config.s3 ? '; files are in the S3 bucket, not in the archive' : ''})`,
      )
    } finally {
      fs.rmSync(partial, { force: true })
      fs.rmSync(stage, { recursive: true, force: true })
    }
  },
}
