import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole } from './console-session.ts'
import { hydrated } from './helpers.ts'

/**
 * A terms version from the console to the public page (docs/decisions/018-change-bus.md): an
 * editor makes a draft of the service terms, saves it, previews it on the real page (which nobody
 * else sees), publishes it; the public page, cached before, shows it at once, with version 1 still
 * a choice away. Axe on the console's pages and the public page in both languages.
 */
test.describe.configure({ timeout: 120_000 })

test('create a terms version, preview it, publish it: the public page shows it, the earlier one stays readable', async ({
  page,
  browser,
}) => {
  const marker = `시행 ${Date.now().toString(36)}`
  const visitor = await browser.newContext()
  const anonymous = await visitor.newPage()
  // A visitor's view of the page, kept by the server's page cache from now on.
  await anonymous.goto('/terms/service')
  await expect(anonymous.getByText('현재 버전', { exact: false }).first()).toBeVisible()

  await signInConsole(page, 'terms', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '약관 관리' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '약관 관리' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/terms?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/terms?lang=ko')

  // A new draft of the service terms starts from the text in force.
  const service = page.getByRole('region', { name: '서비스 이용약관' })
  await service.getByRole('button', { name: '새 초안 만들기' }).click()
  await expect(page).toHaveURL(/\/admin\/terms\/\d+$/)
  await hydrated(page)
  // The rich-text editor (TipTap) shows the HTML as formatted text.
  const korean = page.getByRole('textbox', { name: /본문 \(한국어\)/ })
  await expect(korean).toContainText('제1장 총칙')

  // Korean and English side by side; saved as a draft.
  await page.getByRole('textbox', { name: /제목 \(한국어\)/ }).fill('이용약관')
  await korean.fill(`제1조(목적) 이 약관은 회사가 제공하는 서비스의 이용 조건을 정합니다. ${marker}`)
  await page
    .getByRole('textbox', { name: /본문 \(영어\)/ })
    .fill(`Article 1 (Purpose) These terms set the conditions of use of the Company's services. ${marker}`)
  await page.getByRole('button', { name: '초안 저장' }).click()
  await expect(page.getByRole('status').filter({ hasText: '초안을 저장했습니다.' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The preview opens the real public page in a new tab; only staff see the draft there.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: '공개 페이지에서 미리보기 (새 창)' }).click(),
  ])
  await expect(preview.getByRole('status')).toHaveText(
    '미리보기: 아직 게시하지 않은 초안입니다. 방문자에게는 보이지 않습니다.',
  )
  await expect(preview.getByText(marker)).toBeVisible()
  await expectNoSeriousA11yViolations(preview)
  await preview.close()
  await anonymous.goto(new URL(preview.url()).pathname + new URL(preview.url()).search)
  await expect(anonymous.getByText('제1장 총칙')).toBeVisible()
  await expect(anonymous.getByText(marker)).toHaveCount(0)

  // Published at once (no effective date given).
  await page.getByRole('button', { name: '저장하고 게시' }).click()
  await expect(page.getByRole('status').filter({ hasText: /버전 \d+[을를] 게시했습니다\./ })).toBeVisible()
  await expect(page.getByText('게시 중', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The visitor's next request shows it, although the page was cached.
  await anonymous.goto('/terms/service')
  await expect(anonymous.getByText(marker)).toBeVisible()
  await expect(anonymous.getByText('제1장 총칙')).toHaveCount(0)
  await expectNoSeriousA11yViolations(anonymous)

  // Version 1 is a choice away, with its effective date.
  await hydrated(anonymous)
  await anonymous.getByLabel('버전 선택').selectOption({ label: '버전 1 (2024.01.01 시행)' })
  await anonymous.getByRole('button', { name: '보기' }).click()
  await expect(anonymous).toHaveURL(/version=1$/)
  await expect(anonymous.getByText('2024.01.01부터 시행된 이전 버전입니다.')).toBeVisible()
  await expect(anonymous.getByText('제1장 총칙')).toBeVisible()

  // The same in English.
  await anonymous.goto('/terms/service?lang=en')
  await expect(
    anonymous.getByText(`These terms set the conditions of use of the Company's services. ${marker}`),
  ).toBeVisible()
  await expect(
    anonymous.getByLabel('Choose a version').locator('option', { hasText: 'Version 1 (effective 2024.01.01)' }),
  ).toHaveCount(1)
  await expectNoSeriousA11yViolations(anonymous)
  await visitor.close()
})
