// Prepares the end-to-end run's data directory before the web server starts (playwright.config.ts
// runs `node --import tsx scripts/e2e-accounts.ts && node build/main.js`): migrations and the demo
// content through createRuntime, as the server would, then the verified members of
// tests/e2e/accounts.ts, made through the real sign-up service; the partner gets restricted-area
// access. Closing the runtime releases the database before the server opens it.
import { eq } from 'drizzle-orm'
import { loadConfig } from '#server/config.ts'
import { mailOutbox, users } from '#server/db/schema.ts'
import { createRuntime } from '#server/runtime.ts'
import { E2E_ACCOUNTS } from '#tests/e2e/accounts.ts'

const runtime = await createRuntime(loadConfig(process.env))
try {
  const { db } = runtime.database
  for (const { access, ...account } of Object.values(E2E_ACCOUNTS)) {
    // A documentation address: the browser tests' own sign-ups from 127.0.0.1 keep their whole limit.
    const result = await runtime.services.members.signUp(account, { ip: '192.0.2.1', lang: 'ko' })
    if (!result.ok) throw new Error(`e2e account ${account.username}: sign-up refused (${result.reason})`)
    await db
      .update(users)
      .set({ email_verified_at: new Date(), access_yn: access ? 'Y' : 'N' })
      .where(eq(users.username, account.username))
    // Verified here, so its verification mail is never needed (and would only wait for SMTP).
    await db.delete(mailOutbox).where(eq(mailOutbox.to, account.username))
  }
  console.log(
    `e2e accounts ready: ${Object.values(E2E_ACCOUNTS)
      .map((a) => a.username)
      .join(', ')}`,
  )
} finally {
  await runtime.close()
}
