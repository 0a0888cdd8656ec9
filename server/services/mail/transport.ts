import fs from 'node:fs'
import path from 'node:path'
import type { createTransport, Transporter } from 'nodemailer'
import type { Config } from '#server/config.ts'

export type MailMessage = { to: string; subject: string; html: string; text: string; lang: string }

/** Where a message went: an SMTP relay, or a file (no SMTP_URL configured). */
export type MailTransport = {
  kind: 'smtp' | 'file'
  /** Resolves when the relay accepted the message (or the file is written); rejects otherwise. */
  send(message: MailMessage): Promise<{ file?: string }>
  close(): void
}

type TransportOptions = Parameters<typeof createTransport>[0]

/**
 * Nodemailer's transporter, made at the first message: the library (about 650 KB of source, held
 * in the heap once loaded) is not loaded by a server that sends no mail.
 */
function lazyTransporter(options: TransportOptions) {
  let made: Promise<Transporter> | null = null
  return {
    get: () => (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void made?.then((transporter) => transporter.close()).catch(() => {}),
  }
}

/**
 * SMTP when SMTP_URL is set (short timeouts, so a dead relay fails fast and the outbox retries),
 * otherwise one `.eml` file per message in `outboxDir`.
 */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'outboxDir'>): MailTransport {
  const from = config.MAIL_FROM
  if (config.SMTP_URL) {
    const transporter = lazyTransporter({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
    return {
      kind: 'smtp',
      async send(message) {
        await (
          await transporter.get()
        ).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: { 'Content-Language': message.lang },
        })
        return {}
      },
      close: () => transporter.close(),
    }
  }
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' })
  let counter = 0
  return {
    kind: 'file',
    async send(message) {
      const info = await (
        await transporter.get()
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: { 'Content-Language': message.lang },
      })
      fs.mkdirSync(config.outboxDir, { recursive: true })
      const file = path.join(config.outboxDir, `${Date.now()}-${process.pid}-${++counter}.eml`)
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 })
      return { file }
    },
    close: () => transporter.close(),
  }
}
