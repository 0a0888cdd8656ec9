import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectCleanAtConsoleWidths } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * The page-copy editor (docs/decisions/055-page-copy-editor.md): human labels in the page's
 * sections, the filter box, an edit made with the keyboard alone and seen on the public page, and
 * two editors changing different texts of one page without a conflict; both console languages,
 * axe-clean at 1366 and 768 px.
 */
test.describe.configure({ timeout: 150_000 })

const marker = () => Date.now().toString(36)

/** Tab until `target` has the focus (at most `limit` presses): the keyboard's way there. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error('the target was not reached with Tab')
}

test('recruitment copy in Korean: sections, labels, the filter, and one edit by keyboard alone, live on the page', async ({
  page,
}) => {
  const m = marker()
  await signInConsole(page, 'pageCopy', 'ko')
  await page.goto('/admin/texts/recruitment?lang=ko')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: '채용 페이지 문구' })).toBeVisible()
  const summaries = page.locator('details.page-copy__section > summary .page-copy__title')
  await expect(summaries).toHaveText([
    '페이지 제목과 설명',
    '메뉴',
    '채용 절차',
    '인재상',
    '직무 소개',
    '평가 제도',
    '보상 제도',
    '복리후생',
  ])
  await expect(page.locator('a[aria-label="채용 절차: 공개 페이지에서 보기"]')).toHaveAttribute(
    'href',
    '/recruitment?preview=all#recruitment-procedure',
  )
  await expectCleanAtConsoleWidths(page)

  // Keyboard only: to the filter box, narrow the page, on to the step's title, type, Ctrl+S (save and publish).
  const filter = page.getByRole('searchbox', { name: '문구 찾기' })
  await tabTo(page, filter)
  await page.keyboard.type('임원')
  await expect(page.getByRole('status').filter({ hasText: '개 문구가 맞습니다' })).toBeVisible()
  await expect(page.locator('summary', { hasText: '메뉴' })).toBeHidden()
  const title = page.getByRole('textbox', { name: '채용 절차 · 단계 3 제목 (한국어)' })
  await expect(title).toBeVisible()
  expect(await title.evaluate((el) => el.tagName)).toBe('INPUT')
  await expect(page.getByRole('textbox', { name: '채용 절차 · 단계 3 설명 (한국어)' })).toHaveJSProperty(
    'tagName',
    'TEXTAREA',
  )
  await tabTo(page, title, 10)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(`임원 면접 ${m}`)
  await page.keyboard.press('ControlOrMeta+S')
  await expect(page.getByRole('status').filter({ hasText: '1개 문구를 게시했습니다' })).toBeVisible()

  await page.goto('/recruitment')
  await expect(page.getByRole('heading', { level: 3, name: `임원 면접 ${m}` })).toBeVisible()
})

test('ESG copy in English: two editors change different texts at once, both published without a conflict', async ({
  page,
  browser,
}) => {
  const m = marker()
  await signInConsole(page, 'pageCopyEn', 'en')
  const context = await browser.newContext()
  const other = await context.newPage()
  await signInConsole(other, 'pageCopyEnSecond', 'en')
  for (const p of [page, other]) {
    await p.goto('/admin/texts/esg?lang=en')
    await hydrated(p)
  }
  await expect(page.locator('details.page-copy__section > summary .page-copy__title')).toHaveText([
    'ESG Management',
    'Importance of ESG',
  ])
  await expectCleanAtConsoleWidths(page)

  await page.getByRole('textbox', { name: 'ESG Management · Environment (E): title (English)' }).fill(`Planet ${m}`)
  await other.getByRole('textbox', { name: 'Importance of ESG · Reason 2: title (Korean)' }).fill(`지속 성장 ${m}`)
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 texts published' })).toBeVisible()
  await other.getByRole('button', { name: 'Save and publish' }).click()
  await expect(other.getByRole('status').filter({ hasText: '1 texts published' })).toBeVisible()
  await expect(other.getByRole('region', { name: /Compare your entries/ })).toHaveCount(0)
  await expect(other.getByRole('textbox', { name: 'ESG Management · Environment (E): title (English)' })).toHaveValue(
    `Planet ${m}`,
  )

  await other.goto('/company/introduction/management?lang=ko')
  await expect(other.getByText(`지속 성장 ${m}`)).toBeVisible()
  await other.goto('/company/introduction/management?lang=en')
  await expect(other.getByText(`Planet ${m}`)).toBeVisible()
  await context.close()
})
