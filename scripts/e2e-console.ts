// Prepares the console for the end-to-end run before the web server starts (playwright.config.ts
// chains `node --import tsx scripts/e2e-console.ts && node build/main.js`): migrations and the demo
// content through createRuntime, as the server would, then
// - an administrator invited as `npm run manage -- create-admin` does; its one-time setup link is
//   written to the file E2E_CONSOLE_LINK_FILE names (tests/e2e/console.spec.ts follows it);
// - the enrolled staff of tests/e2e/console-accounts.ts, their TOTP secrets written as JSON to the
//   file E2E_CONSOLE_ACCOUNTS_FILE names (tests/e2e/console-session.ts signs in with them).
// Closing the runtime releases the database before the server opens it.
import fs from 'node:fs'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import { E2E_STAFF, E2E_STAFF_PASSWORD } from '#tests/e2e/console-accounts.ts'
import { enrolStaff } from '#tests/helpers/staff.ts'

const linkFile = process.env.E2E_CONSOLE_LINK_FILE
const accountsFile = process.env.E2E_CONSOLE_ACCOUNTS_FILE
if (!linkFile || !accountsFile) throw new Error('E2E_CONSOLE_LINK_FILE and E2E_CONSOLE_ACCOUNTS_FILE must be set')
const runtime = await createRuntime(loadConfig(process.env))
try {
  const result = await runtime.services.console.inviteStaff(
    { username: 'e2e.admin@example.com', name: '김관리', role: 'admin' },
    { actorId: null, ip: null, lang: 'ko', sendMail: false },
  )
  if (!result.ok) throw new Error(`e2e admin: ${result.reason}`)
  fs.writeFileSync(linkFile, result.link)
  const secrets: Record<string, string> = {}
  // Each from its own documentation address (RFC 5737): one address may confirm 30 codes per 15 minutes.
  for (const [i, [key, account]] of Object.entries(E2E_STAFF).entries()) {
    const ip = `198.51.100.${(i % 250) + 1}`
    secrets[key] = (
      await enrolStaff(runtime.services, { ...account, password: E2E_STAFF_PASSWORD }, Date.now(), ip)
    ).secret
  }
  fs.writeFileSync(accountsFile, JSON.stringify(secrets))
  console.log(`e2e console: admin invited, ${Object.keys(secrets).length} staff enrolled`)
} finally {
  await runtime.close()
}
