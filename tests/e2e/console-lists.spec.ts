import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectCleanAtConsoleWidths } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * The console lists (docs/decisions/054-console-lists.md) in the browser, in both console
 * languages: search, a status filter, a sortable column (aria-sort), the status badges, and a bulk
 * action with its one confirmation, axe-clean at 1366 and 768 px; in Korean entirely by keyboard
 * (Tab, typing, arrows, Space and Enter) from the search box to the result. It publishes and
 * deletes its own records only (a publishing spec: it runs after the others).
 */

/** Presses Tab until `target` has the focus (at most 80 times), as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('focus never reached the element')
}

/** Two unpublished news videos named after `tag`, made through the form; their edit addresses. */
async function twoVideos(page: Page, tag: string, lang: 'ko' | 'en') {
  const words =
    lang === 'ko'
      ? {
          title: '제목 (한국어)',
          titleEn: '제목 (영어)',
          url: '영상 주소 (한국어)',
          urlEn: '영상 주소 (영어)',
          save: '저장',
        }
      : {
          title: 'Title (Korean)',
          titleEn: 'Title (English)',
          url: 'Video address (Korean)',
          urlEn: 'Video address (English)',
          save: 'Save',
        }
  for (const name of ['가', '나']) {
    await page.goto(`/admin/content/videos/new?lang=${lang}`)
    await hydrated(page)
    const box = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })
    await box(words.title).fill(`목록 영상 ${name} ${tag}`)
    await box(words.titleEn).fill(`List video ${name} ${tag}`)
    await box(words.url).fill('https://www.youtube.com/embed/list')
    await box(words.urlEn).fill('https://www.youtube.com/embed/list')
    await page.getByRole('button', { name: words.save, exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/content\/videos\/\d+\?done=created$/)
  }
}

