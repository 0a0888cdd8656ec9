import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hidePopups, hydrated, navigate, testIn } from './helpers.ts'

// The home popups (tests/e2e/home.spec.ts) would cover the header and lock page scrolling.
test.beforeEach(async ({ page }) => hidePopups(page))

const headerLinks = [
  { name: { ko: '회사소개', en: 'About Us' }, path: '/company/introduction/info' },
  { name: { ko: '투자정보', en: 'Investment Information' }, path: '/investment/stock' },
  { name: { ko: '인재채용', en: 'Careers' }, path: '/recruitment' },
  { name: { ko: '제품소개', en: 'Products' }, path: '/product/' },
  { name: { ko: '서비스 & 지원', en: 'Service & Support' }, path: '/service/reference/catalog' },
]
const iconLinks = [
  { name: { ko: '주가정보', en: 'Stock price' }, path: '/investment/stock' },
  { name: { ko: '검색', en: 'Search' }, path: '/search' },
  { name: { ko: '로그인', en: 'Log in' }, path: '/login' },
]

test.describe('desktop header', () => {
  for (const lang of ['ko', 'en'] as const) {
    testIn(lang, 'ko')(`every header link reaches its route (${lang})`, async ({ page }) => {
      await page.goto(`/?lang=${lang}`)
      await hydrated(page)
      const header = page.locator('header.site-header')
      for (const link of [...headerLinks, ...iconLinks]) {
        await header.getByRole('link', { name: link.name[lang], exact: true }).first().click()
        await expect(page).toHaveURL(new RegExp(`${link.path.replace(/\//g, '\\/')}`))
        await header.getByRole('link', { name: lang === 'ko' ? '홈' : 'Home', exact: true }).click()
        await expect(page).toHaveURL(/\/(\?.*)?$/)
      }
    })
  }

  test('the header is translucent on home only and fixed at the top', async ({ page }) => {
    await page.goto('/')
    const header = page.locator('header.site-header')
    await expect(header).toHaveClass(/site-header--home/)
    await expect(header).toHaveCSS('position', 'fixed')
    await page.goto('/no-such-page')
    await expect(header).not.toHaveClass(/site-header--home/)
  })

  test('the groupware icon opens a new window', async ({ page }) => {
    await page.goto('/')
    const link = page.locator('header.site-header .site-header__tools').getByRole('link', { name: '그룹웨어 (새 창)' })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('href', /^https:\/\//)
  })

  test('the document icon shows the members-only gate with a way to log in', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.locator('.site-header__tools').getByRole('button', { name: 'Manufacturing specifications' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Only members with permission can use it.')
    await dialog.getByRole('button', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login\?next=%2Fmorgan$/)
  })
})

test.describe('mobile overlay at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
  for (const lang of ['ko', 'en'] as const) {
    testIn(lang, 'en')(`every header link is reached through the overlay (${lang})`, async ({ page }) => {
      await page.goto(`/?lang=${lang}`)
      await hydrated(page)
      await expect(page.locator('.site-header__nav')).toBeHidden()
      for (const link of [...headerLinks, ...iconLinks]) {
        await page.getByRole('button', { name: lang === 'ko' ? '메뉴 열기' : 'Open menu' }).click()
        const overlay = page.locator('#mobile-menu')
        await expect(overlay).toBeVisible()
        await overlay.getByRole('link', { name: link.name[lang], exact: true }).first().click()
        await expect(page).toHaveURL(new RegExp(link.path.replace(/\//g, '\\/')))
        // The overlay closes on navigation.
        await expect(overlay).toBeHidden()
      }
    })
  }

  test('Escape closes the overlay and page scroll is locked while it is open', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: '메뉴 열기' }).click()
    await expect(page.locator('#mobile-menu')).toBeVisible()
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(page.locator('#mobile-menu')).toBeHidden()
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
  })
})

test.describe('language', () => {
  test('the switch survives reload and a new page load', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
    await page.locator('.site-header__tools').getByRole('link', { name: 'ENG English', exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('header.site-header')).toContainText('About Us')
    expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe('_en')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.goto('/no-such-page')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await hydrated(page)
    await page.locator('.site-header__tools').getByRole('link', { name: 'KOR 한국어', exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
    expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe('')
  })

  test('switching from a ?lang= address drops the parameter', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.locator('.site-header__tools').getByRole('link', { name: 'KOR 한국어', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
  })

  test('arriving with ?lang=en keeps English on the pages reached from there', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.locator('header.site-header').getByRole('link', { name: 'Careers', exact: true }).click()
    await expect(page).toHaveURL(/\/recruitment$/)
    // Content from the route's own loader, not only the layout's labels, is English.
    await expect(page.locator('#recruitment-procedure')).toHaveText('Hiring procedure')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('#recruitment-procedure')).toHaveText('Hiring procedure')
  })

  test('?lang=en renders English on the server, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const response = await page.goto('/?lang=en')
    const html = await response!.text()
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('About Us')
    expect(html).toContain('Daehan Actuator Co., Ltd.')
    expect(html).not.toContain('회사소개')
    await expect(page.locator('footer')).toContainText('Terms and Conditions')
    await context.close()
  })
})

test.describe('VR tour', () => {
  test('the modal opens, offers three languages in new tabs, and closes', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.locator('.site-header__tools').getByRole('button', { name: 'VR TOUR' }).click()
    const dialog = page.getByRole('dialog', { name: 'VR TOUR' })
    await expect(dialog).toBeVisible()
    for (const name of ['한국어', 'English', 'Русский']) {
      await expect(dialog.getByRole('link', { name })).toHaveAttribute('target', '_blank')
    }
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.locator('.site-header__tools').getByRole('button', { name: 'VR TOUR' }).click()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
  })

  test('choosing a language opens the tour in a new tab', async ({ page, context }) => {
    await page.route('https://vr.example.com/**', (route) =>
      route.fulfill({ body: '<title>VR</title>', contentType: 'text/html' }),
    )
    await context.route('https://vr.example.com/**', (route) =>
      route.fulfill({ body: '<title>VR</title>', contentType: 'text/html' }),
    )
    await page.goto('/')
    await hydrated(page)
    await page.locator('.site-header__tools').getByRole('button', { name: 'VR TOUR' }).click()
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('link', { name: 'Русский' }).click(),
    ])
    expect(popup.url()).toContain('/ru/')
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})

