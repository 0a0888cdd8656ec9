import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_ORDER_COUNTS, demoOrders } from '../../server/seed/demo/orders.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { holdScripts, hydrated } from './helpers.ts'
import { readMail } from './mail.ts'

/**
 * The after-sales service request (docs/decisions/065-service-requests.md) as a customer files it:
 * from a unit's page on a phone, a photo attached, the confirmation mail read from the local SMTP
 * server, the link opened, the tracking number and the status page; and the form by keyboard only.
 */
const order = demoOrders('ERP', DEMO_ORDER_COUNTS.ERP).find((o) => o.serial_no && o.model)!
const serial = order.serial_no!
let seq = 0
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${process.pid}.${++seq}@example.com`

test.describe.configure({ timeout: 120_000 })

const COPY = {
  ko: {
    request: '이 제품의 서비스 요청',
    title: 'A/S 신청',
    symptom: '증상 분류',
    description: '증상 설명',
    files: '첨부 파일',
    site: '현장명 또는 프로젝트명',
    name: '담당자 이름',
    company: '회사명',
    phone: '전화번호',
    email: '이메일',
    contactTime: '연락 가능한 시간',
    consent: '위와 같이 개인정보를 수집·이용하는 데 동의합니다.',
    submit: 'A/S 신청하기',
    sent: '이메일을 확인해 주세요',
    confirm: '신청 확인하기',
    received: '접수',
  },
  en: {
    request: 'Request service for this unit',
    title: 'Request after-sales service',
    symptom: 'Symptom category',
    description: 'Description of the problem',
    files: 'Attachments',
    site: 'Site or project name',
    name: 'Contact name',
    company: 'Company',
    phone: 'Phone',
    email: 'E-mail',
    contactTime: 'Preferred contact time',
    consent: 'I agree to the collection and use of my personal information as described above.',
    submit: 'Send the request',
    sent: 'Please check your e-mail',
    confirm: 'Confirm my request',
    received: 'Received',
  },
} as const

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The form refuses a post sooner than 3 s after it was served: a person takes longer anyway. */
const MIN_FILL_MS = 3200

/** A guest's contact fields of the A/S form. */
async function fillContact(
  page: Page,
  c: (typeof COPY)[keyof typeof COPY],
  who: { name: string; company: string; phone: string; email: string },
) {
  await page.getByLabel(c.name, { exact: false }).first().fill(who.name)
  await page.getByRole('textbox', { name: c.company }).fill(who.company)
  await page.getByRole('textbox', { name: c.phone }).fill(who.phone)
  await page.getByRole('textbox', { name: c.email }).fill(who.email)
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const lang of ['ko', 'en'] as const) {
    test(`files a request with a photo from a unit page and follows it to the status page (${lang})`, async ({
      page,
    }) => {
      const c = COPY[lang]
      const email = uniqueEmail(`as-${lang}`)
      await page.goto(`/id/${serial}${lang === 'en' ? '?lang=en' : ''}`)
      await hydrated(page)
      await page.getByRole('link', { name: c.request }).click()
      await expect(page).toHaveURL(/\/service\/as\/request\?serial=/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.title)
      const opened = Date.now()
      await expect(page.locator('input[name="serial"]')).toHaveValue(serial)

      await page.getByLabel(c.site).fill(lang === 'ko' ? '여주 정수장' : 'Yeoju water works')
      await page.getByLabel(c.symptom).selectOption('abnormal-noise')
      await page.getByLabel(c.description).fill(lang === 'ko' ? '작동할 때 소음이 큽니다.' : 'It grinds when it moves.')
      const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3366aa' } })
        .jpeg()
        .toBuffer()
      await page.getByLabel(c.files).setInputFiles({ name: 'valve.jpg', mimeType: 'image/jpeg', buffer: photo })
      await fillContact(page, c, {
        name: lang === 'ko' ? '이현장' : 'Jamie Field',
        company: lang === 'ko' ? '한국수자원' : 'Water Co.',
        phone: '010-2222-3333',
        email,
      })
      await page.getByRole('textbox', { name: c.contactTime }).fill(lang === 'ko' ? '평일 오전' : 'Weekday mornings')
      await page.getByText(c.consent).click()
      expect(await noSideways(page)).toBeLessThanOrEqual(0)
      await expectNoSeriousA11yViolations(page)
      await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
      await page.getByRole('button', { name: c.submit }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.sent)
      await expect(page.getByRole('status')).toContainText(email)

      const mail = await readMail(email, '/service/as/request/confirm')
      const link = new URL(mail.link)
      await page.goto(`${link.pathname}${link.search}`)
      await page.getByRole('button', { name: c.confirm }).click()
      await expect(page).toHaveURL(/\/service\/as\/requests\/AS-\d{4}-\d{6}\?key=/)
      const tracking = /AS-\d{4}-\d{6}/.exec(page.url())![0]
      await expect(page.getByRole('heading', { level: 1 })).toContainText(tracking)
      await expect(page.getByRole('status')).toContainText(tracking)
      await expect(page.locator('.service-request__state')).toHaveText(c.received)
      await expect(page.getByRole('link', { name: 'valve.jpg' })).toBeVisible()
      expect(await noSideways(page)).toBeLessThanOrEqual(0)
      await expectNoSeriousA11yViolations(page)

      // The acceptance mail links the same status page (without the notice).
      const accepted = await readMail(email, `/service/as/requests/${tracking}`)
      const status = new URL(accepted.link)
      await page.goto(`${status.pathname}${status.search}`)
      await expect(page.locator('.service-request__tracking')).toHaveText(tracking)
    })
  }
})

test('the form can be filled and sent with the keyboard only (1366 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const email = uniqueEmail('as-keys')
  await page.goto('/service/as/request')
  await hydrated(page)
  const opened = Date.now()
  // The skip link, then every field in order.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(page.locator('input[name="serial"]')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.type('TM-BASIC 60')
  await page.keyboard.press('Tab')
  await page.keyboard.type('대구 공단 3호기')
  await page.keyboard.press('Tab')
  await expect(page.locator('select[name="symptom"]')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Tab')
  await page.keyboard.type('리밋 스위치가 동작하지 않습니다.')
  await page.keyboard.press('Tab')
  await page.keyboard.type('정키보드')
  await page.keyboard.press('Tab')
  await page.keyboard.type('대한상사')
  await page.keyboard.press('Tab')
  await page.keyboard.type('02-123-4567')
  await page.keyboard.press('Tab')
  await page.keyboard.type(email)
  // The region (docs/decisions/069-inquiries.md): Korea unless chosen otherwise.
  await page.keyboard.press('Tab')
  await expect(page.locator('select[name="region"]')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.type('언제든지')
  await page.keyboard.press('Tab')
  await expect(page.locator('input[name="consent"]')).toBeFocused()
  await page.keyboard.press('Space')
  // The attachments come last (the text is sent before the files).
  await page.keyboard.press('Tab')
  await expect(page.locator('input[name="files"]')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'A/S 신청하기' })).toBeFocused()
  expect(await page.locator('select[name="symptom"]').inputValue()).not.toBe('')
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('이메일을 확인해 주세요')
  const mail = await readMail(email, '/service/as/request/confirm')
  expect(mail.subject).toContain('A/S 신청을 확인해 주세요')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const lang of ['ko', 'en'] as const) {
    // The confirmation page's address carries a token: its referrer policy must still let the
    // browser name this site as the form's origin, or the cross-site check refuses the post.
    test(`a guest files a request and confirms it from the mail as plain form posts (${lang})`, async ({ page }) => {
      const c = COPY[lang]
      const email = uniqueEmail(`as-nojs-${lang}`)
      await page.goto(`/service/as/request${lang === 'en' ? '?lang=en' : ''}`)
      const opened = Date.now()
      await page.getByLabel(c.symptom).selectOption('no-power')
      await page.getByLabel(c.description).fill(lang === 'ko' ? '전원이 들어오지 않습니다.' : 'It has no power.')
      await fillContact(page, c, {
        name: lang === 'ko' ? '무스크립트' : 'Noscript User',
        company: lang === 'ko' ? '평문상사' : 'Plain Ltd',
        phone: '010-7777-8888',
        email,
      })
      await page.getByText(c.consent).click()
      await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
      await page.getByRole('button', { name: c.submit }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.sent)

      const mail = await readMail(email, '/service/as/request/confirm')
      const link = new URL(mail.link)
      await page.goto(`${link.pathname}${link.search}`)
      await page.getByRole('button', { name: c.confirm }).click()
      await expect(page).toHaveURL(/\/service\/as\/requests\/AS-\d{4}-\d{6}\?key=/)
      await expect(page.locator('.service-request__state')).toHaveText(c.received)
    })
  }
})

test('what is typed and ticked before the page is hydrated stays through hydration and is sent', async ({ page }) => {
  // The page's scripts are held back until the form is filled, as on a slow phone.
  const release = await holdScripts(page)
  const c = COPY.ko
  const email = uniqueEmail('as-early')
  await page.goto('/service/as/request', { waitUntil: 'domcontentloaded' })
  const opened = Date.now()
  await page.getByLabel(c.symptom).selectOption('no-power')
  await page.getByLabel(c.description).fill('전원이 들어오지 않습니다.')
  await fillContact(page, c, { name: '이른입력', company: '빠른상사', phone: '010-3333-4444', email })
  await page.getByText(c.consent).click()
  release()
  await hydrated(page)
  await expect(page.locator('input[name="consent"]')).toBeChecked()
  await expect(page.getByLabel(c.description)).toHaveValue('전원이 들어오지 않습니다.')
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
  await page.getByRole('button', { name: c.submit }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.sent)
})
