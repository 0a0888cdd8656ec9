import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { copyDataDir, type BackupMode } from './online-backup.ts'

/**
 * How `npm run manage -- backup` copies an embedded database that a running server holds
 * (docs/decisions/049-backups-without-a-stall.md, which supersedes the dump of 026). The data
 * directory is locked to its server, so the server answers on a Unix socket beside it
 * (`$DATA_DIR/backup.sock`, mode 0600: only the user the server runs as can connect). A connection
 * puts the database in backup mode (the server writes `started`), the command copies the data
 * directory's files itself, in its own process, and writes `stop`; the server ends backup mode and
 * answers the label the copy carries (one JSON line), or `error …`. A connection that closes
 * before `stop` ends backup mode too. Nothing else is read, nothing is exposed over the network.
 */
/** Where a running server with an embedded database in `dataDir` answers `manage backup`. */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock')
}

export type BackupSocket = OwnerOnlySocket

/** What a socket beside the data directory gives back: a way to stop listening (and remove the file). */
export type OwnerOnlySocket = { close(): Promise<void> }

/**
 * Listens on `socketPath` with mode 0600 (only the user the server runs as may connect); null when
 * it cannot (told to `onError`). A file left by a crashed server is removed first: the caller holds
 * the data directory's lock.
 */
export function listenOwnerOnly(
  server: net.Server,
  socketPath: string,
  onError: (error: unknown) => void,
): Promise<OwnerOnlySocket | null> {
  fs.rmSync(socketPath, { force: true })
  return new Promise((resolve) => {
    server.once('error', (error) => {
      onError(error)
      resolve(null)
    })
    server.listen(socketPath, () => {
      fs.chmodSync(socketPath, 0o600)
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            fs.rmSync(socketPath, { force: true })
          }),
      })
    })
  })
}

export function serveBackupSocket(
  socketPath: string,
  mode: BackupMode,
  onError: (error: unknown) => void,
): Promise<BackupSocket | null> {
  // One backup at a time: PostgreSQL has one backup mode per session, and PGlite is one session.
  let busy = false
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    if (busy) {
      socket.end('error another backup is running: try again when it has finished\n')
      return
    }
    busy = true
    let stopping: Promise<string> | null = null
    const stop = () => (stopping ??= mode.stop())
    const finish = () =>
      void stop()
        .catch(onError)
        .finally(() => (busy = false))
    mode
      .start()
      .then(() => {
        if (socket.destroyed) return finish()
        socket.write('started\n')
        socket.once('close', finish)
        readLine(socket).then(
          (line) => {
            if (line !== 'stop') return socket.destroy()
            stop().then(
              (label) => socket.end(`${JSON.stringify({ label })}\n`),
              (error: unknown) => {
                onError(error)
                socket.end('error the database could not end backup mode\n')
              },
            )
          },
          () => socket.destroy(),
        )
      })
      .catch((error: unknown) => {
        busy = false
        onError(error)
        socket.end('error the database could not start a backup\n')
      })
  })
  // A path too long for a socket, a read-only directory: backups then need the server stopped.
  return listenOwnerOnly(server, socketPath, onError)
}

/** The next line the peer writes (without its newline); rejects when it closes first. */
function readLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const end = text.indexOf('\n')
      if (end < 0) return
      socket.off('data', onData)
      socket.off('close', onClose)
      resolve(text.slice(0, end))
    }
    const onClose = () => reject(new Error('the connection closed'))
    socket.on('data', onData)
    socket.once('close', onClose)
  })
}

/**
 * Copies the data directory `pgliteDir` of the server running on it into the tar `into`, the
 * database in backup mode meanwhile: false when no server answers there (no socket file, or a stale
 * one); throws when the server refuses or the copy fails.
 */
export async function copyFromServer(socketPath: string, pgliteDir: string, into: string): Promise<boolean> {
  if (!fs.existsSync(socketPath)) return false
  const socket = net.connect(socketPath)
  socket.on('error', () => {})
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true))
    socket.once('error', () => resolve(false))
  })
  if (!connected) return false
  try {
    const first = await readLine(socket).catch(() => 'error the server closed the connection')
    if (first !== 'started') throw new Error(`the server did not start a backup: ${first.replace(/^error /, '')}`)
    await copyDataDir(pgliteDir, into, async () => {
      socket.write('stop\n')
      const answer = await readLine(socket).catch(() => 'error the server closed the connection')
      if (answer.startsWith('error ')) throw new Error(`the server could not end the backup: ${answer.slice(6)}`)
      return (JSON.parse(answer) as { label: string }).label
    })
    return true
  } finally {
    socket.destroy()
  }
}
