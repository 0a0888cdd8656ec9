import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { printDate } from '../../app/routes/morgan/print-date.ts'
import { orderFields } from '../../shared/order-fields.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { E2E_ACCOUNTS, type E2eAccount } from './accounts.ts'
import { hidePopups, hydrated, navigate } from './helpers.ts'

/**
 * The restricted area /morgan in Chromium: the server-side guard, the partner's list (tabs, the
 * ORD inputs, search, pages, messages) and detail (closed groups, keyboard, dash, previous,
 * print), without JavaScript, with axe and at 320 px. The partner and the member without access
 * are made before the server starts (scripts/e2e-accounts.ts). Expected values are read from the
 * API over the same demo orders, not written down here.
 */

type ListItem = { 순번: number; 작업번호: string; 프로젝트명: string; ORD번호: string | null }
type OrderList = { list: ListItem[]; pagination: { page: number; totalRecordCountAll: number } }

async function logIn(request: APIRequestContext, account: E2eAccount) {
  const res = await request.post('/api/login', {
    form: { flag: 'N', username: account.username, password: account.password },
  })
  expect(res.status(), `login of ${account.username}`).toBe(200)
}

/** The list call behind the page (the partner's session), for the expected values. */
async function apiList(
  request: APIRequestContext,
  system: 'ERP' | 'EPS',
  query: Record<string, string>,
): Promise<OrderList> {
  const path = system === 'ERP' ? '/api/morgan/list' : '/api/activeEner/list'
  const res = await request.get(`${path}?${new URLSearchParams(query)}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: OrderList }).data
}

const pathOf = (page: Page) => new URL(page.url()).pathname
const documentIcon = (page: Page) => page.locator('.site-header__tools').getByRole('button', { name: '제작사양 조회' })
const nameInput = (page: Page) => page.getByLabel('프로젝트명', { exact: true })
const ordFirst = (page: Page) => page.getByLabel('ORD 번호 앞 2자리')
const ordSecond = (page: Page) => page.getByLabel('ORD 번호 뒤 4자리')
const rows = (page: Page) => page.locator('.order-table tbody tr')
const workLinks = (page: Page) => page.locator('.order-table__work a')
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test.beforeEach(async ({ page }) => hidePopups(page))

test.describe('guard', () => {
  test('an anonymous visitor ends at home, from the list, a detail or any address of the area', async ({ page }) => {
    for (const url of [
      '/morgan',
      '/morgan?type=EPS&ord=25',
      '/morgan/detail/ERP/E19-000001',
      '/morgan/detail/XYZ/1',
      '/morgan/anything',
    ]) {
      const response = await page.goto(url)
      expect(pathOf(page), url).toBe('/')
      expect(response?.request().redirectedFrom()?.url(), url).toContain('/morgan')
    }
  })

  test('a member without access ends at home, also after a client-side navigation (full reload)', async ({ page }) => {
    await logIn(page.request, E2E_ACCOUNTS.member)
    await page.goto('/morgan?type=ERP&ord=19')
    expect(pathOf(page)).toBe('/')
    await page.goto('/recruitment')
    await hydrated(page)
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true))
    await navigate(page, '/morgan')
    await expect(page).toHaveURL(/\/$/)
    // A new document: the marker of the old one is gone.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false))
      .toBe(false)
  })

  test('a member without access pressing the document icon sees the permission-denied modal', async ({ page }) => {
    await logIn(page.request, E2E_ACCOUNTS.member)
    await page.goto('/recruitment')
    await hydrated(page)
    await documentIcon(page).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('접근 권한이 없습니다.')
    await dialog.getByRole('button', { name: '확인' }).click()
    await expect(dialog).toBeHidden()
    expect(pathOf(page)).toBe('/recruitment')
  })
})

test.describe('partner: list', () => {
  test.beforeEach(async ({ page }) => logIn(page.request, E2E_ACCOUNTS.partner))

  test('the document icon enters /morgan; back returns to the page it came from, also after a search', async ({
    page,
  }) => {
    await page.goto('/recruitment')
    await hydrated(page)
    await documentIcon(page).click()
    await expect(page).toHaveURL(/\/morgan$/)
    await expect(page.getByRole('heading', { level: 1, name: '제작사양 조회' })).toBeVisible()
    await expect(page.getByText('검색어를 입력해 주세요.')).toBeVisible()
    // The restricted area's own header, not the site's.
    await expect(page.locator('.site-header')).toHaveCount(0)
    await ordFirst(page).fill('19')
    await page.getByRole('button', { name: '검색' }).click()
    await expect(page).toHaveURL(/\/morgan\?type=ERP&ord=19$/)
    await page.getByRole('link', { name: 'EPS' }).click()
    await expect(page).toHaveURL(/type=EPS/)
    await page.locator('.restricted-header').getByRole('link', { name: '뒤로' }).click()
    await expect(page).toHaveURL(/\/recruitment$/)
  })

  test('the tabs switch the system, keep the search words and start at page 1', async ({ page }) => {
    const eps = await apiList(page.request, 'EPS', { ord: '19' })
    const epsWorkNo = eps.list[0]!.작업번호
    await page.goto('/morgan?type=ERP&ord=19&page=2')
    await hydrated(page)
    const tabs = page.getByRole('navigation', { name: '조회 구분' })
    await expect(tabs.getByRole('link', { name: 'ERP' })).toHaveAttribute('aria-current', 'page')
    await expect(workLinks(page).first()).toBeVisible()
    await expect(page.getByRole('link', { name: epsWorkNo })).toHaveCount(0)
    await tabs.getByRole('link', { name: 'EPS' }).click()
    await expect(page).toHaveURL(/\/morgan\?type=EPS&ord=19$/)
    await expect(tabs.getByRole('link', { name: 'EPS' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.getByRole('link', { name: 'ERP' })).not.toHaveAttribute('aria-current', /.*/)
    await expect(page.getByRole('link', { name: epsWorkNo })).toBeVisible()
    await expect(
      page.getByText(`검색 결과 ${eps.pagination.totalRecordCountAll.toLocaleString('ko-KR')}건`),
    ).toBeVisible()
    await expect(ordFirst(page)).toHaveValue('19')
  })

  test('the ORD inputs take digits only: a typed hyphen or letter is refused, the lengths hold, a pasted number splits', async ({
    page,
  }) => {
    await page.goto('/morgan')
    await hydrated(page)
    await expect(ordFirst(page)).toHaveAttribute('maxlength', '2')
    await expect(ordSecond(page)).toHaveAttribute('maxlength', '4')
    await expect(ordFirst(page)).toHaveAttribute('inputmode', 'numeric')
    await ordFirst(page).pressSequentially('2-a5x9')
    await expect(ordFirst(page)).toHaveValue('25')
    await ordSecond(page).pressSequentially('-01ㄱb0-07')
    await expect(ordSecond(page)).toHaveValue('0100')
    // A pasted whole number fills both parts.
    await ordFirst(page).fill('')
    await ordSecond(page).fill('')
    await ordFirst(page).evaluate((input) => {
      const data = new DataTransfer()
      data.setData('text/plain', '24-0312')
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    })
    await expect(ordFirst(page)).toHaveValue('24')
    await expect(ordSecond(page)).toHaveValue('0312')
    await expect(nameInput(page)).toHaveAttribute('maxlength', '100')
  })

  test('search by part of a project name, by ORD number, and page 2', async ({ page }) => {
    const sample = (await apiList(page.request, 'ERP', { ord: '19' })).list[0]!
    const word = sample.프로젝트명.split(' ')[1]!.slice(0, 2)
    const byName = await apiList(page.request, 'ERP', { location: word })
    await page.goto('/morgan')
    await hydrated(page)
    await nameInput(page).fill(word)
    await nameInput(page).press('Enter')
    await expect(page).toHaveURL(`/morgan?type=ERP&name=${encodeURIComponent(word)}`)
    await expect(
      page.getByText(`검색 결과 ${byName.pagination.totalRecordCountAll.toLocaleString('ko-KR')}건`),
    ).toBeVisible()
    const projects = await page.locator('.order-table__project').allTextContents()
    expect(projects.length).toBe(Math.min(30, byName.pagination.totalRecordCountAll))
    for (const project of projects) expect(project.replace(/\s/g, '')).toContain(word)

    await nameInput(page).fill('')
    await ordFirst(page).fill('19')
    await ordSecond(page).fill('0')
    await page.getByRole('button', { name: '검색' }).click()
    await expect(page).toHaveURL('/morgan?type=ERP&ord=19-0')
    // The address changes before the new rows are drawn: wait until every row is of the ORD asked for.
    await expect
      .poll(async () => {
        const ords = await page.locator('tbody .order-table__ord').allTextContents()
        return ords.length > 0 && ords.every((ord) => /^19-0/.test(ord))
      })
      .toBe(true)

    const all = await apiList(page.request, 'ERP', { ord: '19' })
    const total = all.pagination.totalRecordCountAll
    expect(total).toBeGreaterThan(30)
    await page.goto('/morgan?type=ERP&ord=19')
    await hydrated(page)
    await expect(rows(page)).toHaveCount(30)
    await expect(rows(page).first().locator('td').first()).toHaveText(String(total))
    await page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '2 페이지' }).click()
    await expect(page).toHaveURL('/morgan?type=ERP&ord=19&page=2')
    await expect(rows(page).first().locator('td').first()).toHaveText(String(total - 30))
    const second = await apiList(page.request, 'ERP', { ord: '19', page: '2' })
    await expect(workLinks(page).first()).toHaveText(second.list[0]!.작업번호)
  })

  test('messages: a prompt before any search, "no results", and a rule broken (400, never a 500)', async ({ page }) => {
    await page.goto('/morgan?type=EPS')
    await expect(page.getByRole('status').filter({ hasText: '검색어를 입력해 주세요.' })).toBeVisible()
    await expect(page.locator('.order-table')).toHaveCount(0)
    await page.goto(`/morgan?type=EPS&name=${encodeURIComponent('존재하지않는프로젝트')}`)
    await expect(page.getByRole('status').filter({ hasText: '검색 결과가 없습니다.' })).toBeVisible()
    for (const [url, message] of [
      ['/morgan?type=ERP&ord=25-01000', 'ORD 번호는 숫자 2자리와 4자리 이내로'],
      [`/morgan?type=ERP&ord=${encodeURIComponent("25-0100'--")}`, 'ORD 번호는 숫자 2자리와 4자리 이내로'],
      [`/morgan?type=ERP&name=${'가'.repeat(101)}`, '프로젝트명은 100자 이내로'],
      ['/morgan?type=ABC&name=x', '조회 구분은 ERP 또는 EPS만 가능합니다.'],
    ] as const) {
      const response = await page.goto(url)
      expect(response?.status(), url).toBe(400)
      await expect(page.getByText(message), url).toBeVisible()
      expect(response?.headers()['cache-control']).toBe('private, no-store')
    }
  })

  test('the restricted area stays Korean on an English visit', async ({ page }) => {
    await page.goto('/morgan?lang=en')
    await expect(page.locator('.restricted')).toHaveAttribute('lang', 'ko')
    await expect(page.getByRole('heading', { level: 1, name: '제작사양 조회' })).toBeVisible()
    await expect(page.getByText('검색어를 입력해 주세요.')).toBeVisible()
  })
})

test.describe('partner: detail', () => {
  test.beforeEach(async ({ page }) => logIn(page.request, E2E_ACCOUNTS.partner))

  test('groups start closed, open by keyboard, show a dash when empty; previous returns to the list as it was', async ({
    page,
  }) => {
    const second = await apiList(page.request, 'ERP', { ord: '19', page: '2' })
    const order = second.list[0]!
    await page.goto('/morgan?type=ERP&ord=19&page=2')
    await hydrated(page)
    await page.getByRole('link', { name: order.작업번호 }).click()
    await expect(page).toHaveURL(`/morgan/detail/ERP/${order.작업번호}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${order.작업번호} ${order.프로젝트명}`)
    await expect(page.getByRole('heading', { level: 2, name: '기계 사양' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: '전기 사양' })).toBeVisible()
    const summaries = page.locator('summary')
    await expect(summaries).toHaveCount(10)
    await expect(page.locator('details[open]')).toHaveCount(0)
    await expect(page.locator('dd').first()).toBeHidden()

    // Enter on the first, Space on 공급 전원.
    await summaries.first().focus()
    await page.keyboard.press('Enter')
    const actuator = page.locator('details').first()
    await expect(actuator).toHaveAttribute('open', '')
    await expect(actuator.locator('.order-spec__field', { hasText: '작업번호' }).locator('dd')).toHaveText(
      order.작업번호,
    )
    const power = page.locator('details', { has: page.locator('summary', { hasText: '공급 전원' }) })
    await power.locator('summary').focus()
    await page.keyboard.press('Space')
    await expect(power).toHaveAttribute('open', '')
    // No demo order has a second memo.
    const memo2 = power
      .locator('.order-spec__field', { has: page.locator('dt', { hasText: /^메모 2$/ }) })
      .locator('dd')
    await expect(memo2).toBeVisible()
    await expect(memo2).toHaveText('-')
    await expect(page.locator('details[open]')).toHaveCount(2)

    await page.getByRole('link', { name: '이전', exact: true }).click()
    await expect(page).toHaveURL('/morgan?type=ERP&ord=19&page=2')
    await expect(page.getByRole('link', { name: order.작업번호 })).toBeVisible()
    await expect(ordFirst(page)).toHaveValue('19')
  })

  test('opened directly, previous leads to the list of its system; EPS groups are collapsible themselves', async ({
    page,
  }) => {
    const order = (await apiList(page.request, 'EPS', { ord: '19' })).list[0]!
    await page.goto(`/morgan/detail/eps/${order.작업번호}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.작업번호)
    await expect(page.locator('summary').first()).toHaveText('액추에이터 정보')
    await expect(page.locator('details')).toHaveCount(10)
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0)
    await page.getByRole('link', { name: '이전', exact: true }).click()
    await expect(page).toHaveURL('/morgan?type=EPS')
  })

  test('an unknown work number or system is a 404 page in the area', async ({ page }) => {
    for (const url of [
      '/morgan/detail/ERP/E00-999999',
      '/morgan/detail/ABC/E19-000001',
      '/morgan/detail/ERP/%3Cscript%3E',
    ]) {
      const response = await page.goto(url)
      expect(response?.status(), url).toBe(404)
      await expect(page.locator('.restricted-header')).toBeVisible()
      await expect(page.locator('.error-page__status')).toHaveText('404')
    }
  })

  test('printing shows every field with all groups open, a print header with the work number and the date, no buttons', async ({
    page,
  }) => {
    const order = (await apiList(page.request, 'ERP', { ord: '19' })).list[0]!
    const before = printDate(new Date())
    await page.goto(`/morgan/detail/ERP/${order.작업번호}`)
    await hydrated(page)
    await expect(page.locator('.print-header')).toBeHidden()
    await page.emulateMedia({ media: 'print' })
    const header = page.locator('.print-header')
    await expect(header).toBeVisible()
    await expect(header).toContainText(`작업번호 ${order.작업번호}`)
    const printed = (await header.textContent()) ?? ''
    expect(
      [before, printDate(new Date())].some((date) => printed.includes(`출력일 ${date}`)),
      printed,
    ).toBe(true)
    const fields = page.locator('.order-spec__field')
    await expect(fields).toHaveCount(orderFields('ERP').length)
    const hidden = await fields.evaluateAll((all) => all.filter((el) => el.getBoundingClientRect().height === 0).length)
    expect(hidden).toBe(0)
    await expect(fields.last()).toBeVisible()
    await expect(page.locator('.restricted-header')).toBeHidden()
    await expect(page.getByRole('link', { name: '이전', exact: true })).toBeHidden()
    await page.emulateMedia({ media: 'screen' })
    await expect(page.locator('details[open]')).toHaveCount(0)

    // The print handler opens every group and closes again those that were closed.
    await page.locator('summary').nth(1).click()
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
    await expect(page.locator('details:not([open])')).toHaveCount(0)
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))
    await expect(page.locator('details[open]')).toHaveCount(1)
    await expect(page.locator('details').nth(1)).toHaveAttribute('open', '')
  })
})