test('Korean, by keyboard only: search, filter, sort, badges and a bulk publish with its confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const tag = `ko${Date.now().toString(36)}`
  await signInConsole(page, 'lists', 'ko')
  await twoVideos(page, tag, 'ko')
  await page.goto('/admin/content/videos?lang=ko')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: '뉴스 영상' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  // Search: type the words, Enter.
  const search = page.getByRole('search', { name: '목록 검색과 필터' })
  await tabTo(page, search.getByLabel('검색어'))
  await page.keyboard.type(tag)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${tag}`))
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: tag })
  await expect(rows).toHaveCount(2)
  // Badges: both languages of both are drafts.
  await expect(rows.first().locator('.status-badges')).toHaveText('한국어: 초안영어: 초안')

  // Filter: the status select by arrow keys (the first choice after "any" is Draft), then the button.
  await tabTo(page, search.getByLabel('상태'))
  await page.keyboard.press('ArrowDown')
  await expect(search.getByLabel('상태')).toHaveValue('draft')
  await tabTo(page, search.getByRole('button', { name: '검색' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/status=draft/)
  await expect(rows).toHaveCount(2)

  // Sort by title, both ways: the header says which (aria-sort).
  const titleHeader = page.getByRole('columnheader', { name: /제목/ })
  await tabTo(page, titleHeader.getByRole('link'))
  await page.keyboard.press('Enter')
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(rows.first()).toContainText(`목록 영상 가 ${tag}`)
  await tabTo(page, titleHeader.getByRole('link'))
  await page.keyboard.press('Enter')
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(rows.first()).toContainText(`목록 영상 나 ${tag}`)

  // Bulk: select all on this page (Space), Publish (arrow keys), Apply, then the one confirmation.
  await tabTo(page, page.getByRole('checkbox', { name: '이 페이지 모두 선택' }))
  await page.keyboard.press('Space')
  await expect(page.getByRole('checkbox', { name: new RegExp(`${tag} 선택$`) })).toHaveCount(2)
  for (const box of await page.getByRole('checkbox', { name: new RegExp(`${tag} 선택$`) }).all())
    await expect(box).toBeChecked()
  const bulk = page.getByRole('group', { name: '선택한 항목 일괄 작업' })
  await tabTo(page, bulk.getByLabel('작업'))
  await page.keyboard.press('ArrowDown')
  await expect(bulk.getByLabel('작업')).toHaveValue('publish')
  await tabTo(page, bulk.getByRole('button', { name: '적용…' }))
  await page.keyboard.press('Enter')
  const question = page.getByRole('heading', { level: 2, name: '2개 항목을 게시할까요?' })
  await expect(question).toBeFocused()
  await expect(page.getByRole('region', { name: '2개 항목을 게시할까요?' })).toContainText(`목록 영상 가 ${tag}`)
  await expectCleanAtConsoleWidths(page)
  await tabTo(page, page.getByRole('button', { name: '게시', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: '2개 항목을 게시했습니다.' })).toBeVisible()
  // The draft filter no longer finds them; the Live one does, with its badges.
  await expect(rows).toHaveCount(0)
  await page.goto(`/admin/content/videos?lang=ko&q=${tag}&status=live`)
  await expect(rows).toHaveCount(2)
  await expect(rows.first().locator('.status-badges')).toHaveText('한국어: 게시 중영어: 게시 중')

  // Clean up: the videos would stay on the home page of the specs after this one.
  await page.getByRole('checkbox', { name: '이 페이지 모두 선택' }).check()
  await page.getByRole('group', { name: '선택한 항목 일괄 작업' }).getByLabel('작업').selectOption('delete')
  await page.getByRole('button', { name: '적용…' }).click()
  await page.getByRole('button', { name: '삭제', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '2개 항목을 삭제했습니다.' })).toBeVisible()
})

test('English: hide the English of two entries, the badge and the language filter; documents searched, sorted and published in bulk', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const tag = `en${Date.now().toString(36)}`
  await signInConsole(page, 'listsEn', 'en')
  await twoVideos(page, tag, 'en')
  await page.goto(`/admin/content/videos?lang=en&q=${tag}`)
  await hydrated(page)
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: tag })
  await expect(rows).toHaveCount(2)
  // Publish both, then hide their English.
  for (const action of ['publish', 'hide-en'] as const) {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
    await page
      .getByRole('group', { name: 'Bulk action on the selected entries' })
      .getByLabel('Action')
      .selectOption(action)
    await page.getByRole('button', { name: 'Apply…' }).click()
    const question =
      action === 'publish'
        ? 'Publish the selected entries (2)?'
        : 'Hide the selected entries (2) from the English site?'
    await expect(page.getByRole('heading', { level: 2, name: question })).toBeFocused()
    await page
      .getByRole('region', { name: question })
      .getByRole('button', { name: action === 'publish' ? 'Publish' : 'Hide English' })
      .click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: action === 'publish' ? 'Published: 2.' : 'Hidden from the English site: 2.' }),
    ).toBeVisible()
  }
  await expectCleanAtConsoleWidths(page)
  // The language filter: hidden in English finds them, showing the English badge only.
  await page.goto(`/admin/content/videos?lang=en&q=${tag}&status=hidden&language=en`)
  await expect(rows).toHaveCount(2)
  await expect(rows.first().locator('.status-badges')).toHaveText('English: Hidden')
  await page.goto(`/admin/content/videos?lang=en&q=${tag}&status=hidden&language=ko`)
  await expect(page.getByText('Nothing matches.')).toBeVisible()
  // Sorted by the last change, newest first.
  await page.goto(`/admin/content/videos?lang=en&q=${tag}`)
  await page
    .getByRole('columnheader', { name: /Last change/ })
    .getByRole('link')
    .click()
  await expect(page.getByRole('columnheader', { name: /Last change/ })).toHaveAttribute('aria-sort', 'descending')
  // Clean up.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await page
    .getByRole('group', { name: 'Bulk action on the selected entries' })
    .getByLabel('Action')
    .selectOption('delete')
  await page.getByRole('button', { name: 'Apply…' }).click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted: 2.' })).toBeVisible()

  // Documents: a draft made through the form, found by its title, sorted by number, published in bulk.
  await page.goto('/admin/documents/reference/new?lang=en')
  await hydrated(page)
  await page.getByRole('textbox', { name: /^Title \(Korean\)/ }).fill(`목록 문서 ${tag}`)
  await page.getByRole('textbox', { name: /^Title \(English\)/ }).fill(`List document ${tag}`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/documents\/reference\/\d+\?done=created$/)
  await page.goto(`/admin/documents/reference?lang=en&q=${tag}&status=draft`)
  await hydrated(page)
  const docRows = page.getByRole('table').getByRole('row').filter({ hasText: tag })
  await expect(docRows).toHaveCount(1)
  await expect(docRows.locator('.status-badges')).toHaveText('Draft')
  await page
    .getByRole('columnheader', { name: /Document number/ })
    .getByRole('link')
    .click()
  await expect(page.getByRole('columnheader', { name: /Document number/ })).toHaveAttribute('aria-sort', 'ascending')
  await expectCleanAtConsoleWidths(page)
  await docRows.getByRole('checkbox').check()
  await page
    .getByRole('group', { name: 'Bulk action on the selected entries' })
    .getByLabel('Action')
    .selectOption('publish')
  await page.getByRole('button', { name: 'Apply…' }).click()
  await page
    .getByRole('region', { name: 'Publish the selected entries (1)?' })
    .getByRole('button', { name: 'Publish' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Published: 1.' })).toBeVisible()
  await page.goto(`/admin/documents/reference?lang=en&q=${tag}`)
  await expect(docRows.locator('.status-badges')).toHaveText('Live')
})