test.describe('footer and scrolling', () => {
  test('the footer shows the company facts and the terms link', async ({ page }) => {
    await page.goto('/')
    const footer = page.locator('footer.site-footer')
    await expect(footer).toContainText('㈜대한액추에이터')
    await expect(footer).toContainText('대표이사')
    await expect(footer).toContainText('031-880-1987')
    await expect(footer).toContainText('Copyright © 2024')
    await expect(footer.getByRole('link', { name: '이용약관' })).toHaveAttribute('href', '/terms/service')
    // No scroll-to-top button on the home page.
    await expect(page.locator('.scroll-top')).toHaveCount(0)
  })

  test('the scroll-to-top button brings a long page back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 300 })
    await page.goto('/no-such-page')
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    await page.locator('.scroll-top').click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a route change scrolls to top; disableScrollTop keeps the position; focus scrolls to the element', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 300 })
    await page.goto('/no-such-page')
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    // Client-side navigation with disableScrollTop keeps the position.
    await navigate(page, '/other-missing?disableScrollTop=true')
    await expect(page).toHaveURL(/other-missing/)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    // A plain route change scrolls to the top.
    await navigate(page, '/third-missing')
    await expect(page).toHaveURL(/third-missing/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    // focus scrolls smoothly to the element with that id.
    await navigate(page, '/fourth-missing?focus=top-of-footer')
    await page.evaluate(() => {
      const target = document.querySelector('.site-footer')!
      target.id = 'top-of-footer'
    })
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  })
})

// Home (with its popups, in home.spec.ts) and the 404 page are scanned in both languages in
// a11y-routes.spec.ts; here, what only an interaction opens.
test.describe('accessibility of the layout', () => {
  test('the mobile overlay and the VR modal have no serious violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: '메뉴 열기' }).click()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: '메뉴 닫기' }).click()
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.locator('.site-header__tools').getByRole('button', { name: 'VR TOUR' }).click()
    await expectNoSeriousA11yViolations(page)
  })
})

// React hydrates the whole document (docs/decisions/034-react-in-the-browser.md): the server's
// document must come through whole — one <html>, the one stylesheet, the title — and later
// navigations must still update it.
test.describe('hydration', () => {
  const documentShape = (page: Page) =>
    page.evaluate(() => ({
      html: document.querySelectorAll('html').length,
      stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) =>
        new URL((l as HTMLLinkElement).href).pathname.replace(/-[\w-]+\.css$/, '.css'),
      ),
      headPreloads: document.head.querySelectorAll('link[rel="modulepreload"]').length,
      title: document.title,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    }))

  // The product page: React adds an image preload to <head> for its main image (fetchpriority=high).
  for (const path of ['/', '/company/introduction/info', '/product/1/2', '/login?lang=en']) {
    test(`${path}: the server's document survives hydration`, async ({ page }) => {
      await page.goto(path)
      const title = await page.title()
      await hydrated(page)
      const shape = await documentShape(page)
      expect(shape).toMatchObject({ html: 1, stylesheets: ['/assets/site.css'], title })
      await expect(page.locator('header.site-header')).toHaveCSS('position', 'fixed')
    })
  }

  test('a client-side navigation updates the title and the canonical address', async ({ page }) => {
    await page.goto('/company/introduction/info')
    await hydrated(page)
    const before = await documentShape(page)
    await navigate(page, '/recruitment')
    await expect(page).toHaveURL(/\/recruitment$/)
    await expect.poll(() => page.title()).not.toBe(before.title)
    const after = await documentShape(page)
    expect(after.html).toBe(1)
    expect(after.stylesheets).toEqual(['/assets/site.css'])
    expect(after.canonical).toMatch(/\/recruitment$/)
  })
})
