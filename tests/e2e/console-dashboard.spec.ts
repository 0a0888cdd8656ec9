import { expect, test } from '@playwright/test'
import { expectCleanAtConsoleWidths } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * The console's dashboard and audit trail in sentences (docs/decisions/052-console-audit-sentences.md)
 * as staff use them in Chromium: an editor's change is on the dashboard as a sentence in Korean,
 * linked to its record, and on the audit trail the editor may now open; an administrator reads the
 * dashboard in English with the outbox and the restricted access; axe-clean at 1366 × 900 and 768 px
 * with no sideways scrolling, and the first change reached by keyboard. The console search from the
 * bar's box: by keyboard in Korean for an editor, in English with staff for an administrator.
 */
test.describe.configure({ timeout: 120_000 })

test('an editor’s change reads as a Korean sentence on the dashboard and the audit trail, linked to its record', async ({
  page,
}) => {
  await signInConsole(page, 'dashboard', 'ko')
  // A change: a synonym group of made-up words (nothing else searches for them), removed at the end.
  await page.goto('/admin/search/synonyms?lang=ko')
  await hydrated(page)
  await page.getByRole('textbox', { name: /^동의어/ }).fill('현황점검어, dashcheckword')
  await page.getByRole('button', { name: '묶음 추가' }).click()
  await expect(page.getByRole('status').filter({ hasText: '동의어 묶음을 추가했습니다.' })).toBeVisible()

  await page.goto('/admin?lang=ko')
  await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeVisible()
  const mine = page.getByRole('region', { name: '내 최근 변경' })
  const sentence = mine.getByRole('link', { name: /^현황편집 님이 검색 동의어 #\d+[을를] 만들었습니다$/ })
  await expect(sentence).toBeVisible()
  await expect(mine).toContainText('방금 전')
  await expect(page.getByRole('region', { name: '모든 사람의 최근 변경' })).toContainText('현황편집 님이 검색 동의어')
  // Administrators' parts are not an editor's.
  await expect(page.getByRole('heading', { name: '메일 발송 대기열' })).toHaveCount(0)
  await expectCleanAtConsoleWidths(page)

  // By keyboard: Tab reaches the sentence, Enter follows it to the record.
  await hydrated(page)
  await sentence.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/search\/synonyms#synonym-\d+$/)

  // The editor opens the audit trail now: the same sentence, and no entries of staff accounts.
  await page.goto('/admin/audit?lang=ko')
  await expect(page.getByRole('heading', { level: 1, name: '감사 기록' })).toBeVisible()
  await expect(page.locator('.audit-sentence').first()).toHaveText(
    /^현황편집 님이 검색 동의어 #\d+[을를] 만들었습니다$/,
  )
  await expect(
    page.getByRole('combobox', { name: '대상 유형' }).locator('option', { hasText: '직원 계정' }),
  ).toHaveCount(0)
  await expectCleanAtConsoleWidths(page)

  // Clean up: delete the group through the dialog.
  await page.goto('/admin/search/synonyms?lang=ko&q=dashcheckword')
  await hydrated(page)
  await page.getByRole('button', { name: /현황점검어.*삭제/ }).click()
  await page
    .getByRole('dialog', { name: '동의어 묶음 삭제' })
    .getByRole('button', { name: '삭제', exact: true })
    .click()
  await expect(page).toHaveURL(/done=deleted/)

  // Console search, from the bar's box by keyboard: every word of the query, grouped, each hit a link to its editor.
  await page.getByRole('searchbox', { name: '콘솔 검색' }).focus()
  await page.keyboard.type('TM')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/search\?q=TM$/)
  await expect(page.getByRole('heading', { level: 1, name: '콘솔 검색' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(/^‘TM’ 검색 결과 \d+건$/)
  const products = page.getByRole('region', { name: /^제품 \(\d+\+?\)$/ })
  await expect(products.getByRole('link').first()).toHaveAttribute('href', /^\/admin\/catalogue\/\d+$/)
  // Members and staff are an administrator's.
  await expect(page.getByRole('region', { name: /^회원/ })).toHaveCount(0)
  await expectCleanAtConsoleWidths(page)
  await hydrated(page)
  await products.getByRole('link').first().focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/catalogue\/\d+$/)
})

test('an administrator reads the dashboard in English with the outbox and the restricted access', async ({ page }) => {
  await signInConsole(page, 'dashboardAdmin', 'en')
  await page.goto('/admin?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('heading', { name: "Everyone's recent changes" })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible()
  await expect(page.getByTestId('dashboard-outbox-waiting')).toHaveText(/^\d+$/)
  await expect(page.getByRole('heading', { name: 'Order specifications viewed in the last 7 days' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'See the whole access log' })).toHaveAttribute(
    'href',
    '/admin/access-log',
  )
  await expect(page.getByRole('heading', { name: /^Scheduled: \d+$/ })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  // Console search in English: staff are found for an administrator.
  await page.getByRole('searchbox', { name: 'Search the console' }).fill('e2e.dashboard')
  await page.getByRole('searchbox', { name: 'Search the console' }).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Console search' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(/^\d+ results for ‘e2e\.dashboard’$/)
  await expect(page.getByRole('region', { name: /^Staff \(2\)$/ })).toContainText('e2e.dashboard-admin@example.com')
  await expectCleanAtConsoleWidths(page)
})
