import type { Page } from '@playwright/test'

/** Waits until React has hydrated, so clicks run client-side handlers. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules))
  await page.waitForLoadState('networkidle')
}

/** Client-side navigation through the app's router, as a link click would do. */
export async function navigate(page: Page, to: string) {
  await page.evaluate((target) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate(target), to)
}

/** The HTML the server sends, before any script runs. */
export async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  return response.text()
}
