import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectCleanAtConsoleWidths, expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * The console's search synonyms (/admin/search/synonyms, docs/decisions/047 addendum) as an editor
 * uses them in Chromium, once in the Korean console (account `synonyms`) and once in the English one
 * (`synonymsEn`): a new group is listed, and the public search page (the same kept-page store a
 * visitor reads) finds an entry through it at once; a refused save keeps what was typed; the filter
 * finds groups by any member; the page is axe-clean at 1366 × 900 and 768 px and never scrolls
 * sideways. The groups change what public search finds, so this spec runs in the `publishing`
 * project, and each test deletes its group at the end (through the confirmation dialog).
 */
test.describe.configure({ timeout: 120_000 })

const PAGE = '/admin/search/synonyms'

/** The hit titles the public search page shows a visitor (no console session, no language cookie). */
async function publicHits(browser: Browser, keyword: string, lang: 'ko' | 'en'): Promise<string[]> {
  const visitor = await browser.newPage()
  try {
    await visitor.goto(`/search/result?keyword=${encodeURIComponent(keyword)}&lang=${lang}`)
    await expect(visitor.locator('.search-results__count, .empty-state').first()).toBeVisible()
    return (await visitor.locator('.search-hit__title a').allInnerTexts()).map((title) => title.trim())
  } finally {
    await visitor.close()
  }
}

/** The row of the group holding `member`, by its chip. */
const rowOf = (page: Page, member: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.locator('.synonym-chip', { hasText: new RegExp(`^${member}$`) }) })

/**
 * Deletes, through the filter and the dialog, a group a failed earlier try of this test left
 * holding `member` (a retry runs on the database the first try changed).
 */
async function deleteLeftover(page: Page, member: string, filterLabel: string, dialogName: string, yes: string) {
  await page.getByLabel(filterLabel).fill(member)
  await page.getByLabel(filterLabel).press('Enter')
  await expect(page).toHaveURL(/[?&]q=/)
  await hydrated(page)
  while ((await rowOf(page, member).count()) > 0) {
    await rowOf(page, member).locator('form[method="get"] button').click()
    await page.getByRole('dialog', { name: dialogName }).getByRole('button', { name: yes, exact: true }).click()
    await expect(page).toHaveURL(/done=deleted/)
  }
}

test('Korean console: add a group, see it listed and found by the filter; public search finds through it at once; a refused save keeps the typing; axe-clean', async ({
  page,
  browser,
}) => {
  // Before: an English search for the Korean word finds nothing (and that answer may now be kept).
  await signInConsole(page, 'synonyms', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '검색 동의어' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '검색 동의어' })).toBeVisible()
  await hydrated(page)
  await deleteLeftover(page, 'valve drive', '동의어로 찾기', '동의어 묶음 삭제', '삭제')
  expect(await publicHits(browser, '밸브구동기', 'en')).toEqual([])

  await page.goto(`${PAGE}?lang=ko`)
  await hydrated(page)
  const members = page.getByRole('textbox', { name: /^동의어/ })
  // Refused: one member only. The message is beside the box, and what was typed stays in it.
  await members.fill('밸브구동기')
  await page.getByRole('button', { name: '묶음 추가' }).click()
  await expect(page.getByRole('alert')).toHaveText('표시된 항목을 확인해 주세요.')
  await expect(members).toHaveAttribute('aria-invalid', 'true')
  await expect(members).toHaveAccessibleDescription(/동의어를 두 개 이상 입력해 주세요\./)
  await expect(members).toHaveValue('밸브구동기')
  // Refused: a member of another group (wiring diagram is in the 결선도 group), still kept.
  await members.fill('밸브구동기\nwiring diagram')
  await page.getByRole('button', { name: '묶음 추가' }).click()
  await expect(members).toHaveAccessibleDescription(/다른 묶음에 이미 있는 동의어가 있습니다\./)
  await expect(members).toHaveValue('밸브구동기\nwiring diagram')
  await expectCleanAtConsoleWidths(page)

  await members.fill('밸브구동기, valve drive')
  await page.getByRole('button', { name: '묶음 추가' }).click()
  await expect(page.getByRole('status').filter({ hasText: '동의어 묶음을 추가했습니다.' })).toBeVisible()
  const row = rowOf(page, '밸브구동기')
  await expect(row.locator('.synonym-chip')).toHaveText(['밸브구동기', 'valve drive'])
  await expect(row.locator('time').first()).toHaveText(/^\d{4}\. \d{1,2}\. \d{1,2}\./)
  await expect(row).toContainText('방금 전')
  // The add form is empty again for the next group.
  await expect(members).toHaveValue('')

  // Public search uses the group at once: the Korean word finds the English entry holding "valve drive".
  expect(await publicHits(browser, '밸브구동기', 'en')).toContain(
    'Valve drive with a non-contact absolute position detector',
  )

  // The filter finds the group by any member, in any spacing or case.
  const filter = page.getByRole('search', { name: '동의어 묶음 찾기' })
  await filter.getByLabel('동의어로 찾기').fill('Valve Drive')
  await filter.getByRole('button', { name: '찾기' }).click()
  await expect(page.getByTestId('synonyms-total')).toHaveText(/^‘Valve Drive’가 든 묶음 1개 \(전체 \d+개\)$/)
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1)
  await expect(rowOf(page, 'valve drive')).toHaveCount(1)
  await filter.getByLabel('동의어로 찾기').fill('회로도')
  await filter.getByRole('button', { name: '찾기' }).click()
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1)
  await expect(rowOf(page, '결선도')).toHaveCount(1)
  await expect(rowOf(page, '밸브구동기')).toHaveCount(0)
  await page.getByRole('link', { name: '모두 보기' }).click()
  await expect(page.getByTestId('synonyms-total')).toHaveText(/^동의어 묶음 \d+개$/)
  await hydrated(page)
  await expectCleanAtConsoleWidths(page)

  // Delete, confirmed once in the dialog; search no longer uses the group.
  await rowOf(page, '밸브구동기').getByRole('button', { name: '‘밸브구동기, valve drive’ 묶음 삭제' }).click()
  const dialog = page.getByRole('dialog', { name: '동의어 묶음 삭제' })
  await expect(dialog).toContainText('‘밸브구동기, valve drive’ 묶음을 삭제할까요?')
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: '삭제', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '동의어 묶음을 삭제했습니다.' })).toBeVisible()
  await expect(rowOf(page, '밸브구동기')).toHaveCount(0)
  expect(await publicHits(browser, '밸브구동기', 'en')).toEqual([])
})

