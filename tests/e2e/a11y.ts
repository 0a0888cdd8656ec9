import { expect, type Page } from '@playwright/test'
import fs from 'node:fs'
import { createRequire } from 'node:module'

// Evaluated through DevTools rather than a <script> tag: the page's CSP rightly refuses inline scripts.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/**
 * Runs axe-core in the page (WCAG 2.1 A/AA rules) and fails on any serious or critical
 * violation, listing each with the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }))
  })
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
}

/**
 * A console page at desktop (1366 × 900) and tablet (768 px) width: axe-clean, and never wider
 * than the window. Leaves the page at 1366 px.
 */
export async function expectCleanAtConsoleWidths(page: Page) {
  for (const width of [1366, 768]) {
    await page.setViewportSize({ width, height: 900 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}
