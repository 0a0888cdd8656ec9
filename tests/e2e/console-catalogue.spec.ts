import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole, staffCode } from './console-session.ts'
import { E2E_STAFF_PASSWORD } from './console-accounts.ts'
import { hydrated } from './helpers.ts'

/**
 * The console's product catalogue in Chromium, as an editor (account `catalogue`): a new series is
 * added under the electric actuators (hidden at first), given an introduction and two images on its
 * detail page, then shown; the public product tree lists it and its page shows both images. Axe on
 * the tree, the detail and the redirects pages in Korean and English.
 */
test.describe.configure({ timeout: 120_000 })

const png = (hue: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .png()
    .toBuffer()

/** Uploads one image through the "image to add" field and adds it. */
async function addImage(page: Page, name: string, buffer: Buffer) {
  const picker = page.getByLabel('추가할 이미지', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  await picker.setInputFiles({ name, mimeType: 'image/png', buffer })
  await expect(page.locator('.upload-field').filter({ has: picker }).getByRole('status')).toHaveText(
    `업로드했습니다: ${name}`,
    { timeout: 30_000 },
  )
  await page.getByRole('button', { name: '이미지 추가' }).click()
  await expect(page.getByRole('status').filter({ hasText: '이미지를 바꿨습니다.' })).toBeVisible()
}

test('an editor adds a series with two images; the public tree and its page show it', async ({ page }) => {
  await signInConsole(page, 'catalogueSeries', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '제품 카탈로그' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '제품 카탈로그' })).toBeVisible()
  await hydrated(page)
  await expectNoSeriousA11yViolations(page)

  // Add a series under the electric actuators: it starts hidden.
  await page.locator('summary', { hasText: '전동 액추에이터: 이름 바꾸기' }).click()
  const add = page.getByRole('group', { name: '전동 액추에이터에 시리즈 추가' })
  await add.getByLabel('이름 (한국어)').fill('시험 시리즈')
  await add.getByLabel('이름 (영어)').fill('Trial Series')
  await add.getByRole('button', { name: '추가' }).click()
  await expect(page.getByRole('status').filter({ hasText: '추가했습니다.' })).toBeVisible()
  const node = page.locator('li.catalogue-node--2').filter({ hasText: 'Trial Series' })
  await expect(node.locator('.content-badge', { hasText: '숨김' })).toBeVisible()
  await expect(node.locator('code')).toHaveText('/product/electric-actuator/trial-series')
  expect((await page.request.get('/product/electric-actuator/trial-series')).status()).toBe(404)

  // Its details: an introduction, then two images in order.
  await page.getByRole('link', { name: '시험 시리즈 (Trial Series) 상세 편집' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '시험 시리즈 상세' })).toBeVisible()
  await hydrated(page)
  await page.getByLabel('소개 (한국어)', { exact: true }).fill('시험용으로 추가한 시리즈입니다.')
  await page.getByLabel('소개 (영어)', { exact: true }).fill('A series added for the trial.')
  await page.getByRole('button', { name: '상세 저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '상세를 저장했습니다.' })).toBeVisible()
  // Hidden, it is 404 to the public, yet the editor previews its page.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: '공개 페이지에서 미리보기' }).click(),
  ])
  await expect(preview).toHaveURL(/\/product\/electric-actuator\/trial-series\?preview=all$/)
  await expect(preview.locator('#product_title_id')).toHaveText('시험 시리즈')
  await expect(preview.getByText('시험용으로 추가한 시리즈입니다.')).toBeVisible()
  await expect(preview.locator('.preview-notice')).toBeVisible()
  await preview.close()
  await addImage(page, 'front.png', await png(30))
  await addImage(page, 'side.png', await png(200))
  await expect(page.getByRole('heading', { level: 2, name: '상세 이미지 (2/6)' })).toBeVisible()
  await expect(page.getByRole('img', { name: '이미지 2' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const detailUrl = page.url()

  // Shown: the public tree and the page.
  await page.getByRole('link', { name: '카탈로그로 돌아가기' }).click()
  await page.getByRole('button', { name: '표시하기: 시험 시리즈 (Trial Series)' }).click()
  await expect(page.getByRole('status').filter({ hasText: '사이트에 표시했습니다.' })).toBeVisible()

  await page.goto('/product/electric-actuator/tm')
  await hydrated(page)
  const menu = page.locator('nav.tree-menu')
  await menu.getByRole('link', { name: '시험 시리즈' }).click()
  await expect(page).toHaveURL(/\/product\/electric-actuator\/trial-series\?/)
  await expect(page.locator('#product_title_id')).toHaveText('시험 시리즈')
  await expect(page.getByText('시험용으로 추가한 시리즈입니다.')).toBeVisible()
  const thumbs = page.locator('.gallery__thumb')
  await expect(thumbs).toHaveCount(2)
  const first = await page.locator('.gallery__image').getAttribute('src')
  expect(first).toMatch(/^\/media\/uploads\/.+\.png$/)
  await thumbs.nth(1).click()
  await expect(page.locator('.gallery__image')).not.toHaveAttribute('src', first!)
  await expect
    .poll(() => page.locator('.gallery__image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(400)

  // The English console pages pass axe too.
  await page.goto(`${detailUrl.split('?')[0]}?lang=en`)
  await expect(page.getByRole('heading', { level: 1, name: 'Trial Series: details' })).toBeVisible()
  await hydrated(page)
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/catalogue?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Product catalogue' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/catalogue/redirects?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Redirects of old addresses' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/catalogue/redirects?lang=ko')
  await expectNoSeriousA11yViolations(page)
})

test('two editors change the same product: neither loses typing, and what is published is what they chose', async ({
  page,
  browser,
}) => {
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await signInConsole(page, 'catalogue', 'ko')
  await signInConsole(other, 'catalogueSecond', 'ko')
  for (const p of [page, other]) {
    await p.goto('/admin/catalogue/13?lang=ko')
    await expect(p.getByRole('heading', { level: 1, name: 'TX 상세' })).toBeVisible()
    await hydrated(p)
  }
  const introKo = (p: Page) => p.getByLabel('소개 (한국어)', { exact: true })
  const introEn = (p: Page) => p.getByLabel('소개 (영어)', { exact: true })

  // The first editor types in the detail, then saves an option: the detail's typing stays.
  await introKo(page).fill('첫 편집자가 고친 소개')
  const option = page.getByRole('group', { name: '유압 파워 유닛 이중화' })
  await option.getByRole('textbox', { name: /^옵션 제목 \(영어\)/ }).fill('Redundant hydraulic power unit (dual)')
  await option.getByRole('button', { name: '옵션 저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '옵션을 바꿨습니다.' })).toBeVisible()
  await expect(introKo(page)).toHaveValue('첫 편집자가 고친 소개')
  await page.getByRole('button', { name: '상세 저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '상세를 저장했습니다.' })).toBeVisible()

  // The second editor, on the page opened before, changes both introductions and saves: refused, nothing lost.
  await introKo(other).fill('두 번째 편집자가 고친 소개')
  await introEn(other).fill('Introduction by the second editor')
  await other.getByRole('button', { name: '상세 저장' }).click()
  await expect(other.getByRole('alert')).toContainText('구카탈로그님이')
  // The message is where the editor looks: in view and focused, not at the top of a page scrolled to the button.
  await expect(other.getByRole('alert')).toBeFocused()
  await expect(other.getByRole('alert')).toBeInViewport()
  await expect(introKo(other)).toHaveValue('두 번째 편집자가 고친 소개')
  await expect(introEn(other)).toHaveValue('Introduction by the second editor')

  // Side by side: the Korean introduction differs; the second editor takes the saved one and keeps their English.
  const compare = other.getByRole('region', { name: '구카탈로그님이 저장한 내용과 내 입력 비교' })
  await expect(compare).toBeVisible()
  await expect(compare.getByText('첫 편집자가 고친 소개')).toBeVisible()
  await compare.getByRole('button', { name: '소개 (한국어): 저장된 내용 쓰기' }).click()
  await expect(introKo(other)).toHaveValue('첫 편집자가 고친 소개')
  await expect(introEn(other)).toHaveValue('Introduction by the second editor')
  await expectNoSeriousA11yViolations(other)
  await other.getByRole('button', { name: '상세 저장' }).click()
  await expect(other.getByRole('status').filter({ hasText: '상세를 저장했습니다.' })).toBeVisible()

  // The public page shows the chosen result in each language.
  await page.goto('/product/hydrological-gate-hoist/tx')
  await expect(page.locator('.product__intro')).toHaveText('첫 편집자가 고친 소개')
  await page.goto('/product/hydrological-gate-hoist/tx?lang=en')
  await expect(page.locator('.product__intro')).toHaveText('Introduction by the second editor')
  await otherContext.close()
})

test('a session that ends mid-edit: leaving asks first, Ctrl+S opens the sign-in in place, and the save goes through with the typing intact', async ({
  page,
}) => {
  await signInConsole(page, 'guard', 'en')
  await page.goto('/admin/catalogue/12?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'TM: details' })).toBeVisible()
  await hydrated(page)
  const intro = page.getByLabel('Introduction (Korean)', { exact: true })
  await intro.fill('세션이 끝나도 남는 소개')

  // A console link asks before leaving a changed form; staying keeps the typing.
  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Dashboard' }).click()
  const leave = page.getByRole('dialog', { name: 'You have unsaved changes' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(leave).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/catalogue\/12/)
  await expect(intro).toHaveValue('세션이 끝나도 남는 소개')

  // Signed out in another tab of the same browser: the session and its cookie are gone.
  const other = await page.context().newPage()
  await other.goto('/admin?lang=en')
  await other.getByRole('button', { name: 'Sign out' }).click()
  await expect(other).toHaveURL(/\/admin\/login/)
  await other.close()

  // Ctrl+S in the field: the save waits while the editor signs in again in a dialog.
  await intro.press('Control+s')
  const signIn = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(signIn).toBeVisible()
  await expect(signIn.getByLabel(/^E-mail/)).toHaveValue('e2e.guard@example.com')
  await expectNoSeriousA11yViolations(page)
  await signIn.getByLabel(/^Password/).fill('wrong password')
  await signIn.getByLabel(/^Code/).fill(staffCode('guard', 1))
  await signIn.getByRole('button', { name: 'Sign in and save' }).click()
  await expect(signIn.getByRole('alert')).toContainText('Could not sign in.')
  await signIn.getByLabel(/^Password/).fill(E2E_STAFF_PASSWORD)
  await signIn.getByRole('button', { name: 'Sign in and save' }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Details saved.' })).toBeVisible()
  await expect(intro).toHaveValue('세션이 끝나도 남는 소개')

  await page.goto('/product/hydrological-gate-hoist/tm?lang=ko')
  await expect(page.locator('.product__intro')).toHaveText('세션이 끝나도 남는 소개')
})