test('English console: add a group, public search finds through it; edit it in place (a refused edit keeps the typing); filter; axe-clean at 1366 and 768 px', async ({
  page,
  browser,
}) => {
  await signInConsole(page, 'synonymsEn', 'en')
  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Search synonyms' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible()
  await hydrated(page)
  await deleteLeftover(page, 'hydrostation', 'Find by synonym', 'Delete synonym group', 'Delete group')
  expect(await publicHits(browser, 'hydrostation', 'en')).toEqual([])

  await page.goto(`${PAGE}?lang=en`)
  await hydrated(page)
  const members = page.getByRole('textbox', { name: /^Synonyms/ })
  await members.fill('hydrostation')
  await page.getByRole('button', { name: 'Add group' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please check the marked fields.')
  await expect(members).toHaveAccessibleDescription(/Enter at least two synonyms\./)
  await expect(members).toHaveValue('hydrostation')
  await members.fill('hydrostation, water treatment')
  await page.getByRole('button', { name: 'Add group' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Synonym group added.' })).toBeVisible()
  const row = rowOf(page, 'hydrostation')
  await expect(row.locator('.synonym-chip')).toHaveText(['hydrostation', 'water treatment'])
  await expect(row).toContainText('just now')

  // The public English search page finds the water-treatment entries through the new word.
  expect(await publicHits(browser, 'hydrostation', 'en')).toContain('Waterworks')

  // Edit in place: the row becomes the group's form, its members one per line.
  await row.getByRole('link', { name: 'Edit the group ‘hydrostation, water treatment’' }).click()
  const box = page.getByRole('textbox', { name: 'Synonyms of the group ‘hydrostation, water treatment’' })
  await expect(box).toHaveValue('hydrostation\nwater treatment')
  await expect(box).toBeFocused()
  await expectCleanAtConsoleWidths(page)
  // Refused (a member of the 감속기 group): the message beside the box, the typing kept in the row.
  await box.fill('hydrostation\nwater treatment\ngearbox')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(box).toHaveAccessibleDescription(/One of these synonyms is already in another group\./)
  await expect(box).toHaveValue('hydrostation\nwater treatment\ngearbox')
  await box.fill('hydrostation\nwater treatment\nhydro plant')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Synonym group saved.' })).toBeVisible()
  await expect(rowOf(page, 'hydrostation').locator('.synonym-chip')).toHaveText([
    'hydrostation',
    'water treatment',
    'hydro plant',
  ])

  // The filter, by a member's part.
  const filter = page.getByRole('search', { name: 'Find synonym groups' })
  await filter.getByLabel('Find by synonym').fill('hydro')
  await filter.getByLabel('Find by synonym').press('Enter')
  await expect(page.getByTestId('synonyms-total')).toHaveText(/^Groups with ‘hydro’: 1 \(of \d+\)$/)
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1)
  await filter.getByLabel('Find by synonym').fill('no such synonym')
  await filter.getByLabel('Find by synonym').press('Enter')
  await expect(page.getByText('No group holds this synonym.')).toBeVisible()
  await page.getByRole('link', { name: 'Show all' }).click()
  await hydrated(page)
  await expectCleanAtConsoleWidths(page)

  // Clean up: delete through the dialog (Cancel first changes nothing).
  await rowOf(page, 'hydrostation')
    .getByRole('button', { name: /^Delete the group ‘hydrostation/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Delete synonym group' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(rowOf(page, 'hydrostation')).toHaveCount(1)
  await rowOf(page, 'hydrostation')
    .getByRole('button', { name: /^Delete the group ‘hydrostation/ })
    .click()
  await dialog.getByRole('button', { name: 'Delete group' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Synonym group deleted.' })).toBeVisible()
  await expect(rowOf(page, 'hydrostation')).toHaveCount(0)
})
