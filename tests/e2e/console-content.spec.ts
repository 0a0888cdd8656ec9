import { expect, test } from '@playwright/test'
import { CONTENT_KINDS } from '#shared/content-kinds.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'

/**
 * Every content editor of the console opens, in both languages, axe-clean, at desktop and
 * tablet width: the kind's list and the form of its first record (or the single one).
 */
test.describe.configure({ timeout: 180_000 })

test('every kind: list and form, both languages, axe-clean; the form fits a tablet', async ({ page }) => {
  await signInConsole(page, 'editors', 'ko')
  for (const kind of CONTENT_KINDS) {
    for (const lang of ['ko', 'en'] as const) {
      await page.goto(`/admin/content/${kind.kind}?lang=${lang}`)
      if (!('singleton' in kind)) {
        await expect(page.getByRole('table')).toBeVisible()
        await expectNoSeriousA11yViolations(page)
        await page.getByRole('table').getByRole('rowheader').first().getByRole('link').click()
      }
      await expect(page.locator('form.content-form')).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  }
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.goto('/admin/content/popups/new')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await page.goto('/admin/texts/recruitment')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectNoSeriousA11yViolations(page)
})
