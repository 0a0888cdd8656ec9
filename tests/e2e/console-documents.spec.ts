import { expect, test } from '@playwright/test'
import { makePdf } from '#server/seed/demo/demo-files.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'

/**
 * Documents in the console, in Chromium, as an editor (account `documents`): a new revision of a
 * reference document is issued with a new PDF; the public /related-data list then offers the new
 * file with its revision (and no longer the old one), while the console's revision history still
 * downloads the old file. The documents pages are axe-clean in Korean and English (account
 * `documentsAxe`: a code works once per account and step, and the two tests run in parallel).
 */
test.describe.configure({ timeout: 180_000 })

test('an editor issues a new revision: the public list offers the new file, the console keeps the old one', async ({
  page,
}) => {
  // A catalogue document of the demo with a Korean file: its title and current file as the public sees them.
  await page.goto('/related-data?select=1')
  const firstRow = page.locator('.doc-table tbody tr').first()
  const title = (await firstRow.locator('.doc-title').innerText()).trim()
  const oldHref = (await firstRow.locator('.download-list__link').first().getAttribute('href'))!
  const oldName = new URL(oldHref, 'http://x').searchParams.get('origin_file_name')!
  await expect(firstRow.locator('.doc-table__rev')).toContainText('Rev. A')

  await signInConsole(page, 'documents', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '문서·자료' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '자료실 문서' })).toBeVisible()
  await page.getByLabel('문서 번호 또는 제목').fill(title)
  await page.getByLabel('자료 분류').selectOption('1')
  await page.getByRole('search', { name: '문서 검색' }).getByRole('button').click()
  await page.getByRole('table').getByRole('link', { name: title, exact: true }).click()
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/ Rev\. A$/)
  const docNumber = (await heading.innerText()).replace(/ Rev\. A$/, '')

  const revise = page.getByRole('region', { name: '새 개정 발행' })
  const picker = revise.getByLabel('파일 1', { exact: true })
  await expect(picker).toBeEnabled() // hydrated
  const newName = `catalogue-rev-b-${Date.now()}.pdf`
  await picker.setInputFiles({
    name: newName,
    mimeType: 'application/pdf',
    buffer: makePdf('Catalogue revision B', ['Revised ratings table']),
  })
  await expect(revise.getByRole('status').first()).toHaveText(`업로드했습니다: ${newName}`, { timeout: 30_000 })
  await revise.getByRole('button', { name: '새 개정 발행' }).click()
  await expect(page.getByRole('status').filter({ hasText: '새 개정을 발행했습니다.' })).toBeVisible()
  await expect(heading).toHaveText(`${docNumber} Rev. B`)

  // The console keeps revision A with its file, downloadable.
  const history = page.getByRole('region', { name: '개정 이력' })
  await expect(history).toContainText(`${docNumber} Rev. A`)
  const oldLink = history.getByRole('link', { name: new RegExp(oldName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
  const [download] = await Promise.all([page.waitForEvent('download'), oldLink.click()])
  expect(download.suggestedFilename()).toBe(oldName)

  // The public list: the new file with revision B and today's date; the old file is gone.
  await page.goto('/related-data?select=1')
  const row = page.locator('.doc-table tbody tr').filter({ hasText: title })
  await expect(row.locator('.doc-table__rev')).toContainText(docNumber)
  await expect(row.locator('.doc-table__rev')).toContainText('Rev. B')
  await expect(row.getByRole('link', { name: new RegExp(newName.replace(/\./g, '\\.')) })).toBeVisible()
  await expect(row.locator(`a[href="${oldHref}"]`)).toHaveCount(0)
})

test('the documents pages are axe-clean in Korean and English', async ({ page }) => {
  await signInConsole(page, 'documentsAxe', 'ko')
  for (const lang of ['ko', 'en'] as const) {
    for (const path of [
      '/admin/documents/reference',
      '/admin/documents/service',
      '/admin/documents/options?type=2',
      '/admin/documents/serials',
      '/admin/documents/serials/new',
      '/admin/investors?post=new',
    ]) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
    await page.goto(`/admin/documents/service?lang=${lang}`)
    await page.getByRole('table').getByRole('rowheader').first().getByRole('link').click()
    await expect(page.locator('form.docs-form').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.goto(`/admin/documents/reference/new?lang=${lang}`)
    await expectNoSeriousA11yViolations(page)
  }
})
