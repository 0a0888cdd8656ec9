import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'
import { koreaLocal } from '../helpers/korea-local.ts'

/**
 * Per-language publishing (docs/decisions/043-per-language-publishing.md), the missing-translation
 * view of the content home, autosave (044) and the history pages (042), as an editor uses them in
 * Chromium, in both console languages, axe-clean. The popups made here are public on the home page:
 * this spec runs in the `publishing` project.
 */
test.describe.configure({ timeout: 120_000 })

/** A number for this run's texts: a retry runs on the database its first try changed. */
const runTag = () => String(Date.now() % 1_000_000)

/** The home page's HTML in a language, as an anonymous visitor gets it (no console session, no preview). */
async function homeHtml(request: APIRequestContext, lang: 'ko' | 'en'): Promise<string> {
  const response = await request.get(`/?lang=${lang}`)
  expect(response.status()).toBe(200)
  return response.text()
}

/** A textbox by the start of its label (required ones end with " [필수]" / " [Required]"). */
const box = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })

/**
 * The row of buttons under a content form stays inside the viewport, its buttons side by side or
 * wrapped, never on top of one another.
 */
async function expectActionsFit(page: Page) {
  const boxes = await page.locator('.content-actions').evaluateAll((rows) =>
    rows.flatMap((row) =>
      [...row.querySelectorAll('button, label, a')].map((el) => {
        const r = el.getBoundingClientRect()
        return { text: el.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom }
      }),
    ),
  )
  const width = await page.evaluate(() => document.documentElement.clientWidth)
  expect(boxes.length).toBeGreaterThan(0)
  for (const b of boxes) expect(b.right, `${b.text} ends at ${b.right} of ${width}`).toBeLessThanOrEqual(width)
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!]
      const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1
      expect(overlap, `"${a.text}" and "${b.text}" overlap`).toBe(false)
    }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

