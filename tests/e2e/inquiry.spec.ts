import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hidePopups, hydrated } from './helpers.ts'
import { readMail } from './mail.ts'

/**
 * The inquiry / request for quotation (docs/decisions/069-inquiries.md) as a customer sends it on a
 * phone: from a product page with the model filled in, a photo attached, the confirmation mail read
 * from the local SMTP server, the IQ number on the status page; a member's inquiry received at once
 * and listed on /mypage with the member's other requests.
 */
let seq = 0
const uniqueEmail = (prefix: string) =>
  `e2e.iq-${prefix}.${Date.now().toString(36)}.${process.pid}.${++seq}@example.com`
const PASSWORD = 'Valve#2024a'

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ page }) => hidePopups(page))

const COPY = {
  ko: {
    productLink: '이 모델 문의·견적 요청',
    title: '제품 문의·견적 요청',
    topic: '문의 종류',
    model: '모델명',
    quantity: '수량(대)',
    date: '희망 납기일',
    message: '문의 내용',
    valveType: '밸브 종류',
    valveSize: '밸브 크기',
    torque: '필요 토크',
    voltage: '전원 전압',
    region: '계신 지역',
    files: '첨부 파일',
    name: '담당자 이름',
    company: '회사명',
    phone: '전화번호',
    email: '이메일',
    consent: '위와 같이 개인정보를 수집·이용하는 데 동의합니다.',
    submit: '문의·견적 요청하기',
    sent: '이메일을 확인해 주세요',
    confirm: '신청 확인하기',
    received: '접수',
    requests: '내 신청 내역',
    kind: '문의·견적',
    mypage: '마이페이지',
    menu: '메뉴 열기',
    quantityRequired: '견적 요청에는 수량을 입력해 주세요.',
  },
  en: {
    productLink: 'Inquiry / quotation for this model',
    title: 'Inquiry / request for quotation',
    topic: 'Kind of inquiry',
    model: 'Model',
    quantity: 'Quantity (units)',
    date: 'Required delivery date',
    message: 'Your message',
    valveType: 'Valve type',
    valveSize: 'Valve size',
    torque: 'Required torque',
    voltage: 'Supply voltage',
    region: 'Where you are',
    files: 'Attachments',
    name: 'Contact name',
    company: 'Company',
    phone: 'Phone',
    email: 'E-mail',
    consent: 'I agree to the collection and use of my personal information as described above.',
    submit: 'Send the inquiry',
    sent: 'Please check your e-mail',
    confirm: 'Confirm my request',
    received: 'Received',
    requests: 'My requests',
    kind: 'Inquiry / quotation',
    mypage: 'My page',
    menu: 'Open menu',
    quantityRequired: 'Please enter the quantity for a request for quotation.',
  },
} as const

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The form refuses a post sooner than 3 s after it was served: a person takes longer anyway. */
const MIN_FILL_MS = 3200

