import { expect, test } from '@playwright/test'
import { hidePopups, hydrated, serverHtml } from './helpers.ts'

/**
 * The browser's message catalogue is a file of its own, not part of every page
 * (docs/decisions/076-messages-as-an-asset.md): the page names it in a preload, the browser fetches
 * it once with the scripts, and React hydrates with it; without it the page stays as the server sent it.
 */
const gate = {
  ko: { button: '제작사양 조회', text: '권한이 있는 회원만 이용할 수 있습니다.' },
  en: { button: 'Manufacturing specifications', text: 'Only members with permission can use it.' },
}
const isCatalogue = (url: string) => new URL(url).pathname.startsWith('/assets/messages/')

for (const lang of ['ko', 'en'] as const) {
  test(`(${lang}) a page fetches its language's catalogue once, and what the browser shows is in that language`, async ({
    page,
  }) => {
    const html = await serverHtml(page, `/?lang=${lang}`)
    expect(html).not.toContain('"gate.members"')
    const fetched: string[] = []
    page.on('request', (request) => {
      if (isCatalogue(request.url())) fetched.push(new URL(request.url()).pathname)
    })
    await hidePopups(page)
    await page.goto(`/?lang=${lang}`)
    await hydrated(page)
    // One request, the preload's: its answer is the one the client entry reads.
    expect(fetched).toEqual([expect.stringMatching(new RegExp(`^/assets/messages/public-${lang}\\.[\\w-]+\\.json$`))])
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/assets/messages/'))
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    )
    expect(initiators).toEqual(['link'])
    // A dialog only the browser renders, in the page's language.
    await page.locator('.site-header__tools').getByRole('button', { name: gate[lang].button, exact: true }).click()
    await expect(page.getByRole('dialog')).toContainText(gate[lang].text)
  })
}

test('without its catalogue the page stays as the server sent it, and its links still work', async ({ page }) => {
  await hidePopups(page)
  await page.route(
    (url) => isCatalogue(url.href),
    (route) => route.fulfill({ status: 503, body: '' }),
  )
  await page.goto('/company/introduction/info?lang=en')
  // The scripts have run by the time the network is quiet; React did not take the page over.
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => (window as { __hydrated?: boolean }).__hydrated)).toBeUndefined()
  await expect(page.locator('h1, h2').first()).not.toHaveText(/^[a-z]+(\.[a-zA-Z]+)+$/)
  await expect(page.locator('body')).not.toContainText('nav.')
  await page.locator('header.site-header').getByRole('link', { name: 'Careers', exact: true }).first().click()
  await expect(page).toHaveURL(/\/recruitment/)
})
