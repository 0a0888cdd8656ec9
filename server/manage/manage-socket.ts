import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type { Config } from '#server/config.ts'
import { listenOwnerOnly, type OwnerOnlySocket } from '#server/db/backup-socket.ts'
import type { Runtime } from '#server/runtime.ts'
import type { Command, CommandIO } from './command.ts'

/**
 * How `npm run manage` reaches a running server on the same embedded database
 * (docs/decisions/045-commands-on-a-running-server.md): the data directory belongs to one process,
 * so the server answers commands on a Unix socket beside it (`$DATA_DIR/manage.sock`, mode 0600:
 * only the user the server runs as). A command sends one line of JSON, `{command, args, cwd}`;
 * the server runs it with its own runtime and answers JSON lines, `{out}` (a line of output),
 * `{err}` (progress and messages) and last `{exit}`. Nothing listens on the network.
 */
export function manageSocketPath(dataDir: string): string {
  return path.join(dataDir, 'manage.sock')
}

type Request = { command: string; args: string[]; cwd: string }
type Answer = { out: string } | { err: string } | { exit: number }

/** The longest request line read (a command and its arguments). */
const REQUEST_MAX = 64 * 1024

function parseRequest(line: string): Request | null {
  try {
    const value = JSON.parse(line) as Partial<Request>
    if (
      typeof value.command === 'string' &&
      Array.isArray(value.args) &&
      value.args.every((a) => typeof a === 'string') &&
      typeof value.cwd === 'string' &&
      path.isAbsolute(value.cwd)
    )
      return value as Request
  } catch {
    // not a request
  }
  return null
}

export type ManageSocket = OwnerOnlySocket

export function serveManageSocket(
  socketPath: string,
  { runtime, config, commands }: { runtime: Runtime; config: Config; commands: readonly Command[] },
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<ManageSocket | null> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    let buffered = ''
    const send = (answer: Answer) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`)
    }
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const end = buffered.indexOf('\n')
      if (end < 0) {
        if (buffered.length > REQUEST_MAX) socket.destroy()
        return
      }
      socket.off('data', onData)
      const request = parseRequest(buffered.slice(0, end))
      const command = request && commands.find((c) => c.name === request.command && !c.runsHere)
      if (!request || !command) {
        send({ err: 'not a command this server runs' })
        send({ exit: 2 })
        socket.end()
        return
      }
      const io: CommandIO = {
        withRuntime: (work) => work(runtime, config),
        out: (line) => send({ out: line }),
        progress: { isTTY: false, write: (text) => send({ err: text.replace(/\n$/, '') }) },
        cwd: request.cwd,
        inServer: true,
      }
      log.info({ command: command.name }, 'manage command from the socket')
      command
        .run(request.args, io)
        .then(() => send({ exit: 0 }))
        .catch((error: unknown) => {
          send({ err: `${command.name} failed: ${error instanceof Error ? error.message : String(error)}` })
          send({ exit: 1 })
        })
        .finally(() => socket.end())
    }
    socket.on('data', onData)
  })
  // A path too long for a socket, a read-only directory: commands then need the server stopped.
  return listenOwnerOnly(server, socketPath, (error) => log.error({ err: error }, 'manage socket failed'))
}

/**
 * Sends a command to the server answering on `socketPath` and prints what it answers; the exit
 * code, or null when no server answers there (the command then runs in this process).
 */
export function sendToServer(
  socketPath: string,
  request: Request,
  print: { out(line: string): void; err(line: string): void } = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  },
): Promise<number | null> {
  return new Promise((resolve) => {
    if (!fs.existsSync(socketPath)) return resolve(null)
    const socket = net.connect(socketPath)
    let connected = false
    let exit: number | null = null
    let buffered = ''
    socket.on('connect', () => {
      connected = true
      socket.write(`${JSON.stringify(request)}\n`)
    })
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      let end: number
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 1)
        const answer = JSON.parse(line) as Answer
        if ('out' in answer) print.out(answer.out)
        else if ('err' in answer) print.err(answer.err)
        else exit = answer.exit
      }
    })
    // Refused or gone (a socket file left by a server that died): no server here.
    socket.on('error', () => resolve(connected ? 1 : null))
    socket.on('close', () => {
      if (!connected) return resolve(null)
      if (exit === null) print.err('the server closed the connection before the command finished')
      resolve(exit ?? 1)
    })
  })
}