test('Korean console: Korean published alone, English refused while empty, then published and taken off alone; the translation view; history, comparison and restore', async ({
  page,
  request,
}) => {
  const tag = runTag()
  const titleKo = `한국어 먼저 공지 ${tag}`
  const titleKoChanged = `${titleKo} 수정본`
  const bodyKo = `한국어 본문 ${tag}`
  const titleEn = `English later ${tag}`
  const bodyEn = `English body ${tag}`
  await signInConsole(page, 'languages', 'ko')
  await page.goto('/admin/content/popups/new?lang=ko')
  await expect(page.getByRole('heading', { level: 1, name: '팝업: 새 항목' })).toBeVisible()
  await hydrated(page)
  await box(page, '제목 (한국어)').fill(titleKo)
  await box(page, '본문 (한국어)').fill(bodyKo)
  await page.getByLabel(/^표시 시작\(한국 시간\)/).fill(koreaLocal(-5))
  await page.getByLabel(/^표시 종료\(한국 시간\)/).fill(koreaLocal(60 * 24 * 7))
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '새 항목을 저장했습니다.' })).toBeVisible()
  const editUrl = page.url().split('?')[0]!
  const state = page.locator('.content-state')
  await expect(state).toContainText('한국어: 초안')
  await expect(state).toContainText('영어: 초안')

  // Korean alone goes live: the Korean home page shows it, the English one does not.
  await page.getByRole('button', { name: '한국어만 저장하고 게시' }).click()
  await expect(page).toHaveURL(/\?done=publish-ko$/)
  await expect(page.getByRole('status').filter({ hasText: '한국어를 게시했습니다.' })).toBeVisible()
  await expect(state).toContainText('한국어: 게시 중')
  await expect(state).toContainText('영어: 숨김')
  await expectNoSeriousA11yViolations(page)
  expect(await homeHtml(request, 'ko')).toContain(bodyKo)
  const en = await homeHtml(request, 'en')
  expect(en).not.toContain(bodyKo)
  expect(en).not.toContain(titleKo)

  // The content home lists it as missing its English, with a link to its form.
  await page.goto('/admin/content')
  await expect(page.getByRole('heading', { level: 2, name: '번역이 없거나 오래된 항목' })).toBeVisible()
  const translations = page.getByRole('table', { name: '번역이 없거나 오래된 항목' })
  const row = translations.getByRole('row').filter({ hasText: titleKo })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('팝업')
  await expect(row.getByRole('cell').nth(2)).toHaveText('영어')
  await expect(row).toContainText('비어 있음: 제목, 본문')
  await expectNoSeriousA11yViolations(page)
  await row.getByRole('link', { name: titleKo }).click()
  await expect(page).toHaveURL(editUrl)
  await hydrated(page)

  // English publish with the English still empty: refused at the field, the Korean typing kept.
  await box(page, '제목 (한국어)').fill(titleKoChanged)
  await page.getByRole('button', { name: '영어만 저장하고 게시' }).click()
  await expect(page.getByRole('alert')).toHaveText('표시된 항목을 확인해 주세요.')
  const titleEnBox = box(page, '제목 (영어)')
  await expect(titleEnBox).toHaveAttribute('aria-invalid', 'true')
  await expect(titleEnBox).toHaveAccessibleDescription(/영어를 게시하려면 입력해 주세요\./)
  await expect(box(page, '제목 (한국어)')).toHaveValue(titleKoChanged)
  await expectNoSeriousA11yViolations(page)

  // Filled in and published alone: the English page shows it; the Korean change stays pending.
  await titleEnBox.fill(titleEn)
  await box(page, '본문 (영어)').fill(bodyEn)
  await page.getByRole('button', { name: '영어만 저장하고 게시' }).click()
  await expect(page).toHaveURL(/\?done=publish-en$/)
  await expect(page.getByRole('status').filter({ hasText: '영어를 게시했습니다.' })).toBeVisible()
  await expect(state).toContainText('영어: 게시 중')
  await expect(state).toContainText('한국어: 게시 중 · 게시 후 변경됨')
  expect(await homeHtml(request, 'en')).toContain(bodyEn)
  const ko = await homeHtml(request, 'ko')
  expect(ko).toContain(titleKo)
  expect(ko).not.toContain(titleKoChanged)
  // In the browser, the English visitor sees the popup itself.
  const visitor = await page.context().browser()!.newPage()
  await visitor.goto('/?lang=en')
  await expect(visitor.getByRole('dialog').getByText(bodyEn)).toBeVisible()
  await visitor.close()

  // Taking the English off leaves the Korean page as it was.
  await page.getByRole('button', { name: '영어 게시 중단' }).click()
  await expect(page).toHaveURL(/\?done=unpublish-en$/)
  await expect(page.getByRole('status').filter({ hasText: '영어 게시를 중단했습니다.' })).toBeVisible()
  await expect(state).toContainText('영어: 숨김')
  expect(await homeHtml(request, 'en')).not.toContain(bodyEn)
  expect(await homeHtml(request, 'ko')).toContain(bodyKo)

  // The history: each language's publish in words; the first and the newest version compared.
  await page.getByRole('link', { name: '변경 기록' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '팝업: 변경 기록' })).toBeVisible()
  const versions = page.getByRole('table', { name: '저장된 버전 (최근 순)' })
  await expect(versions.getByRole('row').nth(1)).toContainText('한영게시')
  await expect(versions.getByRole('row').nth(1)).toContainText('영어를 사이트에서 내렸습니다.')
  // (an autosave of the Korean change may come between: the English publish changed at least the English)
  await expect(versions).toContainText(/영어를 게시했습니다\. 바뀐 항목: [^.]*제목 \(영어\), 본문 \(영어\)\./)
  await expect(versions).toContainText('한국어를 게시했습니다.')
  const first = versions.getByRole('row').last()
  await expect(first).toContainText('만들었습니다 (게시 전).')
  await first.getByRole('radio', { name: /^비교 A: 버전 \d+$/ }).check()
  await versions
    .getByRole('row')
    .nth(1)
    .getByRole('radio', { name: /^비교 B: 버전 \d+$/ })
    .check()
  await page.getByRole('button', { name: '선택한 두 버전 비교' }).click()
  const comparison = page.getByRole('region', { name: /^비교: 버전 \d+ ↔ 버전 \d+$/ })
  await expect(comparison.getByRole('row', { name: /^제목 \(한국어\)/ }).locator('ins')).toHaveText(/수정본/)
  await expect(comparison.getByRole('row', { name: /^제목 \(영어\)/ }).locator('ins')).toContainText('English')
  await expect(comparison.getByRole('row', { name: /^제목 \(영어\)/ }).locator('del')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // Restoring the first version: a new version, and the form holds its values.
  const rowsBefore = await versions.getByRole('row').count()
  await first.getByRole('button', { name: /^이 버전 되살리기/ }).click()
  await expect(page).toHaveURL(/\?done=restored$/)
  await expect(page.getByRole('status').filter({ hasText: '이전 버전을 되살렸습니다.' })).toBeVisible()
  await expect(box(page, '제목 (한국어)')).toHaveValue(titleKo)
  await expect(box(page, '제목 (영어)')).toHaveValue('')
  await page.goto(`${editUrl}/history?lang=ko`)
  await expect(versions.getByRole('row')).toHaveCount(rowsBefore + 1)
  await expect(versions.getByRole('row').nth(1)).toContainText('이전 버전을 되살렸습니다.')
})

