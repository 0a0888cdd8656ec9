import { expect, test, type Page } from '@playwright/test'
import { expectCleanAtConsoleWidths } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * The catalogue's list view (docs/decisions/068-catalogue-list.md) in the browser, one journey per
 * console language: search, filters, two nodes hidden in bulk with the one confirmation, their badges
 * (and a child's "hidden by a parent") changing, then shown again; axe-clean at 1366 and 768 px. It
 * hides demo nodes no other publishing spec reads (Korean: TM's INTEGRAL and SMART; English: the TQ
 * and LTMD-O series) and shows them again.
 */
test.describe.configure({ timeout: 120_000 })

const badgeOf = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })
    .locator('.status-badges')

test('Korean: search, filter by level and status, hide two item types in bulk, then show them again', async ({
  page,
}) => {
  await signInConsole(page, 'catalogueList', 'ko')
  await page.goto('/admin/catalogue?lang=ko')
  await hydrated(page)
  await page.getByRole('navigation', { name: '보기 방식' }).getByRole('link', { name: '목록' }).click()
  await expect(page).toHaveURL(/view=list/)
  await expect(page.getByRole('table', { name: '제품 카탈로그 목록' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  // Search the slug's words: one node.
  const search = page.getByRole('search', { name: '제품 검색과 필터' })
  await search.getByLabel('이름 또는 주소 조각').fill('integral')
  await search.getByRole('button', { name: '검색' }).click()
  await expect(page).toHaveURL(/view=list.*q=integral|q=integral.*view=list/)
  await expect(page.getByRole('status').filter({ hasText: '1건' })).toBeVisible()
  await expect(badgeOf(page, '전동 액추에이터 › TM › INTEGRAL')).toHaveText('게시 중')

  // Filters: item types that are live.
  await search.getByLabel('이름 또는 주소 조각').fill('')
  await search.getByLabel('단계').selectOption('item')
  await search.getByLabel('상태').selectOption('live')
  await search.getByRole('button', { name: '검색' }).click()
  await expect(page).toHaveURL(/level=item/)
  await expect(page).toHaveURL(/status=live/)
  await expect(page.getByRole('rowheader', { name: '전동 액추에이터 › TM › SMART' })).toBeVisible()

  // Bulk hide of two, with the one confirmation.
  await hydrated(page)
  await page.getByRole('checkbox', { name: '전동 액추에이터 › TM › INTEGRAL 선택' }).check()
  await page.getByRole('checkbox', { name: '전동 액추에이터 › TM › SMART 선택' }).check()
  const bulk = page.getByRole('group', { name: '선택한 항목 일괄 작업' })
  await bulk.getByLabel('작업').selectOption('hide')
  await bulk.getByRole('button', { name: '적용…' }).click()
  const question = page.getByRole('heading', { level: 2, name: /^2개 항목을 사이트에서 숨길까요\?/ })
  await expect(question).toBeFocused()
  await expectCleanAtConsoleWidths(page)
  await page.getByRole('button', { name: '사이트에서 숨기기', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '2개 항목을 사이트에서 숨겼습니다.' })).toBeVisible()
  expect((await page.request.get('/product/electric-actuator/tm/integral')).status()).toBe(404)

  // The hidden ones, with their badges; shown again.
  await page.goto('/admin/catalogue?view=list&level=item&status=hidden&lang=ko')
  await hydrated(page)
  await expect(badgeOf(page, '전동 액추에이터 › TM › INTEGRAL')).toHaveText('숨김')
  await expect(badgeOf(page, '전동 액추에이터 › TM › SMART')).toHaveText('숨김')
  await page.getByRole('checkbox', { name: '전동 액추에이터 › TM › INTEGRAL 선택' }).check()
  await page.getByRole('checkbox', { name: '전동 액추에이터 › TM › SMART 선택' }).check()
  await bulk.getByLabel('작업').selectOption('show')
  await bulk.getByRole('button', { name: '적용…' }).click()
  await expect(page.getByRole('heading', { level: 2, name: /^2개 항목을 사이트에 표시할까요\?/ })).toBeFocused()
  await page.getByRole('button', { name: '사이트에 표시', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '2개 항목을 사이트에 표시했습니다.' })).toBeVisible()
  await page.goto('/admin/catalogue?view=list&q=integral&lang=ko')
  await expect(badgeOf(page, '전동 액추에이터 › TM › INTEGRAL')).toHaveText('게시 중')
  expect((await page.request.get('/product/electric-actuator/tm/integral')).status()).toBe(200)
})

test('English: hide two series in bulk, a child reads "Hidden by a parent", then show them again', async ({ page }) => {
  await signInConsole(page, 'catalogueListEn', 'en')
  await page.goto('/admin/catalogue?view=list&level=series&lang=en')
  await hydrated(page)
  await expect(page.getByRole('table', { name: 'Product catalogue list' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  const search = page.getByRole('search', { name: 'Search and filter products' })
  await search.getByLabel('Name or address segment').fill('tq')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=tq/)
  await expect(page).toHaveURL(/level=series/)
  await expect(page.getByRole('status').filter({ hasText: 'Found: 1' })).toBeVisible()
  await search.getByLabel('Name or address segment').fill('')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).not.toHaveURL(/q=tq/)

  await hydrated(page)
  await page.getByRole('checkbox', { name: 'Select Electric actuator › TQ' }).check()
  await page.getByRole('checkbox', { name: 'Select Electric actuator › LTMD-O' }).check()
  const bulk = page.getByRole('group', { name: 'Bulk action on the selected entries' })
  await bulk.getByLabel('Action').selectOption('hide')
  await bulk.getByRole('button', { name: 'Apply…' }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: /^Hide the selected entries \(2\) from the site\?/ }),
  ).toBeFocused()
  await page.getByRole('button', { name: 'Hide from the site', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Hidden from the site: 2.' })).toBeVisible()
  await expect(badgeOf(page, 'Electric actuator › TQ')).toHaveText('Hidden')
  await expect(badgeOf(page, 'Electric actuator › LTMD-O')).toHaveText('Hidden')

  // TQ's item type is off the site with it.
  await page.goto('/admin/catalogue?view=list&status=hidden-by-parent&lang=en')
  await expect(badgeOf(page, 'Electric actuator › TQ › BASIC')).toHaveText('Hidden by a parent')
  await expectCleanAtConsoleWidths(page)
  expect((await page.request.get('/product/electric-actuator/tq/basic')).status()).toBe(404)

  await page.goto('/admin/catalogue?view=list&level=series&status=hidden&lang=en')
  await hydrated(page)
  await page.getByRole('checkbox', { name: 'Select Electric actuator › TQ' }).check()
  await page.getByRole('checkbox', { name: 'Select Electric actuator › LTMD-O' }).check()
  await bulk.getByLabel('Action').selectOption('show')
  await bulk.getByRole('button', { name: 'Apply…' }).click()
  await page.getByRole('button', { name: 'Show on the site', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Shown on the site: 2.' })).toBeVisible()
  await page.goto('/admin/catalogue?view=list&level=series&q=tq&lang=en')
  await expect(badgeOf(page, 'Electric actuator › TQ')).toHaveText('Live')
  expect((await page.request.get('/product/electric-actuator/tq/basic')).status()).toBe(200)
})
