import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

/**
 * How `npm run manage -- backup` takes a consistent copy of an embedded database that a running
 * server holds (docs/decisions/026-backups.md). The data directory is locked to its server, so the
 * server answers on a Unix socket beside it (`$DATA_DIR/backup.sock`, mode 0600: only the user the
 * server runs as can connect): each connection receives one PGlite data-directory dump (a tar,
 * taken between two queries after a CHECKPOINT) and is closed. The socket takes no input and
 * exposes nothing over the network. The dump is preceded by its length (8 bytes, big-endian), so a
 * copy cut short is told from a whole one.
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
  dump: () => Promise<Blob>,
  onError: (error: unknown) => void,
): Promise<BackupSocket | null> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    dump()
      .then(async (blob) => {
        const length = Buffer.alloc(8)
        length.writeBigUInt64BE(BigInt(blob.size))
        socket.write(length)
        // PGlite builds the dump whole in memory: it goes to the socket as one buffer.
        socket.end(Buffer.from(await blob.arrayBuffer()))
      })
      .catch((error: unknown) => {
        onError(error)
        socket.destroy()
      })
  })
  // A path too long for a socket, a read-only directory: backups then need the server stopped.
  return listenOwnerOnly(server, socketPath, onError)
}

/**
 * Writes the dump of the server running on this data directory to `into`: false when no server
 * answers there (no socket file, or a stale one); throws when the copy is cut short.
 */
export function fetchDumpFromServer(socketPath: string, into: string): Promise<boolean> {
  if (!fs.existsSync(socketPath)) return Promise.resolve(false)
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath)
    let connected = false
    let header = Buffer.alloc(0)
    let expected = -1
    let received = 0
    const out = fs.createWriteStream(into)
    socket.once('connect', () => (connected = true))
    socket.on('data', (chunk: Buffer) => {
      if (expected < 0) {
        header = Buffer.concat([header, chunk])
        if (header.length < 8) return
        expected = Number(header.readBigUInt64BE(0))
        chunk = header.subarray(8)
      }
      received += chunk.length
      if (!out.write(chunk)) {
        socket.pause()
        out.once('drain', () => socket.resume())
      }
    })
    socket.once('end', () => {
      out.end(() => {
        if (expected >= 0 && received === expected) resolve(true)
        else
          reject(
            new Error(
              `the server's database copy was cut short (${received} of ${expected < 0 ? '?' : expected} bytes)`,
            ),
          )
      })
    })
    socket.once('error', (error) => {
      out.destroy()
      if (connected) reject(error)
      else resolve(false)
    })
  })
}
