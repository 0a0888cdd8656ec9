import { expect, test, type Page } from '@playwright/test'
import { expectCleanAtConsoleWidths, expectNoSeriousA11yViolations } from './a11y.ts'
import { E2E_STAFF_PASSWORD } from './console-accounts.ts'
import { endSessionKeepingCookie, signInConsole, staffCode } from './console-session.ts'
import { hydrated } from './helpers.ts'
import { readMail } from './mail.ts'

/**
 * The routing of service requests (docs/decisions/071-service-routing.md) as an administrator keeps
 * it: a team added (a bad address refused with the typing kept), a rule added and moved up, in
 * both console languages, axe-clean at 1366 and 768 px. And the dashboard's 3Q figures after a
 * guest's request was filed, confirmed and routed to the demo's A/S team (its mail read from SMTP).
 */
// One after the other: the two languages' tests change the same list of rules.
test.describe.configure({ timeout: 120_000, mode: 'default' })

const COPY = {
  ko: {
    title: '요청 배정 규칙',
    teamName: '팀 이름 (한국어)',
    teamNameEn: '팀 이름 (영어)',
    emails: '이메일 주소 (한 줄에 하나)',
    addTeam: '팀 추가',
    badEmail: '올바르지 않은 이메일 주소가 있습니다.',
    saved: '저장했습니다.',
    newRule: '새 규칙',
    kind: '종류',
    region: '지역',
    team: '팀',
    addRule: '규칙 추가',
    up: (n: number) => `${n}번째 규칙을 위로`,
    moved: '순서를 바꿨습니다.',
    rule: (n: number) => `${n}번째 규칙`,
    deleteTeam: '팀 삭제',
    deleted: '삭제했습니다.',
  },
  en: {
    title: 'Request routing',
    teamName: 'Team name (Korean)',
    teamNameEn: 'Team name (English)',
    emails: 'E-mail addresses (one per line)',
    addTeam: 'Add team',
    badEmail: 'An e-mail address is not valid.',
    saved: 'Saved.',
    newRule: 'New rule',
    kind: 'Kind',
    region: 'Region',
    team: 'Team',
    addRule: 'Add rule',
    up: (n: number) => `Move up (rule ${n})`,
    moved: 'Order changed.',
    rule: (n: number) => `Rule ${n}`,
    deleteTeam: 'Delete team',
    deleted: 'Deleted.',
  },
} as const

const ruleHeadings = (page: Page) => page.locator('#routing-rules-list > li h3')

