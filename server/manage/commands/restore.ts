import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { LOCK_FILE, lockDataDir } from '#server/db/data-dir-lock.ts'
import { positionalOf, type Command } from '../command.ts'
import { DATABASE_TAR, FILES, MANIFEST, requireEmbedded, type Manifest } from './backup.ts'

/**
 * `restore <file> [--force]`: puts a `backup` archive back into $DATA_DIR, with the server stopped
 * (the data directory's lock refuses a running one). A directory that already holds a database is
 * replaced only with --force.
 */
export const restore: Command = {
  name: 'restore',
  summary: 'Put a backup archive back (server stopped); --force replaces an existing database and files',
  usage: '<file.tar.gz> [--force]',
  runsHere: true,
  async run(args, io) {
    const tar = await import('tar') // here, not at start: the server lists every command (ADR 031)
    const source = positionalOf(args, [])
    if (!source) throw new Error('name the archive to restore: restore <file.tar.gz> [--force]')
    if (!fs.existsSync(source)) throw new Error(`no such file: ${source}`)
    const config = loadConfig()
    requireEmbedded(config, 'restore')
    fs.mkdirSync(config.pgliteDir, { recursive: true })
    const lock = await lockDataDir(config.pgliteDir)
    // Beside the data, so the files move into place by rename.
    const stage = fs.mkdtempSync(path.join(config.dataDir, '.restore-'))
    try {
      await tar.extract({ file: source, cwd: stage, strict: true })
      const manifest = JSON.parse(fs.readFileSync(path.join(stage, MANIFEST), 'utf8')) as Manifest
      if (manifest.format !== 1 || manifest.database !== 'pglite' || !fs.existsSync(path.join(stage, DATABASE_TAR))) {
        throw new Error(`${source} is not a backup of this application`)
      }
      const existing = fs.readdirSync(config.pgliteDir).filter((name) => name !== LOCK_FILE)
      if (existing.length > 0) {
        if (!args.includes('--force'))
          throw new Error(
            `${config.pgliteDir} holds a database: add --force to replace it and the stored files (what they hold now is lost)`,
          )
        for (const name of existing) fs.rmSync(path.join(config.pgliteDir, name), { recursive: true, force: true })
      }
      // The files as they were copied; opening them replays the log from the label's checkpoint
      // (an archive of PGlite's own dump, from before ADR 049, holds a quiet copy and no label).
      await tar.extract({ file: path.join(stage, DATABASE_TAR), cwd: config.pgliteDir, strict: true })
      const database = await PGlite.create(config.pgliteDir, { extensions: { pg_trgm } })
      await database.query('select 1')
      await database.close()
      const files = path.join(stage, FILES)
      if (manifest.files === 'local' && !config.s3) {
        fs.rmSync(config.filesDir, { recursive: true, force: true })
        if (fs.existsSync(files)) fs.renameSync(files, config.filesDir)
        else fs.mkdirSync(config.filesDir, { recursive: true })
      }
      io.out(
        `restored from ${source} (backup of ${manifest.createdAt})${manifest.files === 's3' ? '; the files are in the S3 bucket' : ''}`,
      )
    } finally {
      fs.rmSync(stage, { recursive: true, force: true })
      // The dump carried the lock file of the process it was taken from: this one holds the lock.
      fs.rmSync(path.join(config.pgliteDir, LOCK_FILE), { force: true })
      lock.release()
    }
  },
}
