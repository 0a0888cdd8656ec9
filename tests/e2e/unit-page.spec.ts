import { expect, test, type Page } from '@playwright/test'
import { CIRCUIT_SERIALS } from '../../server/seed/demo/catalogue/circuit-serials.ts'
import { DEMO_ORDER_COUNTS, demoOrders, withCircuitSerials } from '../../server/seed/demo/orders.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { E2E_ACCOUNTS } from './accounts.ts'
import { hydrated } from './helpers.ts'

/**
 * The unit page /id/{serial} on a phone (390 px), as a name plate's link opens it
 * (docs/decisions/058-unit-pages.md). The unit is a demo TM-BASIC order whose serial has a circuit
 * diagram, found with the seed's own generator (the server seeded the same orders).
 */
const codes = new Set(CIRCUIT_SERIALS.map((c) => c.code1 + c.code2))
const order = withCircuitSerials(demoOrders('ERP', DEMO_ORDER_COUNTS.ERP), CIRCUIT_SERIALS).find(
  (o) => codes.has(o.serial_no!.slice(2, 8)) && o.model!.startsWith('TM-BASIC'),
)!
const serial = order.serial_no!

test.use({ viewport: { width: 390, height: 844 } })

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('a visitor opens the unit, its circuit diagram and its manual, and can call after-sales, in both languages', async ({
  page,
}) => {
  // As a scanner hands it over: lower case, no hyphen.
  await page.goto(`/id/${serial.toLowerCase().replace('-', '')}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`제품 ${serial}`)
  await expect(page.getByRole('link', { name: 'A/S 전화 031-880-1995' })).toHaveAttribute('href', 'tel:0318801995')
  await expect(page.getByRole('link', { name: 'BASIC 제품 페이지' })).toBeVisible()
  expect(await noSideways(page)).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yViolations(page)

  // The manual: a download of the model's documents.
  const manual = page.getByRole('region', { name: '모델 문서' }).getByRole('listitem').filter({ hasText: '취급설명서' })
  const [download] = await Promise.all([page.waitForEvent('download'), manual.getByRole('link').first().click()])
  expect(download.suggestedFilename()).toMatch(/취급설명서/)

  // The circuit diagram, in the public serial lookup.
  await hydrated(page)
  await page.getByRole('link', { name: '시리얼 번호 결선도 조회에서 보기' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/service/reference/circuit-diagram\\?code=${serial.slice(2, 4)}-${serial.slice(4, 8)}`),
  )
  await expect(page.locator('.serial__result .doc-title').first()).toBeVisible()

  await page.goto(`/id/${serial}?lang=en`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Unit ${serial}`)
  await expect(page.getByRole('link', { name: 'Call after-sales service 031-880-1995' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Model documents' })).toBeVisible()
  expect(await noSideways(page)).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yViolations(page)
})

test('a member with access also sees the specification, and an unknown serial offers the lookup', async ({ page }) => {
  const { username, password } = E2E_ACCOUNTS.unitPartner
  const login = await page.request.post('/api/login', { form: { flag: 'N', username, password } })
  expect(login.status()).toBe(200)
  await page.goto(`/id/${serial}`)
  const spec = page.getByRole('region', { name: '제작 사양' })
  await expect(spec.getByText(order.ord_no!, { exact: true }).first()).toBeVisible()
  await spec.getByText('기계 사양').first().waitFor()
  const first = spec.locator('summary').first()
  await first.click()
  await expect(spec.locator('details[open] dl').first()).toBeVisible()
  await expect(spec.getByRole('link', { name: '제작사양 조회에서 보기' })).toHaveAttribute(
    'href',
    `/morgan/detail/ERP/${order.work_no}`,
  )
  const [download] = await Promise.all([page.waitForEvent('download'), spec.getByTestId('unit-order-package').click()])
  expect(download.suggestedFilename()).toBe(`order-package-${order.work_no}.zip`)
  expect(await noSideways(page)).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yViolations(page)

  const response = await page.goto(`/id/${serial.slice(0, 8)}-ZZZ9`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('등록되지 않은 시리얼 번호')
  await expect(page.getByLabel('시리얼 번호 앞 2자리')).toHaveValue(serial.slice(2, 4))
  await expectNoSeriousA11yViolations(page)
})
