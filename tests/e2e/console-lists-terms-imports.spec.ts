import { expect, test } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { expectCleanAtConsoleWidths } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * The terms versions and the import history on the console lists' toolkit
 * (docs/decisions/067-terms-and-imports-lists.md), in Chromium, both console languages, axe-clean at
 * 1366 and 768 px. Terms (account `termsList`): a new draft is found by type and status, sorted,
 * then deleted by the list's one bulk action after its confirmation (no public content changes: a
 * draft was never public). Imports (account `importsList`): a check of a file is in the history,
 * found by its name and state, and opens its report.
 */
test.describe.configure({ timeout: 90_000 })

test('terms: an editor finds a new draft by type and status, sorts, and deletes it with one confirmation', async ({
  page,
}) => {
  await signInConsole(page, 'termsList', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '약관 관리' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '약관 관리' })).toBeVisible()
  await hydrated(page)
  await page.getByRole('region', { name: '개인정보처리방침' }).getByRole('button', { name: '새 초안 만들기' }).click()
  await expect(page).toHaveURL(/\/admin\/terms\/\d+$/)
  const id = new URL(page.url()).pathname.split('/').pop()!

  await page.goto('/admin/terms?lang=ko')
  const search = page.getByRole('search', { name: '약관 버전 찾기' })
  await search.getByLabel('약관 종류').selectOption('privacy')
  await search.getByLabel('상태').selectOption('draft')
  await search.getByRole('button', { name: '검색' }).click()
  await expect(page).toHaveURL(/type=privacy/)
  await expect(page.getByRole('link', { name: `초안 #${id}`, exact: true })).toBeVisible()
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `초안 #${id}`, exact: true }) })
  await expect(row.locator('.status-badge')).toHaveText('초안')
  const saved = page.getByRole('columnheader', { name: /마지막 저장/ })
  await saved.getByRole('link').click()
  await expect(saved).toHaveAttribute('aria-sort', 'descending')
  await hydrated(page)
  await expectCleanAtConsoleWidths(page)

  await page.getByRole('checkbox', { name: new RegExp(`^초안 #${id} · .* 선택$`) }).check()
  await page.getByRole('group', { name: '선택한 항목 일괄 작업' }).getByLabel('작업').selectOption('delete')
  await page.getByRole('button', { name: '적용…' }).click()
  const question = page.getByRole('heading', { level: 2, name: /^1개 항목을 삭제할까요\?/ })
  await expect(question).toBeFocused()
  await expectCleanAtConsoleWidths(page)
  await page
    .getByRole('region', { name: /^1개 항목을 삭제할까요\?/ })
    .getByRole('button', { name: '삭제' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: '1개 항목을 삭제했습니다.' })).toBeVisible()
  await expect(page.getByRole('link', { name: `초안 #${id}`, exact: true })).toHaveCount(0)

  // In English: the version in force of each type reads Live; published ones have no row box.
  await page.goto('/admin/terms?lang=en&status=live')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Found: 2' })).toBeVisible()
  await expect(page.locator('.status-badge').first()).toHaveText('Live')
  await expect(page.getByRole('checkbox')).toHaveCount(0)
  await expectCleanAtConsoleWidths(page)
})

test('imports: a check of a file is in the history, found by name and state, and opens its report', async ({
  page,
}) => {
  const file = `history-${randomBytes(3).toString('hex')}.csv`
  await signInConsole(page, 'importsList', 'en')
  const check = await page.request.post('/admin/import/check?kind=serial&lang=en', {
    multipart: {
      table: {
        name: file,
        mimeType: 'text/csv',
        buffer: Buffer.from('code1,code2,title,title_en,model\n66,0001,기록 결선도,History diagram,TM 05\n'),
      },
    },
  })
  expect(check.status()).toBe(200)

  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Import history' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Import history' })).toBeVisible()
  await hydrated(page)
  const search = page.getByRole('search', { name: 'Find imports' })
  await search.getByLabel('File name').fill(file)
  await search.getByLabel('State').selectOption('dry-run')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Found: 1' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: file })
  await expect(row.getByText('Dry run')).toBeVisible()
  await expect(row).toContainText('Import Lister')
  await page.getByRole('columnheader', { name: /Rows/ }).getByRole('link').click()
  await expect(page.getByRole('columnheader', { name: /Rows/ })).toHaveAttribute('aria-sort', 'descending')
  await expectCleanAtConsoleWidths(page)

  await row.getByRole('link', { name: file }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Import report #\d+$/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'of 1 rows, 1 would be new' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  // In Korean: the same report and the history.
  await page.goto(`${new URL(page.url()).pathname}?lang=ko`)
  await expect(page.getByRole('heading', { level: 1, name: /^가져오기 보고서 #\d+$/ })).toBeVisible()
  await expect(page.getByText('확인만 함').first()).toBeVisible()
  await expectCleanAtConsoleWidths(page)
  await page.getByRole('link', { name: '가져오기 기록으로 돌아가기' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '가져오기 기록' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: file })).toContainText('확인만 함')
  await expectCleanAtConsoleWidths(page)
})
