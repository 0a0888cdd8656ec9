import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hydrated, serverHtml, testIn } from './helpers.ts'

test.describe('terms', () => {
  for (const lang of ['ko', 'en'] as const) {
    test(`service terms and privacy policy render from the database (${lang})`, async ({ page }) => {
      const service = await serverHtml(page, `/terms/service?lang=${lang}`)
      expect(service).toContain(lang === 'ko' ? '서비스 이용약관' : 'Service Terms and Conditions')
      const privacy = await serverHtml(page, `/terms/privacy?lang=${lang}`)
      expect(privacy).toContain(lang === 'ko' ? '개인정보' : 'personal information')
      await page.goto(`/terms/privacy?lang=${lang}`)
      await hydrated(page)
      const menu = page.locator('.side-menu')
      await expect(
        menu.getByRole('link', { name: lang === 'ko' ? '개인정보처리방침' : 'Privacy Policy' }),
      ).toHaveAttribute('aria-current', 'page')
      await menu.getByRole('link', { name: lang === 'ko' ? '서비스 이용약관' : 'Service Terms and Conditions' }).click()
      await expect(page).toHaveURL(/\/terms\/service/)
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: lang === 'ko' ? '서비스 이용약관' : 'Service Terms and Conditions',
        }),
      ).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    })
  }
  test('an unknown terms id is the 404 page', async ({ page }) => {
    const response = await page.goto('/terms/cookies')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다')
  })
})

test.describe('recruitment', () => {
  for (const lang of ['ko', 'en'] as const) {
    testIn(lang, 'en')(`procedure and the five anchored sections (${lang})`, async ({ page }) => {
      await page.goto(`/recruitment?lang=${lang}`)
      await hydrated(page)
      for (let i = 1; i <= 5; i++) await expect(page.locator(`#recruitment_step_0${i}`)).toBeAttached()
      await expect(page.locator('main')).toContainText(lang === 'ko' ? '서류 전형' : 'Resume screening')
      await expect(page.locator('#recruitment_step_02')).toContainText(lang === 'ko' ? '신사업' : 'New Business')
      await expect(page.locator('.recruit-grades li')).toHaveText(['S', 'A', 'B', 'C', 'D'])
      // The side menu scrolls to a section through ?focus.
      await page
        .locator('.side-menu')
        .getByRole('link', { name: lang === 'ko' ? '복리후생' : 'Benefits' })
        .click()
      await expect(page).toHaveURL(/focus=recruitment_step_05/)
      await expect(page.locator('#recruitment_step_05')).toBeInViewport()
      await expectNoSeriousA11yViolations(page)
    })
  }
  test('desktop and mobile images switch at 728 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/recruitment')
    const img = page.locator('.recruit-visual')
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain('talent-pc.svg')
    await page.setViewportSize({ width: 700, height: 900 })
    await page.reload()
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain('talent-mb.svg')
  })
})

