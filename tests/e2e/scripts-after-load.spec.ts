import { expect, test } from '@playwright/test'
import { hidePopups, hydrated } from './helpers.ts'

/**
 * A page's scripts are fetched only once it has loaded and painted (app/utils/scripts-after-load.server.ts):
 * on a phone the load event can come before the first paint (everything cached, a slow CPU), and
 * scripts fetched then would hold the first paint back. Here the page is kept unpainted for half a
 * second after its load event; its scripts must wait for that paint, then hydrate the page.
 */
for (const lang of ['ko', 'en'] as const) {
  test(`(${lang}) a page painted after its load event fetches its scripts after that paint`, async ({ page }) => {
    await hidePopups(page)
    await page.addInitScript(() => {
      const hide = new CSSStyleSheet()
      hide.replaceSync('html { visibility: hidden }')
      document.adoptedStyleSheets = [hide]
      addEventListener('load', () => setTimeout(() => (document.adoptedStyleSheets = []), 500))
    })
    await page.goto(`/company/introduction/info?lang=${lang}`)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    const times = await page.evaluate(() => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        // The scripts and the message catalogue they wait for (ADR 076).
        .filter((e) => /\.js$|^\/assets\/messages\//.test(new URL(e.name).pathname))
        .map((e) => e.startTime),
    }))
    // The set-up held the paint back past the load event…
    expect(times.paint).toBeGreaterThan(times.load + 400)
    // …and no script was asked for before it.
    expect(times.scripts.length).toBeGreaterThan(0)
    expect(Math.min(...times.scripts)).toBeGreaterThanOrEqual(times.paint)
  })
}
