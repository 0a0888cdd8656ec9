import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import { totpAt } from '../helpers/totp.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'

/**
 * The console in Chromium: the administrator's setup link (made by scripts/e2e-console.ts before
 * the server started) → password → authenticator (codes computed here from the secret the page
 * shows) → recovery codes → dashboard; staff and audit pages; sign-out; sign-in with password and
 * code; axe on every page in both languages; a tablet-width check.
 */
test.describe.configure({ timeout: 120_000 })

const PASSWORD = 'Console#2026e2e'
const EMAIL = 'e2e.admin@example.com'

async function axe(page: Page) {
  await expectNoSeriousA11yViolations(page)
}

test('setup link → password → TOTP → recovery codes → console; sign-out and sign-in with the second factor', async ({
  page,
}) => {
  const link = fs.readFileSync(process.env.E2E_CONSOLE_LINK_FILE!, 'utf8').trim()
  const path = new URL(link).pathname + new URL(link).search

  // Step 1, in Korean, then the same page in English.
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: '콘솔 계정 설정' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await axe(page)
  await page.goto(`${path}&lang=en`)
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible()
  await axe(page)
  await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD)
  await page.locator('input[name="password_confirm"]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Next' }).click()

  // Step 2: the QR code and the secret as text.
  const secretText = page.getByTestId('totp-secret')
  await expect(secretText).toBeVisible()
  await expect(page.locator('.console-qr svg')).toBeVisible()
  await axe(page)
  const secret = (await secretText.textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByRole('textbox', { name: /^Code/ }).fill(totpAt(secret, Date.now()))
  await page.getByRole('button', { name: 'Confirm' }).click()

  // Step 3: ten recovery codes, once.
  const codes = page.getByTestId('recovery-codes').locator('li')
  await expect(codes).toHaveCount(10)
  await axe(page)
  const firstCode = (await codes.first().textContent())!.trim()
  expect(firstCode).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/)
  await page.getByLabel('I have saved the recovery codes').check()
  await page.getByRole('button', { name: 'Go to the console' }).click()

  // The console, in English.
  await expect(page).toHaveURL(/\/admin(\?|$)/)
  await expect(page.getByTestId('dashboard-account')).toHaveText(EMAIL)
  await expect(page.getByTestId('dashboard-role')).toHaveText('Administrator')
  await expect(page.getByTestId('dashboard-remaining')).toContainText(/\d+ min/)
  await axe(page)
  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Staff' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  await expect(page.getByRole('table')).toContainText(EMAIL)
  await axe(page)
  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Audit trail' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible()
  await expect(page.getByRole('table')).toContainText('staff.enrol')
  await axe(page)

  // Korean, by the switch.
  await page.getByRole('link', { name: '한국어' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '감사 기록' })).toBeVisible()
  await axe(page)
  await page.goto('/admin')
  await expect(page.getByTestId('dashboard-role')).toHaveText('관리자')
  await axe(page)
  await page.goto('/admin/staff')
  await expect(page.getByRole('heading', { level: 1, name: '직원 관리' })).toBeVisible()
  await axe(page)

  // Tablet width: the navigation stays reachable, nothing spills sideways.
  await page.setViewportSize({ width: 768, height: 1024 })
  await expect(
    page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '감사 기록' }),
  ).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await page.setViewportSize({ width: 1440, height: 900 })

  // Sign-out ends the session: the console is a 404 again... after the sign-in page.
  await page.getByRole('button', { name: '로그아웃' }).click()
  await expect(page).toHaveURL(/\/admin\/login\?signed-out=1/)
  await expect(page.getByRole('status')).toHaveText('로그아웃했습니다.')
  await axe(page)
  expect((await page.request.get('/admin')).status()).toBe(404)

  // Sign-in: keyboard only, in English, password then a code (the next step's: the setup's code is used up).
  await page.goto('/admin/login?lang=en')
  await axe(page)
  await page.getByLabel('E-mail').focus()
  await page.keyboard.type(EMAIL)
  await page.keyboard.press('Tab')
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Verification code' })).toBeVisible()
  await page.getByRole('textbox', { name: /^Code/ }).fill('000000')
  await page.getByRole('textbox', { name: /^Code/ }).press('Enter')
  await expect(page.getByText('The code is incorrect.')).toBeVisible()
  await axe(page)
  await page.getByRole('textbox', { name: /^Code/ }).fill(totpAt(secret, Date.now() + 30_000))
  await page.getByRole('textbox', { name: /^Code/ }).press('Enter')
  await expect(page.getByTestId('dashboard-account')).toHaveText(EMAIL)

  // Korean sign-in page too.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.goto('/admin/login?lang=ko')
  await expect(page.getByRole('heading', { level: 1, name: '콘솔 로그인' })).toBeVisible()
  await axe(page)
})

test('anonymous visitors get the site 404 at /admin, without cache or indexing', async ({ page }) => {
  const response = await page.goto('/admin/staff')
  expect(response!.status()).toBe(404)
  expect(response!.headers()['cache-control']).toBe('private, no-store')
  expect(response!.headers()['x-robots-tag']).toMatch(/noindex/)
  await expect(page.getByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' })).toBeVisible()
  await expect(page.locator('header').first()).toBeVisible()
})
