import { expect, test, type Page } from '@playwright/test'

type Lang = 'ko' | 'en'
const leftOut = (() => undefined) as unknown as typeof test

/**
 * `test` for a behaviour test that runs in one language (ADR 064): declared when `lang` is `turn`,
 * left out otherwise. A spec gives its behaviour tests the two languages in turn, so each page keeps
 * browser tests in both; axe scans, server HTML and tests about language itself still run in both.
 */
export function testIn(lang: Lang, turn: Lang): typeof test {
  return lang === turn ? test : leftOut
}

/**
 * Waits until React has hydrated the page (the root layout's effect sets `__hydrated`: app/root.tsx),
 * so clicks run client-side handlers.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __hydrated?: boolean }).__hydrated === true)
  await page.waitForLoadState('networkidle')
}

/**
 * Holds the page's scripts back until the returned function is called, as on a slow phone: the page
 * can be used (typed in, ticked) before it is hydrated.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const scripts = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?|$)/, async (route) => {
    await scripts
    await route.continue()
  })
  return release
}

/** Client-side navigation through the app's router, as a link click would do. */
export async function navigate(page: Page, to: string) {
  await page.evaluate(
    (target) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter.navigate(target),
    to,
  )
}

/** The HTML the server sends, before any script runs. */
export async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  return response.text()
}

/**
 * Marks every current home popup as hidden for today (the localStorage rule of the home page)
 * before any page script runs, for tests that are not about popups: the popups' layer would
 * otherwise cover the page and lock its scrolling.
 */
export async function hidePopups(page: Page) {
  const response = await page.request.get('/api/popup')
  const { data } = (await response.json()) as { data: { id: number }[] }
  await page.addInitScript(
    (ids: number[]) => {
      const now = new Date()
      const pad = (n: number) => String(n).padStart(2, '0')
      const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
      try {
        localStorage.setItem('hiddenPopups', JSON.stringify(Object.fromEntries(ids.map((id) => [id, today]))))
      } catch {
        // about:blank and other origins have no storage of ours
      }
    },
    data.map((p) => p.id),
  )
}

/** The page's scroll position once a smooth scroll (the `focus` scroll, 300 ms after load) has come to rest. */
export async function settledScrollY(page: Page): Promise<number> {
  let last = -1
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY)
        const still = y === last
        last = y
        return still
      },
      { intervals: [150], timeout: 5_000 },
    )
    .toBe(true)
  return last
}
