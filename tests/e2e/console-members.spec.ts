import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { signInConsole, staffCode } from './console-session.ts'

/**
 * Members and access in the console, in Chromium, as the administrator of the `members` account:
 * search a member, open them, grant the restricted area with a step-up code typed with the form
 * (by keyboard), see the grant in the audit trail; axe on every member page in both languages
 * and a tablet-width check. The member is this spec's own, signed up through the API, so the
 * shared e2e accounts stay as the other specs expect them.
 */
test.describe.configure({ timeout: 120_000 })

const member = {
  username: `e2e.managed.${Date.now().toString(36)}@example.com`,
  password: 'Managed#2026a',
  company: '관리대상밸브',
  division: '품질팀',
  name: '정관리',
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('an administrator finds a member, grants restricted access with a step-up code, sees the audit entry; both languages, tablet width', async ({
  page,
  request,
}) => {
  const signUp = await request.post('/api/sign', { data: { ...member, consent_service: true, consent_privacy: true } })
  expect(signUp.status()).toBe(200)

  await signInConsole(page, 'members', 'ko')
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '회원 관리' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '회원 관리' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Search by company through the GET form.
  await page.getByRole('searchbox', { name: '검색어' }).fill('관리대상밸브')
  await page.getByRole('searchbox', { name: '검색어' }).press('Enter')
  await expect(page).toHaveURL(/\/admin\/members\?q=/)
  await expect(page.getByRole('status').filter({ hasText: /^1건$/ })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: member.username })
  await expect(row).toContainText('이메일 미인증')
  await expect(row).toContainText('없음')
  await expectNoSeriousA11yViolations(page)

  await row.getByRole('link', { name: member.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible()
  await expect(page.getByTestId('member-access')).toHaveText('없음')
  await expect(page.getByRole('table', { name: '약관 동의' })).toContainText('서비스 이용약관')
  await expectNoSeriousA11yViolations(page)

  // Grant with the next step's code, by keyboard: type it and press Enter.
  const grant = page.locator('form').filter({ has: page.getByRole('button', { name: '권한 부여' }) })
  await grant.getByRole('textbox', { name: /인증 코드/ }).fill(staffCode('members', 1))
  await grant.getByRole('textbox', { name: /인증 코드/ }).press('Enter')
  await expect(page.getByRole('status').filter({ hasText: '제작사양 조회 권한을 부여했습니다.' })).toBeVisible()
  await expect(page.getByTestId('member-access')).toHaveText('있음')
  await expect(page.getByRole('button', { name: '권한 회수' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The audit trail has the grant with access_yn before and after.
  await page.goto('/admin/audit?type=member')
  const entry = page.getByRole('row').filter({ hasText: 'member.access-grant' })
  await expect(entry).toHaveCount(1)
  // The change in words, and a link to the member's page.
  await expect(entry).toContainText('access_yn: N → Y')
  await expect(entry.getByRole('link', { name: /^회원 #\d+$/ })).toHaveAttribute('href', /^\/admin\/members\/\d+$/)
  // The entry as a sentence: who changed which member.
  await expect(entry).toContainText(/님이 회원 .+ 변경했습니다/)
  await expect(entry).toContainText('이회원관리')

  // The member list shows the access now.
  await page.goto(`/admin/members?q=${encodeURIComponent(member.username)}`)
  await expect(page.getByRole('row').filter({ hasText: member.username })).toContainText('있음')

  // The other pages of the part, in Korean.
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '주문별 조회 기록' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '주문별 조회 기록' })).toBeVisible()
  await page.getByRole('searchbox', { name: '작업번호 또는 ORD 번호' }).fill('E19-000001')
  await page.getByRole('button', { name: '조회' }).click()
  await expect(page.getByTestId('access-orders')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('navigation', { name: '콘솔 메뉴' }).getByRole('link', { name: '내 계정' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '내 계정' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // In English, at tablet width (one test: the account's codes work once per 30-second step).
  await page.setViewportSize({ width: 820, height: 1180 })
  await page.goto('/admin/members?lang=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Export as CSV' })).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoSeriousA11yViolations(page)
  // The states are a filter; the list shows the newest members first.
  await page.getByRole('combobox', { name: 'State' }).selectOption('active')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/state=active/)
  const first = page.getByRole('row').nth(1).getByRole('link')
  await first.click()
  await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Restricted-area access log' })).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/access-log?lang=en&system=ERP&number=E19-000001')
  await expect(page.getByRole('heading', { level: 1, name: 'Order access log' })).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/account?lang=en')
  await expect(page.getByRole('heading', { level: 2, name: 'Change password' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'New recovery codes' })).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoSeriousA11yViolations(page)
})
