import { expect, test } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expectCleanAtConsoleWidths, expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { koreaLocal } from '../helpers/korea-local.ts'

/**
 * The media library in Chromium, as an editor (account `media`): an image uploaded on /admin/media
 * is found in the list by its name and opened from there, described in Korean and English, its focal point
 * moved with the arrow keys and by a click, and saved; the 1920-pixel variant the public pages use is
 * then cut from the chosen side (read back pixel by pixel). A refused save keeps what was typed and
 * speaks English in the English console. Axe-clean at 1366 and 768 px in both languages. A banner's
 * image field then reuses the stored image from the library's picker.
 */
test.describe.configure({ timeout: 90_000 })

/** 3000×1000: the left half red, the right half blue (wider than any public frame, so its variants are cut). */
async function halves(): Promise<Buffer> {
  const width = 3000
  const height = 1000
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < width * height; i++) raw[i * 3 + (i % width < width / 2 ? 0 : 2)] = 255
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The share of red along the middle row of an image (0.3 when cut around the right edge of `halves`). */
async function redShare(data: Buffer): Promise<number> {
  const { data: px, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true })
  const row = Math.floor(info.height / 2) * info.width
  let red = 0
  for (let x = 0; x < info.width; x++) if (px[(row + x) * info.channels]! > px[(row + x) * info.channels + 2]!) red++
  return red / info.width
}