for (const lang of ['ko', 'en'] as const) {
  test(`an administrator adds a team and a rule and moves the rule up (${lang})`, async ({ page }) => {
    const c = COPY[lang]
    const suffix = `${lang}${Date.now().toString(36)}`
    const name = `점검팀${suffix}`
    await signInConsole(page, lang === 'ko' ? 'routing' : 'routingEn', lang)
    await page.goto(`/admin/routing?lang=${lang}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible()
    await expectCleanAtConsoleWidths(page)

    // A bad address: refused, the typing kept.
    const newTeam = page.locator('.routing-new').filter({ has: page.getByRole('button', { name: c.addTeam }) })
    await newTeam.getByRole('textbox', { name: c.teamName, exact: false }).fill(name)
    await newTeam.getByRole('textbox', { name: c.teamNameEn, exact: false }).fill(`Check ${suffix}`)
    await newTeam
      .getByRole('textbox', { name: c.emails, exact: false })
      .fill(`check.${suffix}@example.com\nnot an address`)
    await newTeam.getByRole('button', { name: c.addTeam }).click()
    await expect(newTeam.getByText(c.badEmail)).toBeVisible()
    await expect(newTeam.getByRole('textbox', { name: c.teamName, exact: false })).toHaveValue(name)
    await expect(newTeam.getByRole('textbox', { name: c.emails, exact: false })).toHaveValue(
      `check.${suffix}@example.com\nnot an address`,
    )
    await newTeam.getByRole('textbox', { name: c.emails, exact: false }).fill(`check.${suffix}@example.com`)
    await newTeam.getByRole('button', { name: c.addTeam }).click()
    await expect(page.getByRole('status').filter({ hasText: c.saved })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(name) })).toBeVisible()

    // A rule for inquiries from Europe to the new team: added at the end, then moved up once.
    const before = await ruleHeadings(page).count()
    const newRule = page.locator('.routing-new').filter({ has: page.getByRole('button', { name: c.addRule }) })
    await newRule.getByRole('combobox', { name: c.kind, exact: true }).selectOption('iq')
    await newRule.getByRole('combobox', { name: c.region, exact: true }).selectOption('europe')
    await newRule.getByRole('combobox', { name: c.team, exact: true }).selectOption({ label: name })
    await newRule.getByRole('button', { name: c.addRule }).click()
    await expect(page.getByRole('status').filter({ hasText: c.saved })).toBeVisible()
    await expect(ruleHeadings(page)).toHaveCount(before + 1)
    const last = page.locator('#routing-rules-list > li').last()
    await expect(last.getByRole('combobox', { name: c.team, exact: true })).toHaveValue(/\d+/)
    const ruleId = await last.getAttribute('id')

    await hydrated(page)
    await page.getByRole('button', { name: c.up(before + 1) }).click()
    await expect(page.getByRole('status').filter({ hasText: c.moved })).toBeVisible()
    const moved = page.locator(`#${ruleId}`)
    await expect(moved.getByRole('heading', { level: 3 })).toHaveText(c.rule(before))
    await expect(moved.getByRole('combobox', { name: c.region, exact: true })).toHaveValue('europe')
    await expectCleanAtConsoleWidths(page)

    // Clean up: the team goes, its rule with it.
    const teamItem = page
      .locator('li.routing-item')
      .filter({ has: page.getByRole('heading', { name: new RegExp(name) }) })
    await teamItem.locator('summary').click()
    await teamItem.getByRole('button', { name: c.deleteTeam }).click()
    await expect(page.getByRole('status').filter({ hasText: c.deleted })).toBeVisible()
    await expect(page.locator(`#${ruleId}`)).toHaveCount(0)
    await expect(ruleHeadings(page)).toHaveCount(before)
  })
}

/** The form refuses a post sooner than 3 s after it was served. */
const MIN_FILL_MS = 3200

async function fileGuestRequest(page: Page, email: string, company: string) {
  await page.goto('/service/as/request?lang=ko')
  const opened = Date.now()
  await page.getByLabel('증상 분류').selectOption('no-power')
  await page.getByLabel('증상 설명').fill('전원이 들어오지 않습니다.')
  await page.locator('input[name="model"]').fill('TM-BASIC 120')
  await page.getByLabel('담당자 이름', { exact: false }).first().fill('배정시험')
  await page.getByRole('textbox', { name: '회사명' }).fill(company)
  await page.getByRole('textbox', { name: '전화번호' }).fill('010-4444-5555')
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByText('위와 같이 개인정보를 수집·이용하는 데 동의합니다.').click()
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
  await page.getByRole('button', { name: 'A/S 신청하기' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('이메일을 확인해 주세요')
  const mail = await readMail(email, '/service/as/request/confirm')
  const link = new URL(mail.link)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByRole('button', { name: '신청 확인하기' }).click()
  await expect(page).toHaveURL(/\/service\/as\/requests\/AS-\d{4}-\d{6}\?key=/)
  return /AS-\d{4}-\d{6}/.exec(page.url())![0]
}

test('a confirmed request is mailed to the A/S team and counted on the dashboard in both languages', async ({
  page,
}) => {
  const email = `e2e.routing-guest.${Date.now().toString(36)}@example.com`
  const tracking = await fileGuestRequest(page, email, '배정시험 주식회사')
  // The demo's A/S team gets the staff notice with the console link.
  // (The newest mail to the address: polled until it is this request's.)
  await expect
    .poll(async () => (await readMail('as@example.com', '/admin/requests/')).text, { timeout: 20_000 })
    .toContain(tracking)
  const notice = await readMail('as@example.com', '/admin/requests/')
  expect(notice.text).toContain('배정시험 주식회사')
  expect(notice.link).toMatch(/\/admin\/requests\/\d+$/)

  await signInConsole(page, 'routingDashboard', 'ko')
  await page.goto('/admin?lang=ko')
  const figures = page.getByRole('region', { name: '서비스 요청 처리 시간' })
  await expect(figures).toBeVisible()
  const table = figures.getByRole('table')
  await expect(table.getByRole('columnheader', { name: '첫 응답 중앙값' })).toBeVisible()
  const teamRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'A/S팀', exact: true }) })
  await expect(teamRow.getByRole('cell').first()).toHaveText(/^[1-9]\d*$/)
  await expect(table.getByRole('rowheader', { name: '전체', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: '1영업일 넘게 열려 있는 요청' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)

  await page.context().clearCookies()
  await signInConsole(page, 'routingDashboardEn', 'en')
  await page.goto('/admin?lang=en')
  const en = page.getByRole('region', { name: 'Service request handling times' })
  await expect(en.getByRole('rowheader', { name: 'After-sales', exact: true })).toBeVisible()
  await expect(en.getByRole('columnheader', { name: 'Resolution, 90th percentile' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Requests open for more than one working day' })).toBeVisible()
  await expectCleanAtConsoleWidths(page)
})

test('a session that ends while a team is typed: signing in again in place adds the team with the typing intact', async ({
  page,
}) => {
  const name = `세션팀${Date.now().toString(36)}`
  await signInConsole(page, 'routingSession', 'en')
  await page.goto('/admin/routing?lang=en')
  await hydrated(page)
  const newTeam = page.locator('.routing-new').filter({ has: page.getByRole('button', { name: 'Add team' }) })
  await newTeam.getByRole('textbox', { name: 'Team name (Korean)' }).fill(name)
  await newTeam.getByRole('textbox', { name: 'Team name (English)' }).fill('Session team')
  await newTeam.getByRole('textbox', { name: 'E-mail addresses (one per line)' }).fill('session.team@example.com')

  // The session ends on the server while the page stays open.
  await endSessionKeepingCookie(page)

  await newTeam.getByRole('button', { name: 'Add team' }).click()
  const signIn = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(signIn).toBeVisible()
  await expect(newTeam.getByRole('textbox', { name: 'Team name (Korean)' })).toHaveValue(name)
  await expectNoSeriousA11yViolations(page)
  await signIn.getByLabel(/^Password/).fill(E2E_STAFF_PASSWORD)
  await signIn.getByLabel(/^Code/).fill(staffCode('routingSession', 1))
  await signIn.getByRole('button', { name: 'Sign in and save' }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 })
  const item = page.locator('li.routing-item').filter({ has: page.getByRole('heading', { name: new RegExp(name) }) })
  await expect(item.getByRole('textbox', { name: 'E-mail addresses (one per line)' })).toHaveValue(
    'session.team@example.com',
  )

  // Clean up.
  await item.locator('summary').click()
  await item.getByRole('button', { name: 'Delete team' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted.' })).toBeVisible()
})
