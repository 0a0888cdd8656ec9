import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSmtpServer } from '../helpers/smtp.ts'

/**
 * A local SMTP server for the end-to-end run, on the port the web server's SMTP_URL names
 * (playwright.config.ts fixes it: the web server starts before this setup). Every received
 * message is written as an .eml file into a temporary directory whose path the tests read from
 * E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-e2e-mail-'))
  process.env.E2E_MAIL_DIR = dir
  let count = 0
  const smtp = await startSmtpServer({
    port: Number(process.env.E2E_SMTP_PORT),
    onMessage(mail) {
      const name = `${Date.now()}-${String(++count).padStart(4, '0')}.eml`
      // Written under a temporary name and renamed, so a reader never sees half a message.
      fs.writeFileSync(path.join(dir, `.${name}`), mail.raw)
      fs.renameSync(path.join(dir, `.${name}`), path.join(dir, name))
    },
  })
  return async () => {
    await smtp.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
