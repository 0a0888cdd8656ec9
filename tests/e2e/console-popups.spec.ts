import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'
import { koreaLocal } from '../helpers/korea-local.ts'

/**
 * A popup made in the console, in Chromium: scheduled for later it stays off the home page but
 * the preview shows it; moved to now and published, every visitor sees it at once. The editor
 * pages are axe-clean in both languages.
 */
test.describe.configure({ timeout: 90_000 })

/** A number for this run's texts: a retry runs on the database its first try changed. */
const runTag = () => String(Date.now() % 1_000_000)

test('a scheduled popup: preview before its start, public once published for now', async ({ page, browser }) => {
  const tag = runTag()
  const title = `신제품 설명회 안내 ${tag}`
  const bodyKo = `12월 설명회(${tag})에 초대합니다.`
  const bodyEn = `Join our December briefing (${tag}).`
  await signInConsole(page, 'popupsSchedule', 'en')
  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Content' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Popups' }).click()
  await page.getByRole('link', { name: 'New entry' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Popups: new entry' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Nothing filled: the server's messages at the fields.
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please check the marked fields.')
  await expect(page.getByText('This field is required.').first()).toBeVisible()

  await page.getByLabel('Title (Korean)').fill(title)
  await page.getByLabel('Title (English)').fill(`New product briefing ${tag}`)
  await page.getByRole('textbox', { name: 'Body (Korean)' }).fill(bodyKo)
  await page.getByRole('textbox', { name: 'Body (English)' }).fill(bodyEn)
  await page.getByLabel('Shown from (Korea time)').fill(koreaLocal(180))
  await page.getByLabel('Shown until (Korea time)').fill(koreaLocal(60 * 24 * 7))
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible()
  // Without `?done=publish`: that notice must come from the next publish, not from this one.
  const editUrl = page.url().split('?')[0]!

  // A visitor (no console session) does not see it before its start; the preview does.
  const visitor = await browser.newPage()
  await visitor.goto('/')
  await expect(visitor.locator(`.popup[aria-label="${title}"]`)).toHaveCount(0)
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Preview on the public page' }).click(),
  ])
  await expect(preview.getByRole('status').filter({ hasText: 'Preview' })).toBeVisible()
  await expect(preview.getByRole('dialog').getByText(bodyEn)).toBeVisible()
  await preview.close()
  await page.goto('/admin/content')
  await expect(page.getByRole('table', { name: 'Not public yet' })).toContainText('Scheduled: shown from')

  // Moved to now and published again: the visitor sees it on the next request.
  await page.goto(editUrl)
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toHaveCount(0)
  await page.getByLabel('Shown from (Korea time)').fill(koreaLocal(-1))
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page).toHaveURL(/\?done=publish$/)
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible()
  await visitor.goto('/')
  await expect(visitor.getByRole('dialog').getByText(bodyKo)).toBeVisible()
  await visitor.close()

  // Korean console pages.
  await page.goto(`${editUrl}?lang=ko`)
  await expect(page.getByRole('heading', { level: 1, name: '팝업: 편집' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/content/popups')
  await expect(page.getByRole('table')).toContainText(title)
  await expectNoSeriousA11yViolations(page)
})

test('ESG copy: a draft is previewed, then published to the public page', async ({ page, request }) => {
  const lead = `미래 세대를 위한 친환경 밸브 구동 ${runTag()}`
  await signInConsole(page, 'content', 'ko')
  await page.goto('/admin/texts/esg')
  await expect(page.getByRole('heading', { level: 1, name: 'ESG 페이지 문구' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('ESG 경영 · 소개 문장 (한국어)').fill(lead)
  await page.getByRole('button', { name: '임시 저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1개 문구를 임시 저장했습니다' })).toBeVisible()
  expect(await (await request.get('/company/introduction/management')).text()).not.toContain(lead)
  await page.goto('/company/introduction/management?preview=all')
  await expect(page.getByText(lead)).toBeVisible()
  // The notice is above everything (its exit link takes a real click); links inside the site keep the preview.
  const notice = page.locator('.preview-notice')
  await expect(notice).toBeInViewport()
  await hydrated(page)
  await page.locator('header a[href="/company/introduction/info"]').first().click()
  await expect(page).toHaveURL(/\/company\/introduction\/info\?preview=all$/)
  await expect(notice).toBeVisible()
  await page.goto('/company/introduction/management?preview=all')
  await notice.getByRole('link', { name: '미리보기 끝내기' }).click()
  await expect(page).toHaveURL(/\/company\/introduction\/management$/)
  await expect(page.getByText(lead)).toHaveCount(0)
  await expect(notice).toHaveCount(0)
  await page.goto('/admin/texts/esg')
  await page.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(page.getByRole('status').filter({ hasText: '게시했습니다' })).toBeVisible()
  expect(await (await request.get('/company/introduction/management')).text()).toContain(lead)
  await page.goto('/admin/texts/esg?lang=en')
  await expectNoSeriousA11yViolations(page)
})

test('two editors change the same popup: neither loses typing, and the saved one is what they chose', async ({
  page,
  browser,
}) => {
  const tag = runTag()
  await signInConsole(page, 'popups', 'en')
  await page.goto('/admin/content/popups/new?lang=en')
  await hydrated(page)
  await page.getByLabel('Title (Korean)').fill(`충돌 시험 ${tag}`)
  await page.getByLabel('Title (English)').fill(`Conflict trial ${tag}`)
  await page.getByRole('textbox', { name: 'Body (Korean)' }).fill('본문')
  await page.getByRole('textbox', { name: 'Body (English)' }).fill('Body')
  await page.getByLabel('Shown from (Korea time)').fill(koreaLocal(60 * 24 * 30))
  await page.getByLabel('Shown until (Korea time)').fill(koreaLocal(60 * 24 * 31))
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  const editUrl = `${page.url().split('?')[0]!}?lang=en`

  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await signInConsole(other, 'popupsSecond', 'en')
  await other.goto(editUrl)
  await hydrated(other)

  // The first editor renames the Korean title and saves.
  await page.goto(editUrl)
  await hydrated(page)
  await page.getByLabel('Title (Korean)').fill(`첫 편집자의 제목 ${tag}`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()

  // The second, on the page opened before, changes the English title: refused, the typing stays.
  await other.getByRole('textbox', { name: /^Title \(English\)/ }).fill(`Second editor's title ${tag}`)
  await other.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(other.getByRole('alert')).toContainText('최팝업')
  await expect(other.getByRole('textbox', { name: /^Title \(English\)/ })).toHaveValue(`Second editor's title ${tag}`)
  const compare = other.getByRole('region', { name: 'Compare your entries with what 최팝업 saved' })
  await expect(compare.getByRole('heading', { name: 'Title (Korean)' })).toBeVisible()
  await expect(compare.getByRole('heading', { name: 'Title (English)' })).toBeVisible()
  await compare.getByRole('button', { name: 'Title (Korean): Use the saved one' }).click()
  await expect(other.getByRole('textbox', { name: /^Title \(Korean\)/ })).toHaveValue(`첫 편집자의 제목 ${tag}`)
  await expect(other.getByRole('textbox', { name: /^Title \(English\)/ })).toHaveValue(`Second editor's title ${tag}`)
  await expectNoSeriousA11yViolations(other)
  await other.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(other.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()

  // Both changes are what is saved now.
  await page.goto(editUrl)
  await expect(page.getByLabel('Title (Korean)')).toHaveValue(`첫 편집자의 제목 ${tag}`)
  await expect(page.getByLabel('Title (English)')).toHaveValue(`Second editor's title ${tag}`)
  await otherContext.close()

  // The history: every save in words, the two newest compared with the changed words marked.
  await page.getByRole('link', { name: 'History', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Popups: history' })).toBeVisible()
  const versions = page.getByRole('table', { name: 'Saved versions, newest first' })
  await expect(versions.getByRole('row')).toHaveCount(4)
  await expect(versions.getByRole('row').nth(1)).toContainText('오두번째')
  await expect(versions.getByRole('row').nth(1)).toContainText('saved it. Changed: Title (English).')
  await expect(versions.getByRole('row').nth(2)).toContainText('최팝업')
  await expect(versions.getByRole('row').nth(2)).toContainText('Changed: Title (Korean).')
  await expect(versions.getByRole('row').nth(3)).toContainText('created it (not published)')
  const comparison = page.getByRole('region', { name: /^Comparison: version \d+ and version \d+$/ })
  await expect(comparison.getByRole('row', { name: /^Title \(English\)/ }).locator('ins')).toContainText('Second')
  await expectNoSeriousA11yViolations(page)

  // Restore the first version: it becomes what the form holds, and the history says so.
  await versions
    .getByRole('row')
    .nth(3)
    .getByRole('button', { name: /^Restore this version/ })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'The earlier version is restored.' })).toBeVisible()
  await expect(page.getByLabel('Title (Korean)')).toHaveValue(`충돌 시험 ${tag}`)
  await expect(page.getByLabel('Title (English)')).toHaveValue(`Conflict trial ${tag}`)
  await page.goto(`${editUrl.split('?')[0]}/history?lang=ko`)
  await expect(page.getByRole('table', { name: '저장된 버전 (최근 순)' }).getByRole('row').nth(1)).toContainText(
    '이전 버전을 되살렸습니다',
  )
  await expectNoSeriousA11yViolations(page)
})
