import { expect, type Page } from '@playwright/test'
import fs from 'node:fs'
import { totpAt } from '../helpers/totp.ts'
import { E2E_STAFF, E2E_STAFF_PASSWORD, type E2EStaffKey } from './console-accounts.ts'

/** The TOTP secret of an enrolled e2e staff account (scripts/e2e-console.ts wrote them). */
export function staffSecret(key: E2EStaffKey): string {
  const secrets = JSON.parse(fs.readFileSync(process.env.E2E_CONSOLE_ACCOUNTS_FILE!, 'utf8')) as Record<string, string>
  return secrets[key]!
}

/**
 * A current code for the account, `stepsAhead` 30-second steps from now (the server accepts the
 * step before and after the current one, each once): sign in with 0, step up with 1.
 */
export const staffCode = (key: E2EStaffKey, stepsAhead = 0) =>
  totpAt(staffSecret(key), Date.now() + stepsAhead * 30_000)

/** Signs the page in to the console as the account (password, then the current code); ends on the dashboard. */
export async function signInConsole(page: Page, key: E2EStaffKey, lang: 'ko' | 'en' = 'en'): Promise<void> {
  await page.goto(`/admin/login?lang=${lang}`)
  await page.locator('input[name="username"]').fill(E2E_STAFF[key].username)
  await page.locator('input[name="password"]').fill(E2E_STAFF_PASSWORD)
  await page
    .locator('form')
    .filter({ has: page.locator('input[name="password"]') })
    .locator('button[type="submit"]')
    .click()
  const code = page.locator('input[name="code"]')
  const dashboard = page.getByTestId('dashboard-account')
  // The server takes each 30-second step once per account (replay protection): a retried test
  // that signs in again within the step of its first try is refused, and waits for the next step.
  for (let attempt = 1; ; attempt++) {
    await code.fill(staffCode(key))
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/login')),
      code.press('Enter'),
    ])
    await expect(dashboard.or(page.locator('input[name="code"][aria-invalid="true"]'))).toBeVisible()
    if ((await dashboard.count()) > 0 || attempt === 3) break
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 250)
  }
  await expect(dashboard).toHaveText(E2E_STAFF[key].username)
}

/**
 * Ends the page's console session on the server while the page stays open: signed out in another
 * tab, then the page's cookie put back as it was (a token the server no longer knows, as an
 * expired session looks).
 */
export async function endSessionKeepingCookie(page: Page): Promise<void> {
  const cookies = await page.context().cookies()
  const other = await page.context().newPage()
  await other.goto('/admin?lang=en')
  await other.getByRole('button', { name: 'Sign out' }).click()
  await expect(other).toHaveURL(/\/admin\/login/)
  await other.close()
  await page.context().addCookies(cookies)
}