test('an editor describes an uploaded image and moves its focal point; the variants follow', async ({ page }) => {
  const name = `초점 시험 ${randomBytes(3).toString('hex')}.png`
  await signInConsole(page, 'media', 'ko')
  await page.goto('/admin/media')
  const picker = page.getByLabel('이미지', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  await picker.setInputFiles({ name, mimeType: 'image/png', buffer: await halves() })
  const field = page.locator('.upload-field').filter({ has: picker })
  await expect(field.getByRole('status')).toHaveText(`업로드했습니다: ${name}`, {
    timeout: 30_000,
  })

  // The list finds it by a word of its original name; the name opens its description.
  await page.getByLabel('이름으로 찾기').fill(name.slice(-10))
  await page.getByRole('button', { name: '찾기', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '파일 1개' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)
  await page.getByRole('table').getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `${name} 설명 고치기` })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  await page.getByLabel('대체 텍스트 (한국어)').fill('빨강과 파랑으로 나뉜 시험 이미지')
  await page.getByLabel('대체 텍스트 (영어)').fill('A test image, half red and half blue')
  // Keyboard: Shift+Right moves the point 10 % at a time, up to the right edge.
  const image = page.getByRole('button', { name: /초점 고르기/ })
  await image.focus()
  for (let i = 0; i < 6; i++) await image.press('Shift+ArrowRight')
  await expect(page.getByLabel('가로 위치 (%)')).toHaveValue('100')
  await expect(image).toHaveAccessibleName('초점 고르기: 가로 100%, 세로 50%. 화살표 키로 옮깁니다.')
  // Pointer: a click near the top sets both coordinates; the keyboard then brings it back to the middle row.
  const box = (await image.boundingBox())!
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.1)
  await expect.poll(async () => Number(await page.getByLabel('가로 위치 (%)').inputValue())).toBeGreaterThan(85)
  await page.getByLabel('세로 위치 (%)').fill('50')
  await page.getByLabel('가로 위치 (%)').fill('100')
  await page.getByRole('button', { name: '저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible({ timeout: 30_000 })

  // The public page's variant is now cut from the right (blue) side.
  const key = new URL(page.url()).searchParams.get('key')!
  const variant = await page.request.get(`/media/${key.replace(/\.png$/, '-1920w.webp')}`)
  expect(variant.status()).toBe(200)
  expect(await redShare(await variant.body())).toBeCloseTo(0.3, 1)

  // In English: the same description, a refused focal point explained, the typed text kept.
  await page.goto(`/admin/media/file?key=${encodeURIComponent(key)}&lang=en`)
  await expect(page.getByRole('heading', { level: 1, name: `Describe ${name}` })).toBeVisible()
  await expect(page.getByLabel('Alternative text (English)')).toHaveValue('A test image, half red and half blue')
  await expectCleanAtConsoleWidths(page)
  await page.getByLabel('Alternative text (English)').fill('Red and blue halves')
  await page.getByLabel('Across (%)').fill('150')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Please enter a number from 0 to 100.')).toBeVisible()
  await expect(page.getByLabel('Alternative text (English)')).toHaveValue('Red and blue halves')
  await expect(page.getByLabel('Across (%)')).toHaveAttribute('aria-invalid', 'true')
  await expectCleanAtConsoleWidths(page)

  // Reuse: a banner's image field takes the stored image from the library instead of a new upload.
  await page.goto('/admin/content/banners/new?lang=en')
  const slot = page.locator('.upload-field').filter({ hasText: 'Desktop image' }).first()
  await slot.getByRole('button', { name: 'Choose from the library' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose a stored image' })
  await dialog.getByLabel('File name').fill(name.slice(-10))
  await dialog.getByRole('button', { name: 'Find', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('1 files')
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: `Choose ${name}` }).click()
  await expect(dialog).toHaveCount(0)
  await expect(slot.getByRole('status')).toHaveText(`Chose ${name}.`)
  await expect(slot.getByRole('link', { name })).toBeVisible()
  await expect(slot.locator('input[type="hidden"]')).toHaveValue(key)
})

test('two editors describe one image: the later save shows the conflict and keeps its typing', async ({ browser }) => {
  const name = `충돌 시험 ${randomBytes(3).toString('hex')}.png`
  const [first, second] = await Promise.all([browser.newPage(), browser.newPage()])
  await signInConsole(first, 'mediaFirst', 'ko')
  await signInConsole(second, 'mediaSecond', 'en')
  await first.goto('/admin/media')
  const picker = first.getByLabel('이미지', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  await picker.setInputFiles({ name, mimeType: 'image/png', buffer: await halves() })
  const field = first.locator('.upload-field').filter({ has: picker })
  await expect(field.getByRole('status')).toHaveText(`업로드했습니다: ${name}`, { timeout: 30_000 })
  const key = await field.locator('input[type="hidden"]').inputValue()
  const screen = `/admin/media/file?key=${encodeURIComponent(key)}`
  await first.goto(screen)
  await second.goto(`${screen}&lang=en`)

  await first.getByLabel('대체 텍스트 (한국어)').fill('먼저 저장한 설명')
  await first.getByRole('button', { name: '저장' }).click()
  await expect(first.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible({ timeout: 30_000 })

  await second.getByLabel('Alternative text (Korean)').fill('나중에 쓴 설명')
  await second.getByLabel('Alternative text (English)').fill('Typed by the second editor')
  await second.getByRole('button', { name: 'Save' }).click()
  await expect(second.getByRole('heading', { name: 'Compare your entries with what 매체먼저 saved' })).toBeVisible()
  await expect(second.getByText('먼저 저장한 설명')).toBeVisible()
  await expect(second.getByRole('textbox', { name: 'Alternative text (Korean)' })).toHaveValue('나중에 쓴 설명')
  await expect(second.getByRole('textbox', { name: 'Alternative text (English)' })).toHaveValue(
    'Typed by the second editor',
  )
  await expectNoSeriousA11yViolations(second)
  // Saving again replaces the saved description knowingly.
  await second.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(second.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 })
  await expect(second.getByRole('textbox', { name: 'Alternative text (Korean)' })).toHaveValue('나중에 쓴 설명')
  await Promise.all([first.close(), second.close()])
})

test('publishing a popup whose uploaded image has no alternative text is refused, naming and linking the image', async ({
  page,
}) => {
  const name = `팝업 시험 ${randomBytes(3).toString('hex')}.png`
  await signInConsole(page, 'mediaPublish', 'en')
  await page.goto('/admin/content/popups/new?lang=en')
  const picker = page.getByLabel('Image', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  await page.getByLabel('Title (Korean)').fill('대체 텍스트 없는 팝업')
  await page.getByLabel('Title (English)').fill('Popup without alt text')
  await page.getByRole('textbox', { name: 'Body (Korean)' }).fill('본문')
  await page.getByRole('textbox', { name: 'Body (English)' }).fill('Body')
  await page.getByLabel('Shown from (Korea time)').fill(koreaLocal(-5))
  await picker.setInputFiles({ name, mimeType: 'image/png', buffer: await halves() })
  const field = page.locator('.upload-field').filter({ has: picker })
  await expect(field.getByRole('status')).toHaveText(`Uploaded: ${name}`, { timeout: 30_000 })
  const key = await field.locator('input[type="hidden"]').inputValue()
  await page.getByRole('button', { name: 'Save and publish' }).click()

  await expect(
    page.getByRole('alert').filter({ hasText: 'Not published: an image has no alternative text' }),
  ).toBeVisible()
  await expect(field).toContainText('This image has no alternative text in Korean or English.')
  const fix = page.getByRole('link', { name: `Write the alternative text of ‘${name}’ (Image; opens in a new tab)` })
  await expect(fix).toHaveAttribute('href', `/admin/media/file?key=${encodeURIComponent(key)}`)
  await expect(fix).toHaveAttribute('target', '_blank')
  await expect(page.getByLabel('Title (English)')).toHaveValue('Popup without alt text')
  await expect(page).toHaveURL(/\/admin\/content\/popups\/new/)
  await expectNoSeriousA11yViolations(page)
})