test.describe('investment', () => {
  for (const lang of ['ko', 'en'] as const) {
    testIn(lang, 'ko')(`stock and disclosure frames at their heights (${lang})`, async ({ page }) => {
      await page.route('https://ir.example.com/**', (route) =>
        route.fulfill({ body: '<title>IR</title><p>IR</p>', contentType: 'text/html' }),
      )
      await page.goto(`/investment/stock?lang=${lang}`)
      await hydrated(page)
      const frame = page.locator('.investor-frame iframe')
      await expect(frame).toHaveAttribute('height', '2100')
      await expect(frame).toHaveAttribute('src', new RegExp(`lang=${lang === 'ko' ? 'K' : 'E'}`))
      await page.goto(`/investment/public?lang=${lang}`)
      await expect(page.locator('.investor-frame iframe')).toHaveAttribute('height', '800')
      await expectNoSeriousA11yViolations(page)
    })
  }

  test('English visitors of Korean-only pages are redirected by the server', async ({ page }) => {
    for (const path of ['shareholder', 'internal', 'settlement']) {
      const response = await page.request.get(`/investment/${path}?lang=en`, { maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(response.headers().location).toBe('/investment/stock?lang=en')
    }
    await page.goto('/investment/settlement?lang=en')
    await expect(page).toHaveURL(/\/investment\/stock\?lang=en$/)
    // The English side menu shows only stock price and disclosure.
    await expect(page.locator('.side-menu a')).toHaveText(['Stock price', 'Disclosure'])
  })

  test('shareholder notices: category and page live in the URL and change the rows', async ({ page }) => {
    const html = await serverHtml(page, '/investment/shareholder')
    expect(html).toContain('doc-table__title')
    await page.goto('/investment/shareholder')
    await hydrated(page)
    const rows = page.locator('.doc-table tbody tr')
    await expect(rows).toHaveCount(15)
    const total = Number(await rows.first().locator('.doc-table__no').textContent())
    expect(total).toBeGreaterThan(15)
    // Row numbers count down from the total.
    await expect(rows.nth(1).locator('.doc-table__no')).toHaveText(String(total - 1))
    const firstTitle = await rows.first().locator('.doc-table__title').textContent()
    await page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '2 페이지' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(rows.first().locator('.doc-table__no')).toHaveText(String(total - 15))
    await expect(rows.first().locator('.doc-table__title')).not.toHaveText(firstTitle!)
    // Changing the category resets the page and writes `select`.
    await page.getByRole('button', { name: /분류/ }).click()
    const options = page.getByRole('option')
    await options.nth(1).click()
    await expect(page).toHaveURL(/select=\d+/)
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page.locator('.doc-table thead th').nth(1)).toHaveText(
      (await page.getByRole('button', { name: /분류/ }).textContent())!.replace(/^분류/, '').trim(),
    )
    await page.reload()
    await expect(page).toHaveURL(/select=\d+/)
    await expectNoSeriousA11yViolations(page)
  })

  test('a notice download is a real PDF', async ({ page }) => {
    await page.goto('/investment/settlement')
    const href = await page.locator('.doc-table__files a').first().getAttribute('href')
    const response = await page.request.get(href!)
    expect(response.status()).toBe(200)
    expect((await response.body()).subarray(0, 4).toString()).toBe('%PDF')
  })

  test('internal information rules: one fixed PDF row', async ({ page }) => {
    await page.goto('/investment/internal')
    await expect(page.locator('.doc-table tbody tr')).toHaveCount(1)
    await expect(page.locator('.doc-table__title')).toHaveText('내부정보관리규정')
    const href = await page.locator('.doc-table__files a').getAttribute('href')
    const body = await (await page.request.get(href!)).body()
    expect(body.subarray(0, 4).toString()).toBe('%PDF')
    await expectNoSeriousA11yViolations(page)
  })

  test('a page past the end shows the no-posts message', async ({ page }) => {
    await page.goto('/investment/shareholder?page=999')
    await expect(page.locator('.doc-table tbody tr')).toHaveCount(0)
    await expect(page.getByRole('status')).toHaveText('등록된 게시물이 없습니다.')
  })
})

test.describe('crawlers', () => {
  test('robots.txt and sitemap.xml list the public pages in both languages', async ({ page }) => {
    const robots = await (await page.request.get('/robots.txt')).text()
    expect(robots).toContain('Disallow: /api/')
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
    const sitemap = await page.request.get('/sitemap.xml')
    expect(sitemap.headers()['content-type']).toContain('application/xml')
    const xml = await sitemap.text()
    expect(xml).toMatch(/\/recruitment<\/loc>/)
    expect(xml).toContain('/recruitment?lang=en</loc>')
    expect(xml).toContain('hreflang="en" href="http://localhost')
    expect(xml).toMatch(/\/investment\/shareholder<\/loc>/)
    expect(xml).not.toContain('/investment/shareholder?lang=en')
  })
})
