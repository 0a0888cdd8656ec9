import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import type { E2EStaffKey } from './console-accounts.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * Two editors on the same record (docs/decisions/041-console-never-loses-typing.md), for the
 * document, investor notice and terms editors: the first saves, the second's stale save is refused
 * with their typing still in the form and the other's saved values beside their own, field by field;
 * they keep theirs for one field and take the saved one for another, save again, and the public page
 * shows exactly that choice (the other editor's change to the other field is not reverted).
 * Each test signs in its own pair of accounts (a code works once per account and 30-second step).
 */
test.describe.configure({ timeout: 150_000 })

const marker = () => Date.now().toString(36)

/** A second browser (its own cookies) signed in as another account. */
async function secondEditor(browser: Browser, key: E2EStaffKey, lang: 'ko' | 'en') {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInConsole(page, key, lang)
  return { context, page }
}

test('document: a stale save compares both titles and the link; the choice is what the public list shows', async ({
  page,
  browser,
}) => {
  const m = marker()
  await signInConsole(page, 'conflictDocs', 'ko')
  await page.goto('/admin/documents/reference/new?type=3&lang=ko')
  await hydrated(page)
  await page.getByRole('textbox', { name: /^제목 \(한국어\)/ }).fill(`충돌 시험 문서 ${m}`)
  await page.getByRole('textbox', { name: /^제목 \(영어\)/ }).fill(`Conflict test document ${m}`)
  await page.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(page).toHaveURL(/\/admin\/documents\/reference\/\d+\?done=publish$/)
  const address = new URL(page.url()).pathname
  await expect(page.getByRole('link', { name: '변경 기록' })).toHaveAttribute(
    'href',
    `/admin/history/document/${address.split('/').pop()}?archive=reference`,
  )

  const second = await secondEditor(browser, 'conflictDocsSecond', 'ko')
  const other = second.page
  for (const p of [page, other]) {
    await p.goto(`${address}?lang=ko`)
    await hydrated(p)
  }
  const titleKo = (p: Page) => p.getByRole('textbox', { name: /^제목 \(한국어\)/ })
  const titleEn = (p: Page) => p.getByRole('textbox', { name: /^제목 \(영어\)/ })
  const link = (p: Page) => p.getByRole('textbox', { name: /^외부 링크 \(한국어\)/ })

  // The first editor changes the title in both languages and saves.
  await titleKo(page).fill(`먼저 고친 문서 제목 ${m}`)
  await titleEn(page).fill(`Document title by the first editor ${m}`)
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible()

  // The second, on the form opened before, changes the Korean title and the link: refused, nothing lost.
  await titleKo(other).fill(`나중에 고친 문서 제목 ${m}`)
  await link(other).fill(`https://example.com/conflict-${m}`)
  await other.getByRole('button', { name: '저장', exact: true }).click()
  await expect(other.getByRole('alert')).toContainText('문서먼저님이')
  await expect(titleKo(other)).toHaveValue(`나중에 고친 문서 제목 ${m}`)
  await expect(titleEn(other)).toHaveValue(`Conflict test document ${m}`)
  await expect(link(other)).toHaveValue(`https://example.com/conflict-${m}`)

  // Side by side: both titles differ; the link, which only the second editor changed, is listed too (kept: the default).
  const compare = other.getByRole('region', { name: '문서먼저님이 저장한 내용과 내 입력 비교' })
  await expect(compare).toBeVisible()
  await expect(compare.getByText(`먼저 고친 문서 제목 ${m}`)).toBeVisible()
  await expect(compare.getByText(`Document title by the first editor ${m}`)).toBeVisible()
  await expect(compare.getByRole('heading', { name: '문서 번호' })).toHaveCount(0)
  await compare.getByRole('button', { name: '제목 (한국어): 내 입력 유지' }).click()
  await compare.getByRole('button', { name: '제목 (영어): 저장된 내용 쓰기' }).click()
  await expect(titleEn(other)).toHaveValue(`Document title by the first editor ${m}`)
  await expect(titleKo(other)).toHaveValue(`나중에 고친 문서 제목 ${m}`)
  await expect(link(other)).toHaveValue(`https://example.com/conflict-${m}`)
  await expectNoSeriousA11yViolations(other)
  await other.getByRole('button', { name: '저장', exact: true }).click()
  await expect(other.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible()

  // The first editor, still on the page of their own save, types and then unpublishes: refused as stale,
  // and the typing in the document form is untouched by the other form's refusal.
  await titleEn(page).fill(`Unsaved typing ${m}`)
  await page.getByRole('button', { name: '게시 중단' }).click()
  await expect(page.getByRole('alert')).toContainText('문서나중님이')
  await expect(titleEn(page)).toHaveValue(`Unsaved typing ${m}`)
  await expect(titleKo(page)).toHaveValue(`먼저 고친 문서 제목 ${m}`)

  // The public list: the second editor's Korean title (with their link), the first editor's English title.
  await other.goto('/related-data?select=3')
  const row = other.locator('.doc-table tbody tr').filter({ hasText: `나중에 고친 문서 제목 ${m}` })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('link', { name: new RegExp(`나중에 고친 문서 제목 ${m}`) })).toHaveAttribute(
    'href',
    `https://example.com/conflict-${m}`,
  )
  await expect(other.getByText(`먼저 고친 문서 제목 ${m}`)).toHaveCount(0)
  await other.goto('/related-data?select=3&lang=en')
  await expect(other.getByText(`Document title by the first editor ${m}`)).toBeVisible()
  await second.context.close()
})

test('investor notice: a stale save compares title and date; the saved title taken, the own date kept, is what is published', async ({
  page,
  browser,
}) => {
  const m = marker()
  await signInConsole(page, 'conflictNotices', 'en')
  await page.goto('/admin/investors?post=new&lang=en')
  await hydrated(page)
  const created = page.getByRole('region', { name: 'New notice' })
  const category = created.getByRole('combobox', { name: /^Category/ })
  await category.selectOption({ index: 1 })
  const categoryId = await category.inputValue()
  await created.getByRole('textbox', { name: /^Title/ }).fill(`Conflict notice ${m}`)
  await created.getByLabel(/^Date/).fill('2031-03-15')
  await created.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await page.getByRole('link', { name: `Conflict notice ${m}`, exact: true }).click()
  await expect(page).toHaveURL(/post=\d+/)
  const address = new URL(page.url())
  const id = address.searchParams.get('post')!
  await expect(page.getByRole('link', { name: 'History', exact: true })).toHaveAttribute(
    'href',
    `/admin/history/investor-post/${id}`,
  )

  const second = await secondEditor(browser, 'conflictNoticesSecond', 'en')
  const other = second.page
  for (const p of [page, other]) {
    await p.goto(`${address.pathname}${address.search}&lang=en`)
    await hydrated(p)
  }
  const form = (p: Page) => p.getByRole('region', { name: `Conflict notice ${m}` })
  const title = (p: Page) => form(p).getByRole('textbox', { name: /^Title/ })
  const date = (p: Page) => form(p).getByRole('textbox', { name: /^Date/ })

  // The first editor renames the notice and saves.
  await title(page).fill(`Notice renamed by the first editor ${m}`)
  await form(page).getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()

  // The second renames it too and moves its date: refused, both entries still in the form.
  await title(other).fill(`Notice renamed by the second editor ${m}`)
  await date(other).fill('2031-03-16')
  await form(other).getByRole('button', { name: 'Save', exact: true }).click()
  await expect(other.getByRole('alert')).toContainText('공시먼저')
  await expect(title(other)).toHaveValue(`Notice renamed by the second editor ${m}`)
  await expect(date(other)).toHaveValue('2031-03-16')

  const compare = other.getByRole('region', { name: 'Compare your entries with what 공시먼저 saved' })
  await expect(compare).toBeVisible()
  await expect(compare.getByText(`Notice renamed by the first editor ${m}`)).toBeVisible()
  await expect(compare.getByRole('heading', { name: 'Category' })).toHaveCount(0)
  await compare.getByRole('button', { name: 'Title: Use the saved one' }).click()
  await expect(title(other)).toHaveValue(`Notice renamed by the first editor ${m}`)
  await expect(date(other)).toHaveValue('2031-03-16')
  await expectNoSeriousA11yViolations(other)
  await form(other).getByRole('button', { name: 'Save', exact: true }).click()
  await expect(other.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()

  // The public list (Korean only) shows the first editor's title; the console, reloaded, it on the second editor's date.
  await page.goto(`/investment/shareholder?select=${categoryId}&lang=ko`)
  await expect(
    page.locator('.doc-table tbody tr').filter({ hasText: `Notice renamed by the first editor ${m}` }),
  ).toHaveCount(1)
  await expect(page.getByText(`Notice renamed by the second editor ${m}`)).toHaveCount(0)
  await page.goto(`${address.pathname}${address.search}&lang=en`)
  const saved = page.getByRole('region', { name: `Notice renamed by the first editor ${m}` })
  await expect(saved.getByRole('textbox', { name: /^Title/ })).toHaveValue(`Notice renamed by the first editor ${m}`)
  await expect(saved.getByRole('textbox', { name: /^Date/ })).toHaveValue('2031-03-16')
  await second.context.close()
})

test('terms: a stale draft save compares the texts per language; the published version is the chosen mix', async ({
  page,
  browser,
}) => {
  const m = marker()
  await signInConsole(page, 'conflictTerms', 'ko')
  await page.goto('/admin/terms?lang=ko')
  await page.getByRole('region', { name: '개인정보처리방침' }).getByRole('button', { name: '새 초안 만들기' }).click()
  await expect(page).toHaveURL(/\/admin\/terms\/\d+$/)
  const address = new URL(page.url()).pathname
  await expect(page.getByRole('link', { name: '변경 기록' })).toHaveAttribute(
    'href',
    `/admin/history/terms/${address.split('/').pop()}`,
  )

  const second = await secondEditor(browser, 'conflictTermsSecond', 'ko')
  const other = second.page
  for (const p of [page, other]) {
    await p.goto(`${address}?lang=ko`)
    await hydrated(p)
  }
  const titleKo = (p: Page) => p.getByRole('textbox', { name: /^제목 \(한국어\)/ })
  const titleEn = (p: Page) => p.getByRole('textbox', { name: /^제목 \(영어\)/ })
  const bodyEn = (p: Page) => p.getByRole('textbox', { name: /본문 \(영어\)/ })
  await expect(bodyEn(other)).toBeVisible()
  const titleEnBefore = await titleEn(other).inputValue()

  // The first editor retitles the draft in both languages and saves.
  await titleKo(page).fill(`먼저 고친 방침 제목 ${m}`)
  await titleEn(page).fill(`Policy title by the first editor ${m}`)
  await page.getByRole('button', { name: '초안 저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '초안을 저장했습니다.' })).toBeVisible()

  // The second changes the Korean title and the English body: refused, their typing stays.
  await titleKo(other).fill(`나중에 고친 방침 제목 ${m}`)
  await bodyEn(other).fill(`Policy body by the second editor ${m}`)
  await other.getByRole('button', { name: '초안 저장' }).click()
  await expect(other.getByRole('alert')).toContainText('약관먼저님이')
  await expect(titleKo(other)).toHaveValue(`나중에 고친 방침 제목 ${m}`)
  await expect(bodyEn(other)).toContainText(`Policy body by the second editor ${m}`)

  // Side by side: both titles and the English body differ; the untouched Korean body is not listed.
  const compare = other.getByRole('region', { name: '약관먼저님이 저장한 내용과 내 입력 비교' })
  await expect(compare).toBeVisible()
  await expect(compare.getByText(`먼저 고친 방침 제목 ${m}`)).toBeVisible()
  await expect(compare.getByText(`Policy title by the first editor ${m}`)).toBeVisible()
  await expect(compare.getByRole('heading', { name: '본문 (영어)' })).toBeVisible()
  await expect(compare.getByRole('heading', { name: '본문 (한국어)' })).toHaveCount(0)
  await compare.getByRole('button', { name: '제목 (영어): 저장된 내용 쓰기' }).click()
  await expect(titleEn(other)).toHaveValue(`Policy title by the first editor ${m}`)
  await expect(titleKo(other)).toHaveValue(`나중에 고친 방침 제목 ${m}`)
  await expect(bodyEn(other)).toContainText(`Policy body by the second editor ${m}`)
  // Changing one's mind: the field follows the last choice.
  await compare.getByRole('button', { name: '제목 (영어): 내 입력 유지' }).click()
  await expect(titleEn(other)).toHaveValue(titleEnBefore)
  await compare.getByRole('button', { name: '제목 (영어): 저장된 내용 쓰기' }).click()
  await expect(titleEn(other)).toHaveValue(`Policy title by the first editor ${m}`)
  await expectNoSeriousA11yViolations(other)

  // Published at once: the public page in each language shows the chosen mix.
  await other.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(other.getByRole('status').filter({ hasText: /버전 \d+[을를] 게시했습니다\./ })).toBeVisible()
  await page.goto('/terms/privacy')
  await expect(page.getByText(`나중에 고친 방침 제목 ${m}`).first()).toBeVisible()
  await expect(page.getByText(`먼저 고친 방침 제목 ${m}`)).toHaveCount(0)
  await page.goto('/terms/privacy?lang=en')
  await expect(page.getByText(`Policy title by the first editor ${m}`).first()).toBeVisible()
  await expect(page.getByText(`Policy body by the second editor ${m}`)).toBeVisible()
  await second.context.close()
})

test('page texts: a stale publish compares only the text both changed; the rest merges, in both languages', async ({
  page,
  browser,
}) => {
  const m = marker()
  await signInConsole(page, 'conflictTexts', 'ko')
  const second = await secondEditor(browser, 'conflictTextsSecond', 'ko')
  const other = second.page
  for (const p of [page, other]) {
    await p.goto('/admin/texts/recruitment?lang=ko')
    await hydrated(p)
    // The recruitment page's sections start closed: open the three this test types in.
    for (const section of ['채용 절차', '인재상', '직무 소개']) await p.locator('summary', { hasText: section }).click()
  }
  const text = (p: Page, name: string) => p.getByRole('textbox', { name })
  const procedureKo = '채용 절차 · 소개 문장 (한국어)'
  const talentEn = '인재상 · 소개 문장 (영어)'
  const jobsKo = '직무 소개 · 소개 문장 (한국어)'

  // The first editor changes one Korean and one English text and publishes.
  await text(page, procedureKo).fill(`먼저 고친 채용 절차 ${m}`)
  await text(page, talentEn).fill(`Talent text by the first editor ${m}`)
  await page.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(page.getByRole('status').filter({ hasText: '게시했습니다' })).toBeVisible()

  // The second, on the page opened before, changes the same Korean text and another one: refused, nothing lost.
  await text(other, procedureKo).fill(`나중에 고친 채용 절차 ${m}`)
  await text(other, jobsKo).fill(`나중에 고친 직무 소개 ${m}`)
  await other.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(other.getByRole('alert')).toContainText('문구먼저님이')
  await expect(text(other, procedureKo)).toHaveValue(`나중에 고친 채용 절차 ${m}`)
  await expect(text(other, jobsKo)).toHaveValue(`나중에 고친 직무 소개 ${m}`)

  // Only the text both changed is compared; the English one the second did not touch is not.
  const compare = other.getByRole('region', { name: '문구먼저님이 저장한 내용과 내 입력 비교' })
  await expect(compare.getByRole('listitem')).toHaveCount(1)
  await expect(compare.getByText(`먼저 고친 채용 절차 ${m}`)).toBeVisible()
  await expect(compare.getByText(`Talent text by the first editor ${m}`)).toHaveCount(0)
  await expect(compare.getByRole('button', { name: `${procedureKo}: 내 입력 유지` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expectNoSeriousA11yViolations(other)
  await other.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(other.getByRole('status').filter({ hasText: '게시했습니다' })).toBeVisible()

  // The public page: the second editor's Korean texts, the first editor's English one.
  await other.goto('/recruitment')
  await expect(other.getByText(`나중에 고친 채용 절차 ${m}`)).toBeVisible()
  await expect(other.getByText(`나중에 고친 직무 소개 ${m}`)).toBeVisible()
  await expect(other.getByText(`먼저 고친 채용 절차 ${m}`)).toHaveCount(0)
  await other.goto('/recruitment?lang=en')
  await expect(other.getByText(`Talent text by the first editor ${m}`)).toBeVisible()
  await second.context.close()
})