test('English console: the per-language buttons, badges, field message, translation view and history read in English, axe-clean, and the buttons fit at 1366 and 768 px', async ({
  page,
  request,
}) => {
  const tag = runTag()
  const titleKo = `영문 콘솔 공지 ${tag}`
  const bodyKo = `영문 콘솔 본문 ${tag}`
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInConsole(page, 'languagesEn', 'en')
  await page.goto('/admin/content/popups/new?lang=en')
  await hydrated(page)
  await box(page, 'Title (Korean)').fill(titleKo)
  await box(page, 'Body (Korean)').fill(bodyKo)
  await page.getByLabel(/^Shown from \(Korea time\)/).fill(koreaLocal(-5))
  await page.getByLabel(/^Shown until \(Korea time\)/).fill(koreaLocal(60 * 24 * 7))
  // Publishing both at once needs the English.
  await page.getByRole('button', { name: 'Save and publish', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Please check the marked fields.')
  await expect(box(page, 'Title (Korean)')).toHaveValue(titleKo)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The entry is saved.' })).toBeVisible()
  const editUrl = page.url().split('?')[0]!

  await page.getByRole('button', { name: 'Save and publish Korean only' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Korean is published.' })).toBeVisible()
  const state = page.locator('.content-state')
  // A popup shown now reads Live (Scheduled before its start, Expired after its end).
  await expect(state).toContainText('Korean: Live')
  await expect(state).toContainText('English: Hidden')
  expect(await homeHtml(request, 'ko')).toContain(bodyKo)
  expect(await homeHtml(request, 'en')).not.toContain(bodyKo)
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await expectActionsFit(page)

  await page.getByRole('button', { name: 'Save and publish English only' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please check the marked fields.')
  await expect(box(page, 'Title (English)')).toHaveAccessibleDescription(/Fill this in to publish the English\./)
  await expect(box(page, 'Title (Korean)')).toHaveValue(titleKo)
  await expectNoSeriousA11yViolations(page)

  // At 768 px the row of buttons wraps and stays on the page.
  await page.setViewportSize({ width: 768, height: 900 })
  await page.goto(`${editUrl}?lang=en`)
  await expectActionsFit(page)
  await page.goto(`${editUrl}?lang=ko`)
  await expectActionsFit(page)
  await page.setViewportSize({ width: 1366, height: 900 })
  await expectActionsFit(page)

  await page.goto('/admin/content?lang=en')
  const translations = page.getByRole('table', { name: 'Missing or outdated translations' })
  const row = translations.getByRole('row').filter({ hasText: titleKo })
  await expect(row.getByRole('cell').nth(2)).toHaveText('English')
  await expect(row).toContainText('Empty: Title, Body')
  await expect(row.getByRole('link', { name: titleKo })).toHaveAttribute('href', new URL(editUrl).pathname)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`${editUrl}/history?lang=en`)
  await expect(page.getByRole('heading', { level: 1, name: 'Popups: history' })).toBeVisible()
  const versions = page.getByRole('table', { name: 'Saved versions, newest first' })
  await expect(versions.getByRole('row').nth(1)).toContainText('영문게시')
  await expect(versions.getByRole('row').nth(1)).toContainText('published the Korean.')
  await expect(versions.getByRole('row').nth(2)).toContainText('created it (not published).')
  await expect(page.getByRole('region', { name: /^Comparison: version \d+ and version \d+$/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('autosave: typing becomes the draft, leaving does not ask, the public page keeps the published text; a reload right after typing asks first, and the reloaded page shows the typing the beacon saved', async ({
  page,
  request,
}) => {
  const tag = runTag()
  const published = `자동 저장 공지 ${tag}`
  const typed = `자동 저장된 제목 ${tag}`
  const body = `자동 저장 본문 ${tag}`
  await signInConsole(page, 'autosave', 'ko')
  await page.goto('/admin/content/popups/new?lang=ko')
  await hydrated(page)
  await box(page, '제목 (한국어)').fill(published)
  await box(page, '제목 (영어)').fill(`Autosave notice ${tag}`)
  await box(page, '본문 (한국어)').fill(body)
  await box(page, '본문 (영어)').fill(`Autosave body ${tag}`)
  await page.getByLabel(/^표시 시작\(한국 시간\)/).fill(koreaLocal(-5))
  await page.getByLabel(/^표시 종료\(한국 시간\)/).fill(koreaLocal(60 * 24 * 7))
  await page.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(page.getByRole('status').filter({ hasText: '게시했습니다.' })).toBeVisible()
  const editUrl = page.url().split('?')[0]!
  await page.goto(`${editUrl}?lang=ko`)
  await hydrated(page)

  // Typing, then nothing for a few seconds: saved as the draft, said in the status line.
  const autosaves: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/autosave')) autosaves.push(r.url())
  })
  await box(page, '제목 (한국어)').fill(typed)
  const status = page.locator('.autosave-status')
  await expect(status).toHaveText(/^자동으로 임시 저장했습니다: .+/, { timeout: 10_000 })
  expect(autosaves).toHaveLength(1)
  await expect(page).toHaveURL(`${editUrl}?lang=ko`)
  await expect(box(page, '제목 (한국어)')).toHaveValue(typed)
  expect(await homeHtml(request, 'ko')).toContain(published)
  expect(await homeHtml(request, 'ko')).not.toContain(typed)

  // Leaving by a console link does not ask: the typing is kept as the draft.
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '대시보드' }).click()
  await expect(page.getByRole('dialog', { name: '저장하지 않은 변경이 있습니다' })).toHaveCount(0)
  await expect(page.getByTestId('dashboard-account')).toBeVisible()
  await page.goto(`${editUrl}?lang=ko`)
  await expect(box(page, '제목 (한국어)')).toHaveValue(typed)
  await expect(page.locator('.content-state')).toContainText('한국어: 게시 중 · 게시 후 변경됨')
  await expect(page.locator('.content-state')).toContainText('영어: 게시 중')
  await expectNoSeriousA11yViolations(page)
  // The visitor still sees the published title.
  const visitor = await page.context().browser()!.newPage()
  await visitor.goto('/')
  await expect(visitor.locator(`.popup[aria-label="${published}"]`)).toHaveCount(1)
  await expect(visitor.locator(`.popup[aria-label="${typed}"]`)).toHaveCount(0)
  await visitor.close()

  // Typing and reloading at once: the browser asks first (the save guard's beforeunload prompt), and
  // going ahead, the page-hide beacon saves the typing as the draft. Chromium fires `pagehide` only once
  // the reloaded page's answer has arrived, so that page is read again when the beacon has landed
  // (autosave.tsx): it shows the typing, and its next autosave is no conflict with the beacon's save.
  await hydrated(page)
  const reloaded = `${typed} 새로고침`
  const prompts: string[] = []
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type())
    void dialog.accept()
  })
  await box(page, '제목 (한국어)').fill(reloaded)
  await page.reload()
  expect(prompts).toEqual(['beforeunload'])
  await expect(box(page, '제목 (한국어)')).toHaveValue(reloaded)
  await hydrated(page)
  await box(page, '제목 (영어)').fill(`Autosave notice ${tag}, after the reload`)
  await expect(status).toHaveText(/^자동으로 임시 저장했습니다: .+/, { timeout: 10_000 })

  // The English console says the same in English.
  await page.goto(`${editUrl}?lang=en`)
  await hydrated(page)
  await box(page, 'Body (English)').fill(`Autosave body ${tag}, typed in English`)
  await expect(status).toHaveText(/^Draft saved automatically at .+/, { timeout: 10_000 })
  await expectNoSeriousA11yViolations(page)

  // The whole run of autosaves is one version in the history.
  await page.goto(`${editUrl}/history?lang=ko`)
  const versions = page.getByRole('table', { name: '저장된 버전 (최근 순)' })
  await expect(versions.getByRole('row')).toHaveCount(3)
  await expect(versions.getByRole('row').nth(1)).toContainText(
    '입력하는 동안 자동으로 임시 저장했습니다. 바뀐 항목: 제목 (한국어), 제목 (영어), 본문 (영어).',
  )
  await expect(versions.getByRole('row').nth(2)).toContainText('만들고 게시했습니다.')
})

test('a product history: two saves compared word by word, the earlier restored into the form and the public page, in both languages', async ({
  page,
}) => {
  const tag = runTag()
  const introA = `Valve actuator for water works, first wording ${tag}`
  const introB = `Valve actuator for water works, second wording ${tag}`
  await signInConsole(page, 'history', 'en')
  await page.goto('/admin/catalogue/10?lang=en')
  await hydrated(page)
  const intro = page.getByLabel('Introduction (English)', { exact: true })
  const saveDetails = async (text: string) => {
    await intro.fill(text)
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/catalogue/10')),
      page.getByRole('button', { name: 'Save details' }).click(),
    ])
    await expect(page.getByRole('status').filter({ hasText: 'Details saved.' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(intro).toHaveValue(text)
  }
  await saveDetails(introA)
  await saveDetails(introB)

  await page.getByRole('link', { name: 'History', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: /: history$/ })).toBeVisible()
  const versions = page.getByRole('table', { name: 'Saved versions, newest first' })
  await expect(versions.getByRole('row').nth(1)).toContainText('기록담당')
  await expect(versions.getByRole('row').nth(1)).toContainText('saved it. Changed: Introduction (English).')
  const comparison = page.getByRole('region', { name: /^Comparison: version \d+ and version \d+$/ })
  const changed = comparison.getByRole('row', { name: /^Introduction \(English\)/ })
  await expect(changed.locator('del')).toHaveText(/first/)
  await expect(changed.locator('ins')).toHaveText(/second/)
  await expectNoSeriousA11yViolations(page)

  await versions
    .getByRole('row')
    .nth(2)
    .getByRole('button', { name: /^Restore this version/ })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Restored:' })).toBeVisible()
  await expect(versions.getByRole('row').nth(1)).toContainText('restored an earlier version.')
  await page.getByRole('link', { name: 'Back to editing' }).click()
  await expect(intro).toHaveValue(introA)
  await page.goto('/product/electric-actuator/wt?lang=en')
  await expect(page.locator('.product__intro')).toHaveText(introA)

  await page.goto(`/admin/history/product/10?lang=ko`)
  const versionsKo = page.getByRole('table', { name: '저장된 버전 (최근 순)' })
  await expect(versionsKo.getByRole('row').nth(1)).toContainText('이전 버전을 되살렸습니다.')
  await expect(page.getByRole('region', { name: /^비교: 버전 \d+ ↔ 버전 \d+$/ }).locator('ins')).not.toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})