test.describe('partner: without JavaScript, accessibility, small screens', () => {
  test('the list form works without JavaScript: it lands on the canonical address with results', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await logIn(page.request, E2E_ACCOUNTS.partner)
    const total = (await apiList(page.request, 'EPS', { ord: '19' })).pagination.totalRecordCountAll
    await page.goto('/morgan')
    await page.getByRole('link', { name: 'EPS' }).click()
    await expect(page).toHaveURL('/morgan?type=EPS')
    await ordFirst(page).fill('19')
    await ordFirst(page).press('Enter')
    await expect(page).toHaveURL('/morgan?type=EPS&ord=19')
    await expect(page.getByText(`검색 결과 ${total.toLocaleString('ko-KR')}건`)).toBeVisible()
    await expect(rows(page).first()).toBeVisible()
    // Groups open without script too.
    await workLinks(page).first().click()
    await page.locator('summary').first().click()
    await expect(page.locator('details').first().locator('dd').first()).toBeVisible()
    await context.close()
  })

  test('axe: the list with results and a detail with a group open have no serious or critical violation', async ({
    page,
  }) => {
    await logIn(page.request, E2E_ACCOUNTS.partner)
    await page.goto('/morgan?type=ERP&ord=19')
    await hydrated(page)
    await expectNoSeriousA11yViolations(page)
    await page.goto('/morgan')
    await hydrated(page)
    await expectNoSeriousA11yViolations(page)
    await page.goto('/morgan?type=ERP&ord=25-01000')
    await hydrated(page)
    await expectNoSeriousA11yViolations(page)
    await workLinksFrom(page, '/morgan?type=EPS&ord=19')
    await page.locator('summary').first().click()
    await expectNoSeriousA11yViolations(page)
    await workLinksFrom(page, '/morgan?type=ERP&ord=19')
    await page.locator('summary').nth(2).click()
    await expectNoSeriousA11yViolations(page)
  })

  test('at 320 px the list and the detail need no sideways scrolling', async ({ page }) => {
    await logIn(page.request, E2E_ACCOUNTS.partner)
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/morgan?type=ERP&ord=19')
    await hydrated(page)
    expect(await noSideways(page)).toBeLessThanOrEqual(0)
    await expect(workLinks(page).first()).toBeVisible()
    await workLinks(page).first().click()
    await expect(page).toHaveURL(/\/morgan\/detail\//)
    for (const summary of await page.locator('summary').all()) await summary.click()
    expect(await noSideways(page)).toBeLessThanOrEqual(0)
  })
})

/** Opens the first order of a list. */
async function workLinksFrom(page: Page, list: string) {
  await page.goto(list)
  await hydrated(page)
  await workLinks(page).first().click()
  await expect(page).toHaveURL(/\/morgan\/detail\//)
}
