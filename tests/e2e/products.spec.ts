import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hydrated, serverHtml, testIn } from './helpers.ts'

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']

/**
 * The demo product tree (ids are fixed by the seed): 1 › 2 TM (3 BASIC, 4 INTEGRAL, 5 SMART), 6 TX, 7 TQ (8 BASIC), 9, 10; 11 › 12 TM, 13 TX.
 * Its addresses are slugs (electric-actuator/tm/smart, hydrological-gate-hoist/tx); the id addresses answer 301 (docs/decisions/020).
 */
const text = {
  ko: {
    banner: '제품소개',
    electric: '전동 액추에이터',
    hoist: '수문 권양기',
    reference: '관련 자료',
    ret: '돌아가기',
    ok: '확인',
    option: '방폭 사양',
    optionText: 'Ex db IIB T4 Gb',
  },
  en: {
    banner: 'Products',
    electric: 'Electric actuator',
    hoist: 'Hydrological gate hoist',
    reference: 'Related data',
    ret: 'Return',
    ok: 'OK',
    option: 'Explosion-proof',
    optionText: 'Ex db IIB T4 Gb',
  },
} as const

const FOCUS_QUERY = 'disableScrollTop=true&focus=product_title_id&focus_block=center'
const title = (page: Page) => page.locator('#product_title_id')
const menu = (page: Page) => page.locator('nav.tree-menu')
const mainImage = (page: Page) => page.locator('.gallery__image')

/**
 * Waits for the side menu's focus scroll (300 ms, then smooth) to bring the title to the middle
 * of the window, so the next click does not race the moving page.
 */
async function titleCentered(page: Page) {
  await expect
    .poll(async () => {
      const box = await title(page).boundingBox()
      return box ? Math.abs(box.y + box.height / 2 - (page.viewportSize()?.height ?? 900) / 2) : 999
    })
    .toBeLessThan(60)
}

/**
 * The visitor's language as the header switch leaves it: the `lang` cookie (a `?lang=` in the
 * address holds for that request only, so links inside the site would fall back to Korean data).
 */
async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, domain: 'localhost', path: '/' }])
}

