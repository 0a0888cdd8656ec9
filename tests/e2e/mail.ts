import fs from 'node:fs'
import path from 'node:path'
import { parseMail, type ParsedMail } from '../helpers/mail-parse.ts'

/**
 * Waits until `count` e-mails to `to` carrying a link to `linkPath` have been received by the SMTP
 * server, and returns the newest.
 */
export async function readMail(
  to: string,
  linkPath: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<ParsedMail & { link: string }> {
  const dir = process.env.E2E_MAIL_DIR
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not run')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml') && !f.startsWith('.'))
      .sort()
    const matching = files
      .map((file) => parseMail(fs.readFileSync(path.join(dir, file), 'utf8')))
      .map((mail) => ({ ...mail, link: mail.links.find((l) => l.includes(linkPath)) ?? '' }))
      .filter((mail) => mail.to.includes(to) && mail.link)
    if (matching.length >= count) return matching[matching.length - 1]!
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${linkPath}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
