import { SMTPServer } from 'smtp-server'
import { parseMail, type ParsedMail } from './mail-parse.ts'

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string }

export type TestSmtp = {
  port: number
  /** smtp:// URL for SMTP_URL. */
  url: string
  messages: ReceivedMail[]
  /** Resolves with the first message (received now or later) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/**
 * A local SMTP server that accepts everything (no TLS, no auth) and keeps the messages, for
 * the tests of the real mail path. `port` 0 picks a free port; a fixed port lets a test bring
 * the "relay" back where the app expects it.
 */
export async function startSmtpServer(
  options: { port?: number; onMessage?: (m: ReceivedMail) => void } = {},
): Promise<TestSmtp> {
  const messages: ReceivedMail[] = []
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mail: ReceivedMail = { ...parseMail(raw), raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) }
        messages.push(mail)
        options.onMessage?.(mail)
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(mail)
          }
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve }
        waiters.push(waiter)
        setTimeout(() => {
          const i = waiters.indexOf(waiter)
          if (i >= 0) {
            waiters.splice(i, 1)
            reject(new Error('no matching mail arrived in time'))
          }
        }, timeoutMs).unref()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
