import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'

/**
 * A home banner made in the console with its four images uploaded in the form (desktop and
 * mobile, Korean and English): published, a visitor's home page shows it with the uploaded images.
 */
test.describe.configure({ timeout: 120_000 })

const picture = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()

test('a banner with uploaded images, published, is on the home page at once', async ({ page, browser }) => {
  const visitor = await browser.newPage()
  await visitor.goto('/?lang=en') // the page cache now holds the home page
  await signInConsole(page, 'banners', 'en')
  await page.goto('/admin/content/banners/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Home banners: new entry' })).toBeVisible()
  await page.getByLabel('Title (Korean)').fill('스마트 액추에이터 신제품')
  await page.getByLabel('Title (English)').fill('New smart actuator')
  const images = [
    ['Desktop image (Korean)', 1600, 600, '#0b2a4a'],
    ['Desktop image (English)', 1600, 600, '#1b4a7a'],
    ['Mobile image (Korean)', 720, 900, '#2b5a8a'],
    ['Mobile image (English)', 720, 900, '#3b6a9a'],
  ] as const
  const keys: string[] = []
  for (const [label, width, height, color] of images) {
    const field = page.locator('.upload-field').filter({ has: page.getByLabel(label) })
    const picker = field.getByLabel(label)
    await expect(picker).toBeEnabled()
    await picker.setInputFiles({
      name: `${label}.png`,
      mimeType: 'image/png',
      buffer: await picture(width, height, color),
    })
    await expect(field.getByRole('status')).toHaveText(`Uploaded: ${label}.png`, { timeout: 30_000 })
    keys.push(await field.locator('input[type="hidden"]').inputValue())
  }
  expect(keys.every((k) => /^uploads\//.test(k))).toBe(true)
  await expectNoSeriousA11yViolations(page)
  // Publishing needs each uploaded image's alternative text (docs/decisions/061-media-alt-rules.md): written
  // on each file's screen in a second tab, the banner form keeping what was typed.
  const describer = await page.context().newPage()
  for (const [i, key] of keys.entries()) {
    await describer.goto(`/admin/media/file?key=${encodeURIComponent(key)}&lang=en`)
    await describer.getByLabel('Alternative text (Korean)').fill(`신제품 배너 ${i + 1}`)
    await describer.getByLabel('Alternative text (English)').fill(`New product banner ${i + 1}`)
    await describer.getByRole('button', { name: 'Save' }).click()
    await expect(describer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 })
  }
  await describer.close()
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible()

  await visitor.goto('/?lang=en')
  const html = await visitor.content()
  expect(html).toContain('New smart actuator')
  expect(html).toContain(`/media/${keys[1]}`)
  const banner = visitor.locator(`img[src="/media/${keys[1]}"], source[srcset*="${keys[1]}"]`).first()
  await expect(banner).toBeAttached()
  expect((await visitor.request.get(`/media/${keys[1]}`)).status()).toBe(200)
  await visitor.close()
})
