import { expect, test, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'

/**
 * The console's uploads in Chromium, as an editor (account `uploads`): on /admin/media an image is
 * chosen, its upload shows a progress bar that fills up (the upload is slowed down so the bar can
 * be seen moving), the field previews the stored image, the list shows it first with its
 * thumbnail, and the original loads from its preview link; a PDF named .png is refused with the
 * server's message. Axe in Korean and English (one test: the account's code works once per step).
 */
test.describe.configure({ timeout: 90_000 })

/** A photo-like PNG of about 2.3 MB (noise does not compress). */
async function photo(): Promise<Buffer> {
  const width = 1100
  const height = 700
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** Uploads leave the browser at about 1 MB/s, so a 2 MB file takes a couple of seconds. */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1_000_000,
  })
}

test('an editor uploads an image on /admin/media: progress, preview, the list, and the stored original', async ({
  page,
}) => {
  const png = await photo()
  await signInConsole(page, 'uploads', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '파일' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '파일' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const field = page.locator('.upload-field').filter({ has: page.getByLabel('이미지', { exact: true }) })
  const picker = field.getByLabel('이미지', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  await slowUploads(page)
  // Every value the bar takes, recorded in the page as it changes.
  await page.evaluate(() => {
    const seen: number[] = []
    ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('.upload-field progress')
      if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value)
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] })
  })
  await picker.setInputFiles({ name: '시험 사진.png', mimeType: 'image/png', buffer: png })

  const bar = field.getByRole('progressbar', { name: '업로드 진행률' })
  await expect(bar).toBeVisible()
  await expect(field.getByRole('button', { name: '업로드 취소' })).toBeVisible()
  await expect(field.getByRole('status')).toHaveText('업로드했습니다: 시험 사진.png', { timeout: 30_000 })
  await expect(bar).toHaveAttribute('value', '100')
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  expect(
    seen.some((v) => v > 0 && v < 100),
    `values seen: ${seen.join(', ')}`,
  ).toBe(true)
  expect(seen[seen.length - 1]).toBe(100)

  // The field now holds the stored key and previews it.
  const key = await field.locator('input[type="hidden"][name="image"]').inputValue()
  expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{20}\.png$/)
  const preview = field.getByRole('img', { name: '시험 사진.png 미리보기' })
  await expect(preview).toBeVisible()
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480)
  await expect(field.getByRole('button', { name: '파일 빼기: 시험 사진.png' })).toBeVisible()

  // The list shows it first, with its uploader, size and copies, and a thumbnail that loads.
  const row = page.locator('.media-table tbody tr').first()
  await expect(row).toContainText('시험 사진.png')
  await expect(row).toContainText('정업로드')
  await expect(row).toContainText('PNG · 1100×700')
  await expect(row).toContainText('반응형 사본 6개')
  await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const link = row.getByRole('link', { name: '열기: 시험 사진.png' })
  // The console's own address (ADR 039); a picture nothing names as a download is public under /media too.
  await expect(link).toHaveAttribute('href', `/admin/files/image/${key}`)
  const original = await page.request.get(`/media/${key}`)
  expect(original.status()).toBe(200)
  expect(original.headers()['content-type']).toBe('image/png')
  expect((await original.body()).equals(png)).toBe(true)
  await expectNoSeriousA11yViolations(page)

  // Removing it from the field empties the value; the stored file stays listed.
  await field.getByRole('button', { name: '파일 빼기: 시험 사진.png' }).click()
  await expect(field.locator('input[type="hidden"][name="image"]')).toHaveValue('')
  await expect(picker).toBeFocused()
  await expect(row).toContainText('시험 사진.png')

  // English; a PDF chosen as an image is refused with the server's message in the field.
  await page.goto('/admin/media?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible()
  await expect(page.locator('.media-table tbody tr').first()).toContainText('시험 사진.png')
  const imageField = page.locator('.upload-field').filter({ has: page.getByLabel('Image', { exact: true }) })
  const imagePicker = imageField.getByLabel('Image', { exact: true })
  await expect(imageField.getByText('JPEG, PNG, WebP, GIF or AVIF image, up to 10.0 MB')).toBeVisible()
  await expect(imagePicker).toBeEnabled()
  await imagePicker.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  })
  await expect(imageField.locator('.field__error')).toHaveText(
    'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded. The type is checked from the content, not the name.',
  )
  await expect(imagePicker).toHaveAttribute('aria-invalid', 'true')
  await expect(imageField.locator('input[type="hidden"]')).toHaveValue('')
  await expectNoSeriousA11yViolations(page)
})
