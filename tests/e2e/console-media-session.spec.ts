import { expect, test } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { endSessionKeepingCookie, signInConsole, staffCode } from './console-session.ts'
import { E2E_STAFF_PASSWORD } from './console-accounts.ts'
import { hydrated } from './helpers.ts'

/**
 * The media file screen when the session ends mid-edit (account `mediaSession`): the editor types
 * the alternative text, the session is ended on the server while the page stays open (signed out
 * in another tab, the page keeping its now stale cookie, as an expired session looks), then saves:
 * the sign-in opens in place and the save goes through with the typing intact.
 */
test.describe.configure({ timeout: 90_000 })

test('a session that ends mid-edit on the media file screen: signing in again in place saves the typed alt text', async ({
  page,
}) => {
  const name = `세션 시험 ${randomBytes(3).toString('hex')}.png`
  await signInConsole(page, 'mediaSession', 'en')
  await page.goto('/admin/media?lang=en')
  const picker = page.getByLabel('Image', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer()
  await picker.setInputFiles({ name, mimeType: 'image/png', buffer: png })
  const field = page.locator('.upload-field').filter({ has: picker })
  await expect(field.getByRole('status')).toHaveText(`Uploaded: ${name}`, { timeout: 30_000 })
  const key = await field.locator('input[type="hidden"]').inputValue()

  await page.goto(`/admin/media/file?key=${encodeURIComponent(key)}&lang=en`)
  await expect(page.getByRole('heading', { level: 1, name: `Describe ${name}` })).toBeVisible()
  await hydrated(page)
  const korean = page.getByLabel('Alternative text (Korean)')
  const english = page.getByLabel('Alternative text (English)')
  await korean.fill('세션이 끝나도 남는 대체 텍스트')
  await english.fill('Alt text that outlives the session')

  // The session ends on the server while the page stays open.
  await endSessionKeepingCookie(page)

  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const signIn = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(signIn).toBeVisible()
  await expect(signIn.getByLabel(/^E-mail/)).toHaveValue('e2e.media-session@example.com')
  await expect(korean).toHaveValue('세션이 끝나도 남는 대체 텍스트')
  await expectNoSeriousA11yViolations(page)
  await signIn.getByLabel(/^Password/).fill(E2E_STAFF_PASSWORD)
  await signIn.getByLabel(/^Code/).fill(staffCode('mediaSession', 1))
  await signIn.getByRole('button', { name: 'Sign in and save' }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 })
  await expect(korean).toHaveValue('세션이 끝나도 남는 대체 텍스트')
  await expect(english).toHaveValue('Alt text that outlives the session')

  // Saved on the server: the screen read afresh shows both texts.
  await page.reload()
  await expect(korean).toHaveValue('세션이 끝나도 남는 대체 텍스트')
  await expect(english).toHaveValue('Alt text that outlives the session')
})
