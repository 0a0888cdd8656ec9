import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hidePopups, hydrated } from './helpers.ts'

/**
 * Every route of app/routes.ts, in both languages, scanned with axe-core after hydration:
 * no serious or critical violation anywhere. Routes that redirect (the Korean-only investor
 * pages in English, /product/0/0, /mypage without a session) are scanned where they land.
 */
/** A path, or one per language where the content differs (a search word of that language). */
const routes: (string | Record<'ko' | 'en', string>)[] = [
  '/',
  '/terms/service',
  '/terms/privacy',
  '/company/introduction/info',
  '/company/introduction/management',
  '/company/introduction/client',
  '/company/introduction/place',
  '/company/introduction/agency',
  '/investment/stock',
  '/investment/public',
  '/investment/shareholder',
  '/investment/internal',
  '/investment/settlement',
  '/recruitment',
  '/product/0/0',
  '/product/1/2',
  '/product/1/2/5',
  '/related-data',
  '/login',
  '/signup',
  '/confirm',
  '/mypage',
  '/reset-password',
  '/service/reference/catalog',
  '/service/reference/circuit-diagram',
  '/service/reference/circuit-diagram?code=25-0100',
  '/service/as/faq',
  '/service/as/request',
  '/service/as/request/confirm?token=none',
  '/service/as/inquiry?model=TM-BASIC%2060',
  '/search',
  { ko: '/search/result?keyword=%EC%95%A1%EC%B6%94%EC%97%90%EC%9D%B4%ED%84%B0', en: '/search/result?keyword=actuator' },
  '/no-such-page',
]

const withLang = (path: string, lang: 'ko' | 'en') =>
  lang === 'ko' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=en`

test.beforeEach(async ({ page }) => {
  // The home popups are scanned in home.spec.ts; here they would only cover the page.
  await hidePopups(page)
  // Frames of other origins (the news videos, the investor-relations frames) are answered locally:
  // the test machine is offline, and an unanswered frame would keep the network from going idle.
  await page.context().route(
    (url) => url.protocol === 'https:',
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>video</title><body></body></html>',
      }),
  )
})

for (const lang of ['ko', 'en'] as const) {
  test.describe(`axe scan (${lang})`, () => {
    for (const path of routes) {
      const url = withLang(typeof path === 'string' ? path : path[lang], lang)
      test(`${url} has no serious or critical violation`, async ({ page }) => {
        const response = await page.goto(url)
        expect(response, url).not.toBeNull()
        await hydrated(page)
        // The page really is in the language asked for, wherever it landed.
        await expect(page.locator('html')).toHaveAttribute('lang', lang)
        await expectNoSeriousA11yViolations(page)
      })
    }
  })
}
