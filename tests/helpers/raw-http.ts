import net from 'node:net'

export type RawExchange = {
  /** Everything the server sent, as latin1 text. */
  text: string
  /** The status code of each response seen, in order. */
  statuses: number[]
  /** Whether the server closed the connection before `waitMs` ran out. */
  closed: boolean
  /** Milliseconds from connecting to the close (or to the last response awaited, or to the timeout). */
  ms: number
}

/**
 * One TCP connection to a listening app, as a browser or proxy would use it: `send` writes the raw
 * bytes (requests may follow one another on the connection), and the exchange ends when the
 * server closes the socket, when `responses` answers have arrived, or after `waitMs` (a hang).
 */
export function rawExchange(
  port: number,
  send: (socket: net.Socket) => void,
  { waitMs = 3000, responses = Infinity }: { waitMs?: number; responses?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    let done = false
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))
    const finish = (closed: boolean) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ text, statuses: statuses(), closed, ms: Date.now() - started })
    }
    const timer = setTimeout(() => finish(false), waitMs)
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      if (statuses().length >= responses) finish(false)
    })
    // A reset while the client is still writing a body the server refused is a close too.
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(true))
    socket.on('connect', () => send(socket))
  })
}