test.describe('product pages', () => {
  test('/product/0/0 and the id addresses answer 301 on the server with the slug address, keeping ?lang', async ({
    page,
  }) => {
    const ko = await page.request.get('/product/0/0', { maxRedirects: 0 })
    expect(ko.status()).toBe(301)
    expect(ko.headers().location).toBe('/product/electric-actuator/tm')
    const en = await page.request.get('/product/0/0?lang=en', { maxRedirects: 0 })
    expect(en.headers().location).toBe('/product/electric-actuator/tm?lang=en')
    const item = await page.request.get('/product/1/2/5?lang=en', { maxRedirects: 0 })
    expect(item.status()).toBe(301)
    expect(item.headers().location).toBe('/product/electric-actuator/tm/smart?lang=en')
  })

  test('unknown slugs and ids, slugs under another parent and ids of the wrong level are the 404 page', async ({
    page,
  }) => {
    for (const path of [
      '/product/electric-actuator/tm/nope',
      '/product/hydrological-gate-hoist/tx/basic',
      '/product/tm/basic',
      '/product/1/2/6',
      '/product/99/2',
      '/product/x/y',
      '/product/1/02',
      '/product/1/0',
    ]) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(404)
    }
    await page.goto('/product/electric-actuator/tm/nope?lang=en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  })

  for (const lang of langs) {
    const l = text[lang]

    test(`server HTML has the title, menu, images and options (${lang})`, async ({ page }) => {
      const html = await serverHtml(page, `/product/electric-actuator/tx?lang=${lang}`)
      expect(html).toContain('id="product_title_id"')
      expect(html).toContain('/media/products/6-1.svg')
      expect(html).toContain(l.option)
      expect(html).toContain(`href="/related-data?id=6"`)
      expect(html).toContain(`href="/product/electric-actuator/tm/smart?${FOCUS_QUERY.replace(/&/g, '&amp;')}"`)
    })

    testIn(lang, 'ko')(
      `walks the product tree through the side menu at all three levels (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto('/product/0/0')
        await expect(page).toHaveURL(/\/product\/electric-actuator\/tm$/)
        await hydrated(page)
        await expect(title(page)).toHaveText('TM')
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.banner)
        // Level 1 opens the current family; level 2 links to a series.
        await expect(menu(page).getByRole('button', { name: l.electric })).toHaveAttribute('aria-expanded', 'true')
        await expect(menu(page).getByRole('link', { name: 'TM', exact: true }).first()).toHaveAttribute(
          'aria-current',
          'page',
        )
        await menu(page).getByRole('link', { name: 'TX', exact: true }).first().click()
        await expect(page).toHaveURL(new RegExp(`/product/electric-actuator/tx\\?${FOCUS_QUERY}$`))
        await expect(title(page)).toHaveText('TX')
        await titleCentered(page)
        // Level 3: TM's submenu stays open from the visit before; it folds and unfolds; pick SMART.
        const tmToggle = menu(page).getByRole('button', { name: lang === 'ko' ? 'TM 하위 메뉴' : 'TM submenu' })
        await expect(tmToggle).toHaveAttribute('aria-expanded', 'true')
        await tmToggle.click()
        await expect(menu(page).getByRole('link', { name: 'SMART' })).toBeHidden()
        await tmToggle.click()
        await menu(page).getByRole('link', { name: 'SMART' }).click()
        await expect(title(page)).toHaveText('SMART')
        await expect(page).toHaveURL(new RegExp(`/product/electric-actuator/tm/smart\\?${FOCUS_QUERY}$`))
        await expect(title(page)).toHaveText('SMART')
        await expect(menu(page).getByRole('link', { name: 'SMART' })).toHaveAttribute('aria-current', 'page')
        // focus=product_title_id&focus_block=center: the title is scrolled to the middle of the window.
        await titleCentered(page)
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
        // The other family.
        await menu(page).getByRole('button', { name: l.hoist }).click()
        // Both families' TX links are there once the second family has opened.
        await expect(menu(page).getByRole('button', { name: l.hoist })).toHaveAttribute('aria-expanded', 'true')
        await expect(menu(page).getByRole('link', { name: 'TX', exact: true })).toHaveCount(2)
        await menu(page).getByRole('link', { name: 'TX', exact: true }).last().click()
        await expect(page).toHaveURL(/\/product\/hydrological-gate-hoist\/tx\?/)
        await expect(title(page)).toHaveText('TX')
        await expectNoSeriousA11yViolations(page)
      },
    )

    testIn(lang, 'en')(
      `thumbnails choose the main image, which resets to the first on navigation (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto(`/product/electric-actuator/tm`)
        await hydrated(page)
        const thumbs = page.locator('.gallery__thumb')
        await expect(thumbs).toHaveCount(6)
        await expect(mainImage(page)).toHaveAttribute('src', '/media/products/2-1.svg')
        await thumbs.nth(3).click()
        await expect(mainImage(page)).toHaveAttribute('src', '/media/products/2-4.svg')
        await expect(thumbs.nth(3)).toHaveAttribute('aria-pressed', 'true')
        await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'false')
        // Another product: its first image.
        await menu(page).getByRole('link', { name: 'TX', exact: true }).first().click()
        await expect(title(page)).toHaveText('TX')
        await expect(mainImage(page)).toHaveAttribute('src', '/media/products/6-1.svg')
        await titleCentered(page)
        await page.locator('.gallery__thumb').nth(2).click()
        await expect(mainImage(page)).toHaveAttribute('src', '/media/products/6-3.svg')
        // Back to TM: the first image again, not the one chosen before.
        await menu(page).getByRole('link', { name: 'TM', exact: true }).first().click()
        await expect(title(page)).toHaveText('TM')
        await expect(mainImage(page)).toHaveAttribute('src', '/media/products/2-1.svg')
        await titleCentered(page)
        await expect(page.locator('.gallery__thumb').first()).toHaveAttribute('aria-pressed', 'true')
        // A type-1 product lists its item types; a card goes to the current path plus the item's slug.
        const cards = page.locator('.related-items__card')
        await expect(cards).toHaveCount(3)
        await expect(page.locator('.product-options')).toHaveCount(0)
        await expect(page.getByRole('link', { name: l.reference, exact: true })).toHaveCount(0)
        await expectNoSeriousA11yViolations(page)
        await cards.filter({ hasText: 'INTEGRAL' }).click()
        await expect(page).toHaveURL(/\/product\/electric-actuator\/tm\/integral$/)
        await expect(title(page)).toHaveText('INTEGRAL')
        await expect(mainImage(page)).toHaveAttribute('src', '/media/products/4-1.svg')
      },
    )

    testIn(lang, 'ko')(`an option opens its modal with title and content (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto(`/product/electric-actuator/tx`)
      await hydrated(page)
      await expect(page.locator('.related-items')).toHaveCount(0)
      const button = page.locator('.product-options__button', { hasText: l.option })
      await button.click()
      const dialog = page.getByRole('dialog', { name: l.option })
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText(l.optionText)
      // Page scrolling is locked while it shows.
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
      await expectNoSeriousA11yViolations(page)
      await dialog.getByRole('button', { name: l.ok }).click()
      await expect(dialog).toBeHidden()
      await expect(button).toBeFocused()
      await button.click()
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
    })

    testIn(lang, 'en')(`the reference button and the Return button make a round trip (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto(`/product/electric-actuator/tx`)
      await hydrated(page)
      await page.getByRole('link', { name: l.reference, exact: true }).click()
      await expect(page).toHaveURL(/\/related-data\?id=6$/)
      // The archive has rendered (the product page, with its own h2s, is gone) before its heading is read.
      await expect(page.locator('.doc-table tbody tr')).toHaveCount(15)
      await expect(page.locator('.tree-menu__title')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 2 })).toContainText('TX')
      // The state survives paging and changing the classification.
      await page
        .getByRole('navigation', { name: lang === 'ko' ? '페이지 이동' : 'Pages' })
        .getByRole('link', { name: lang === 'ko' ? '2 페이지' : 'Page 2' })
        .click()
      await expect(page).toHaveURL(/\/related-data\?id=6&page=2$/)
      await expect(page.locator('.doc-table tbody tr')).toHaveCount(2)
      await page.getByRole('link', { name: l.ret }).click()
      await expect(page).toHaveURL(/\/product\/electric-actuator\/tx$/)
      await expect(title(page)).toHaveText('TX')
      // Without state, Return leads to /product/0/0, i.e. the first subcategory.
      await page.goto('/related-data')
      await hydrated(page)
      await page.getByRole('link', { name: l.ret }).click()
      await expect(page).toHaveURL(/\/product\/electric-actuator\/tm(\?.*)?$/)
      await expect(title(page)).toHaveText('TM')
    })
  }

  test('the header link and the home slider reach the product pages; the sitemap lists them', async ({ page }) => {
    await page.goto('/company/introduction/info?lang=en')
    await hydrated(page)
    await page.locator('header').getByRole('link', { name: 'Products', exact: true }).first().click()
    await expect(page).toHaveURL(/\/product\/electric-actuator\/tm$/)
    await expect(title(page)).toHaveText('TM')
    // The home slider links straight to the slug addresses, which answer without a redirect.
    const home = await serverHtml(page, '/')
    for (const path of [
      '/product/electric-actuator/tm',
      '/product/electric-actuator/tx',
      '/product/hydrological-gate-hoist/tm',
    ]) {
      expect(home).toContain(`href="${path}"`)
      expect((await page.request.get(path, { maxRedirects: 0 })).status()).toBe(200)
    }
    const xml = await (await page.request.get('/sitemap.xml')).text()
    for (const path of [
      '/product/electric-actuator/tm</loc>',
      '/product/electric-actuator/tm/smart?lang=en</loc>',
      '/product/hydrological-gate-hoist/tx</loc>',
      '/related-data</loc>',
      '/service/reference/circuit-diagram</loc>',
      '/service/as/nuclear-as?lang=en</loc>',
    ]) {
      expect(xml).toContain(path)
    }
  })
})