async function fillQuotation(page: Page, lang: 'ko' | 'en', email: string | null) {
  const c = COPY[lang]
  await page.getByLabel(c.topic).selectOption('quotation')
  await page.getByRole('textbox', { name: c.quantity }).fill('40')
  await page.getByLabel(c.date).fill('2027-06-30')
  await page
    .getByRole('textbox', { name: c.message })
    .fill(lang === 'ko' ? '정수장 증설용 견적 부탁드립니다.' : 'Please quote for a plant extension.')
  await page.getByRole('textbox', { name: c.valveType }).fill(lang === 'ko' ? '버터플라이 밸브' : 'Butterfly valve')
  await page.getByRole('textbox', { name: c.valveSize }).fill('DN300')
  await page.getByRole('textbox', { name: c.torque }).fill('2500 N·m')
  await page.getByRole('textbox', { name: c.voltage }).fill('AC 380V 3P 60Hz')
  if (email !== null) {
    await page
      .getByLabel(c.name, { exact: false })
      .first()
      .fill(lang === 'ko' ? '박견적' : 'Quinn Quote')
    await page.getByRole('textbox', { name: c.company }).fill(lang === 'ko' ? '한빛플랜트' : 'Bright Plant')
    await page.getByRole('textbox', { name: c.email }).fill(email)
  }
  await page.getByRole('textbox', { name: c.phone }).fill('010-4444-5555')
  await page.getByText(c.consent).click()
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const lang of ['ko', 'en'] as const)
    test(`the inquiry form and its refusal keep to the page and are accessible (${lang})`, async ({ page }) => {
      const c = COPY[lang]
      await page.goto(`/service/as/inquiry${lang === 'en' ? '?lang=en' : ''}`)
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.title)
      await expect(page.getByLabel(c.region)).toHaveValue('domestic')
      expect(await noSideways(page)).toBeLessThanOrEqual(0)
      await expectNoSeriousA11yViolations(page)
      // A quotation without its quantity: the message at the field, the typing kept.
      await page.getByLabel(c.topic).selectOption('quotation')
      await page.getByRole('textbox', { name: c.valveSize }).fill('DN150')
      await page.getByRole('button', { name: c.submit }).click()
      const quantity = page.getByRole('textbox', { name: c.quantity })
      await expect(quantity).toHaveAttribute('aria-invalid', 'true')
      await expect(quantity).toHaveAccessibleDescription(new RegExp(c.quantityRequired))
      await expect(page.getByRole('textbox', { name: c.valveSize })).toHaveValue('DN150')
      await expectNoSeriousA11yViolations(page)
    })

  test('a guest sends a quotation with a photo from a product page, confirms by mail and sees the IQ number (ko)', async ({
    page,
  }) => {
    const c = COPY.ko
    const email = uniqueEmail('guest')
    await page.goto('/product/electric-actuator/wt')
    await hydrated(page)
    const model = (await page.locator('.product__title').textContent())!.trim()
    await page.getByRole('link', { name: c.productLink }).click()
    await expect(page).toHaveURL(/\/service\/as\/inquiry\?model=/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.title)
    const opened = Date.now()
    await expect(page.getByRole('textbox', { name: c.model, exact: true })).toHaveValue(model)

    await fillQuotation(page, 'ko', email)
    await page.getByLabel(c.region).selectOption('asia')
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#aa6633' } })
      .jpeg()
      .toBuffer()
    await page.getByLabel(c.files).setInputFiles({ name: 'nameplate.jpg', mimeType: 'image/jpeg', buffer: photo })
    expect(await noSideways(page)).toBeLessThanOrEqual(0)
    await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
    await page.getByRole('button', { name: c.submit }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.sent)
    await expect(page.getByRole('status')).toContainText(email)

    const mail = await readMail(email, '/service/as/request/confirm')
    expect(mail.subject).toContain('문의·견적 요청을 확인해 주세요')
    const link = new URL(mail.link)
    await page.goto(`${link.pathname}${link.search}`)
    await page.getByRole('button', { name: c.confirm }).click()
    await expect(page).toHaveURL(/\/service\/as\/requests\/IQ-\d{4}-\d{6}\?key=/)
    const tracking = /IQ-\d{4}-\d{6}/.exec(page.url())![0]
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tracking)
    await expect(page.getByRole('status')).toContainText(tracking)
    await expect(page.locator('.service-request__state')).toHaveText(c.received)
    await expect(page.getByText(model, { exact: true })).toBeVisible()
    await expect(page.getByText('2500 N·m')).toBeVisible()
    await expect(page.getByText('아시아', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'nameplate.jpg' })).toBeVisible()
    expect(await noSideways(page)).toBeLessThanOrEqual(0)
    await expectNoSeriousA11yViolations(page)

    const accepted = await readMail(email, `/service/as/requests/${tracking}`)
    expect(accepted.subject).toContain(tracking)
  })

  test("a member's inquiry is received at once and listed on /mypage, in both languages", async ({ page }) => {
    const username = uniqueEmail('member')
    const res = await page.request.post('/api/sign', {
      data: {
        username,
        password: PASSWORD,
        company: 'E2E Valves',
        division: 'Purchasing',
        name: 'Morgan Member',
        consent_service: true,
        consent_privacy: true,
      },
    })
    expect(res.status()).toBe(200)
    const verify = await readMail(username, '/confirm')
    expect((await page.request.get(`/api/email/regist${new URL(verify.link).search}`)).status()).toBe(200)

    const c = COPY.en
    await page.goto('/login?lang=en')
    await page.context().addCookies([{ name: 'lang', value: 'en', url: new URL(page.url()).origin }])
    await hydrated(page)
    await page.getByLabel('ID (e-mail)').fill(username)
    await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/(\?.*)?$/)

    await page.goto('/service/as/inquiry?lang=en&model=WT-100')
    await hydrated(page)
    const opened = Date.now()
    await expect(page.getByRole('textbox', { name: c.email })).toHaveValue(username)
    await expect(page.getByRole('textbox', { name: c.company })).toHaveValue('E2E Valves')
    await fillQuotation(page, 'en', null)
    await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
    await page.getByRole('button', { name: c.submit }).click()
    await expect(page).toHaveURL(/\/service\/as\/requests\/IQ-\d{4}-\d{6}\?new=1$/)
    const tracking = /IQ-\d{4}-\d{6}/.exec(page.url())![0]
    await expect(page.getByRole('status')).toContainText(tracking)

    for (const lang of ['en', 'ko'] as const) {
      const l = COPY[lang]
      await page.context().addCookies([{ name: 'lang', value: lang, url: new URL(page.url()).origin }])
      await page.goto('/')
      await hydrated(page)
      // /mypage opens from the phone menu's user link (it needs the navigation's state).
      await page.getByRole('button', { name: l.menu }).click()
      await page.getByRole('link', { name: l.mypage, exact: true }).click()
      await expect(page).toHaveURL(/\/mypage$/)
      const list = page.getByRole('region', { name: l.requests })
      const row = list.getByRole('row').filter({ hasText: tracking })
      await expect(row).toContainText(l.kind)
      await expect(row).toContainText(l.received)
      await expect(row.getByRole('cell').last()).toHaveText(/2\d{3}.*\d:\d{2}$/)
      expect(await noSideways(page)).toBeLessThanOrEqual(0)
      await expectNoSeriousA11yViolations(page)
    }
    await page.getByRole('link', { name: tracking }).click()
    await expect(page).toHaveURL(new RegExp(`/service/as/requests/${tracking}$`))
    await expect(page.locator('.service-request__tracking')).toHaveText(tracking)
  })
})
