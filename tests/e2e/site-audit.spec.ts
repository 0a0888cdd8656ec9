import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hidePopups, hydrated, settledScrollY } from './helpers.ts'

// The public-site defects of the audit (issue 32), each as a visitor meets it, in both languages.

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']

async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, domain: 'localhost', path: '/' }])
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

test.describe('scroll position', () => {
  for (const lang of langs) {
    test(`a page opened by its address starts at the top; back restores the position (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/recruitment')
      await hydrated(page)
      await page.evaluate(() => window.scrollTo(0, 1500))
      await expect.poll(() => scrollY(page)).toBe(1500)

      // Typed into the address bar of the same tab.
      await page.goto('/investment/stock')
      await hydrated(page)
      await page.waitForTimeout(400)
      expect(await scrollY(page)).toBe(0)
      // Scrolled here too, then another address: the top again, not this page's position.
      await page.evaluate(() => window.scrollTo(0, 300))
      await expect.poll(() => scrollY(page)).toBe(300)
      await page.goto('/company/introduction/info')
      await hydrated(page)
      await page.waitForTimeout(400)
      expect(await scrollY(page)).toBe(0)

      // Back and forward alone bring a position back.
      await page.goBack()
      await hydrated(page)
      await expect(page).toHaveURL(/\/investment\/stock$/)
      await expect.poll(() => scrollY(page)).toBe(300)
      await page.goBack()
      await hydrated(page)
      await expect(page).toHaveURL(/\/recruitment$/)
      await expect.poll(() => scrollY(page)).toBe(1500)
    })
  }

  test('a redirect starts at the top, not at the position of the page left', async ({ page }) => {
    await hidePopups(page)
    await page.goto('/recruitment')
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, 1500))
    await expect.poll(() => scrollY(page)).toBe(1500)
    // /product/0/0 redirects to the first product.
    await page.goto('/product/0/0')
    await hydrated(page)
    await expect(page).toHaveURL(/\/product\/[^/]+\/[^/]+/)
    await page.waitForTimeout(400)
    expect(await scrollY(page)).toBe(0)
  })
})

test.describe('service list pages', () => {
  for (const lang of langs) {
    test(`changing the page keeps the circuit-diagram results in view (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/service/reference/circuit-diagram')
      await hydrated(page)
      const pages = page
        .locator('.service-results')
        .getByRole('navigation', { name: lang === 'ko' ? '페이지 이동' : 'Pages' })
      await pages.scrollIntoViewIfNeeded()
      const before = await settledScrollY(page)
      expect(before).toBeGreaterThan(1000)
      const first = await page.locator('.service-results td.doc-table__no').first().textContent()

      await pages.getByRole('link', { name: lang === 'ko' ? '2 페이지' : 'Page 2' }).click()
      await expect(page).toHaveURL(/[?&]page=2(&|$)/)
      await expect(page.locator('.service-results td.doc-table__no').first()).toHaveText(String(Number(first) - 5))
      await page.waitForTimeout(400)
      expect(await settledScrollY(page)).toBeGreaterThan(1000)
      await expect(pages).toBeInViewport()
      await expect(page.locator('.service-results td.doc-table__no').last()).toBeInViewport()

      // The next arrow too.
      await pages.getByRole('link', { name: lang === 'ko' ? '다음' : 'Next' }).click()
      await expect(page).toHaveURL(/[?&]page=3(&|$)/)
      await page.waitForTimeout(400)
      await settledScrollY(page)
      await expect(pages).toBeInViewport()
      await expectNoSeriousA11yViolations(page)
    })
  }
})
