import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'

/**
 * The console's bulk import in Chromium, as an editor (account `imports`): a reference-document
 * file with mistakes is checked and every problem shows in the table (row, column, message); then
 * 10,000 good rows are checked ("10000 new"), imported with a progress bar that moves and reaches
 * 100 %, and one of them is found by the site search at once. Axe in Korean and English. Runs in
 * the 'publishing' project: the new documents head the public archive lists.
 */
test.describe.configure({ timeout: 120_000 })

const BAD =
  'doc_number,type,title,title_en,색깔\n' + // unknown column
  'DA-CAT-7001,CAT,카탈로그,Catalogue,빨강\n'
const BAD_ROWS =
  'doc_number,type,title,title_en,file_ko\n' +
  'DA-CAT-7001,CAT,,Catalogue,\n' + // missing title
  'DA-CAT-7002,XYZ,카탈로그,Catalogue,\n' + // bad classification
  'DA-CAT-7001,CAT,카탈로그,Catalogue,\n' + // repeated number
  'DA-CAT-7003,CAT,카탈로그,Catalogue,manuals/a.pdf\n' // a file but no ZIP
const GOOD = `\uFEFFdoc_number,type,title,title_en\n${Array.from({ length: 10_000 }, (_, i) =>
  i === 7777
    ? 'DA-SET-07778,SET,미리내 세팅 설명서,Mirinae setting guide'
    : `DA-SET-${String(i + 1).padStart(5, '0')},SET,대량 세팅 설명서 ${i + 1}호,Bulk setting guide no. ${i + 1}`,
).join('\n')}\n`

async function choose(page: Page, name: string, text: string) {
  await page
    .getByLabel(/CSV 또는 XLSX 파일|CSV or XLSX file/)
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
}

test('an editor checks a file with mistakes, then imports 10,000 documents with a progress bar; they are searchable', async ({
  page,
}) => {
  await signInConsole(page, 'imports', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '일괄 가져오기' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '일괄 가져오기' })).toBeVisible()
  await expect(page.getByRole('link', { name: '자료실 문서 CSV 양식' })).toHaveAttribute(
    'href',
    '/admin/import/template?kind=reference&format=csv',
  )
  await expect(page.getByLabel('가져올 항목')).toHaveValue('reference')
  await expect(page.getByRole('button', { name: '가져오기', exact: true })).toBeDisabled()

  // An unknown column: the header's problem.
  await choose(page, 'bad.csv', BAD)
  await page.getByRole('button', { name: '검사' }).click()
  const table = page.getByRole('table', { name: /문제 \d+건/ })
  await expect(table).toContainText('알 수 없는 열입니다')
  // The result is right below the form, in view at 1366×900, and focused.
  await expect(table).toBeInViewport()
  await expect(page.locator('.import-result')).toBeFocused()
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '1',
    '색깔',
    '알 수 없는 열입니다. 필드 키나 한글 이름을 쓰세요.',
  ])

  // Rows with mistakes: every one listed, and the import stays unavailable.
  await choose(page, 'bad-rows.csv', BAD_ROWS)
  await page.getByRole('button', { name: '검사' }).click()
  await expect(page.getByRole('table', { name: '문제 4건: 아무것도 가져오지 않았습니다.' })).toBeVisible()
  const cells = page.getByRole('table').getByRole('row')
  await expect(cells.nth(1).getByRole('cell')).toHaveText(['2', 'title', '값이 필요합니다.'])
  await expect(cells.nth(2).getByRole('cell')).toHaveText([
    '3',
    'type',
    '분류는 1~12의 번호나 분류 코드(CAT, MAN 등)여야 합니다.',
  ])
  await expect(cells.nth(3).getByRole('cell')).toHaveText(['4', 'doc_number', '2행과 같은 문서번호입니다.'])
  await expect(cells.nth(4).getByRole('cell')).toHaveText([
    '5',
    'file_ko',
    "파일 'manuals/a.pdf'를 지정했지만 ZIP 파일이 업로드되지 않았습니다.",
  ])
  await expect(page.getByRole('button', { name: '가져오기', exact: true })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  // 10,000 good rows: the dry run counts them, the import shows its progress up to 100 %.
  await choose(page, 'manuals.csv', GOOD)
  await page.getByRole('button', { name: '검사' }).click()
  await expect(page.getByRole('status')).toHaveText(
    '문제 없음: 10000행 중 새 항목 10000건, 수정 0건. 가져오기를 누르면 반영됩니다.',
    { timeout: 30_000 },
  )
  await page.evaluate(() => {
    const seen: number[] = []
    ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('#import-progress')
      if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value)
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] })
  })
  await page.getByRole('button', { name: '가져오기', exact: true }).click()
  const bar = page.getByRole('progressbar', { name: '가져오기 진행률' })
  await expect(bar).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('가져오기 완료: 10000행 중 새 항목 10000건, 수정 0건, 파일 0개.', {
    timeout: 90_000,
  })
  await expect(bar).toHaveAttribute('max', '10000')
  await expect(bar).toHaveAttribute('value', '10000')
  await expect(page.getByText('10,000 / 10,000행 (100%)')).toBeVisible()
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  expect(
    seen.some((v) => v > 0 && v < 10_000),
    `values seen: ${seen.join(', ')}`,
  ).toBe(true)
  expect(seen.at(-1)).toBe(10_000)
  await expectNoSeriousA11yViolations(page)

  // Found by the site search at once (the change notice emptied the page cache).
  await page.goto(`/search/result?keyword=${encodeURIComponent('미리내 세팅')}`)
  await expect(page.getByRole('link', { name: '미리내 세팅 설명서' }).first()).toBeVisible()

  // In English: the same checks, messages in English.
  await page.goto('/admin/import?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk import' })).toBeVisible()
  await choose(page, 'bad-rows.csv', BAD_ROWS)
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('table', { name: '4 problem(s): nothing was imported.' })).toBeVisible()
  await expect(page.getByRole('table').getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '2',
    'title',
    'A value is required.',
  ])
  await expectNoSeriousA11yViolations(page)
})
