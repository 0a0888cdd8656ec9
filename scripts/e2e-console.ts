// Prepares the console for the end-to-end run before the web server starts (playwright.config.ts
// chains `node --import tsx scripts/e2e-console.ts && node build/main.js`): migrations and the demo
// content through createRuntime, as the server would, then an administrator invited as
// `npm run manage -- create-admin` does; its one-time setup link is written to the file
// E2E_CONSOLE_LINK_FILE names, which tests/e2e/console.spec.ts reads. Closing the runtime
// releases the database before the server opens it.
import fs from 'node:fs'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'

const file = process.env.E2E_CONSOLE_LINK_FILE
if (!file) throw new Error('E2E_CONSOLE_LINK_FILE is not set')
const runtime = await createRuntime(loadConfig(process.env))
try {
  const result = await runtime.services.console.inviteStaff(
    { username: 'e2e.admin@example.com', name: '김관리', role: 'admin' },
    { actorId: null, ip: null, lang: 'ko', sendMail: false },
  )
  if (!result.ok) throw new Error(`e2e admin: ${result.reason}`)
  fs.writeFileSync(file, result.link)
  console.log('e2e console admin invited')
} finally {
  await runtime.close()
}
