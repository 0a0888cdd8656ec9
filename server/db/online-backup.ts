import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type * as TarModule from 'tar'
import { LOCK_FILE } from './data-dir-lock.ts'

/**
 * PostgreSQL's low-level base backup, applied to PGlite's data directory (docs/decisions/049-backups-without-a-stall.md):
 * `pg_backup_start` (a checkpoint), the directory's files copied as they are while the database
 * keeps working, `pg_backup_stop`, then the write-ahead log and `backup_label`. Opening the copy
 * replays the log from the checkpoint the label names, so pages copied mid-write are made whole.
 * The copy reads the files with Node's asynchronous I/O, so the database and the event loop are
 * held only for the checkpoint and the two calls, not for the copy.
 */
export type BackupMode = {
  /** `pg_backup_start` with an immediate checkpoint. */
  start(): Promise<void>
  /** `pg_backup_stop`: the `backup_label` text the copy must carry. */
  stop(): Promise<string>
}

/** What a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup Using the Low Level API"), and PGlite's lock. */
const LEFT_OUT = new RegExp(
  '^(pg_wal/.+|postmaster\\.(pid|opts)|backup_label(\\.old)?|tablespace_map|global/pg_control|' +
    '(pg_replslot|pg_dynshmem|pg_notify|pg_serial|pg_snapshots|pg_stat_tmp|pg_subtrans)/.+|' +
    `${LOCK_FILE.replace(/\./g, '\\.')})$`,
)

const relative = (p: string) => p.replace(/^\.\//, '')

/** The log segment the recovery starts from, as the label names it. */
function startSegment(label: string): string {
  const segment = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1]
  if (!segment) throw new Error('the database gave a backup label without its start segment')
  return segment
}

/**
 * The files as they are. A file removed or cut shorter while it is read (a table dropped or
 * truncated meanwhile) fails the tar: the copy starts over, still in backup mode, a few times.
 */
async function copyFiles(tar: typeof TarModule, pgliteDir: string, into: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await tar.create({ file: into, cwd: pgliteDir, portable: true, filter: (p) => !LEFT_OUT.test(relative(p)) }, [
        '.',
      ])
      return
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (attempt >= 3 || (code !== 'ENOENT' && !/unexpected EOF/i.test(String(error)))) throw error
    }
  }
}

/**
 * Writes a tar of `pgliteDir` (entries relative to it) to `into`, with the database in backup mode
 * (already started by the caller); `stop` ends that mode. The control file is copied last, after the
 * log, as pg_basebackup does.
 */
export async function copyDataDir(pgliteDir: string, into: string, stop: () => Promise<string>): Promise<void> {
  const tar = await import('tar') // on first use: a node that never backs up never loads it (ADR 031)
  let stopped = false
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-label-'))
  try {
    await copyFiles(tar, pgliteDir, into)
    stopped = true
    const label = await stop()
    const segment = startSegment(label)
    if (!fs.existsSync(path.join(pgliteDir, 'pg_wal', segment)))
      throw new Error(
        `the write-ahead log the copy needs (${segment}) was recycled during the backup (very many writes): run it again`,
      )
    fs.writeFileSync(path.join(stage, 'backup_label'), label)
    await tar.replace({ file: into, cwd: pgliteDir, portable: true }, ['pg_wal', 'global/pg_control'])
    await tar.replace({ file: into, cwd: stage, portable: true }, ['backup_label'])
  } finally {
    // A copy that failed leaves backup mode too (a second backup could not start otherwise).
    if (!stopped) await stop().catch(() => {})
    fs.rmSync(stage, { recursive: true, force: true })
  }
}
