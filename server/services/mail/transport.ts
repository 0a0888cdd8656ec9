import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '#server/config.ts'

export type MailMessage = { to: string; subject: string; html: string; text: string; lang: string }

/** Where a message went: an SMTP relay, or a file (no SMTP_URL configured). */
export type MailTransport = {
  kind: 'smtp' | 'file'
  /** Resolves when the relay accepted the message (or the file is written); rejects otherwise. */
  send(message: MailMessage): Promise<{ file?: string }>
  close(): void
}

/**
 * SMTP when SMTP_URL is set (short timeouts, so a dead relay fails fast and the outbox retries),
 * otherwise one `.eml` file per message in `outboxDir`.
 */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'outboxDir'>): MailTransport {
  const from = config.MAIL_FROM
  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
    return {
      kind: 'smtp',
      async send(message) {
        await transporter.sendMail({
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
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let counter = 0
  return {
    kind: 'file',
    async send(message) {
      const info = await transporter.sendMail({
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
