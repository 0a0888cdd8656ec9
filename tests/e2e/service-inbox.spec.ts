import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { expectCleanAtConsoleWidths, expectNoSeriousA11yViolations } from './a11y.ts'
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './console-accounts.ts'
import { endSessionKeepingCookie, signInConsole, staffCode } from './console-session.ts'
import { hydrated } from './helpers.ts'
import { readMail } from './mail.ts'

/**
 * The staff inbox of service requests (docs/decisions/070-service-inbox.md): a guest files a
 * request on a phone; staff find it in the inbox (both console languages, 1366 px), assign it,
 * set it waiting and reply; the customer reads the reply mail from the local SMTP server, opens the
 * link and answers with a photo (390 px); the request is back in progress. Two staff on one request,
 * and a session that ends while a reply is typed: the typing is never lost.
 */
test.describe.configure({ timeout: 180_000 })

let seq = 0
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${process.pid}.${++seq}@example.com`
const MIN_FILL_MS = 3200
const photo = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#aa3366' } })
    .jpeg()
    .toBuffer()

/** A guest files a request on a phone and confirms it from the mail; answers its tracking number, e-mail and status page. */
async function fileRequest(browser: Browser, lang: 'ko' | 'en') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const email = uniqueEmail(`inbox-${lang}`)
  await page.goto(`/service/as/request${lang === 'en' ? '?lang=en' : ''}`)
  await hydrated(page)
  const opened = Date.now()
  await page.locator('input[name="model"]').fill('TM-BASIC 120')
  await page.locator('select[name="symptom"]').selectOption('leak')
  await page.locator('textarea[name="description"]').fill(lang === 'ko' ? '기름이 샙니다.' : 'Oil is leaking.')
  await page.locator('input[name="name"]').fill(lang === 'ko' ? '문고객' : 'Sam Customer')
  await page.locator('input[name="company"]').fill(lang === 'ko' ? '문의상사' : 'Inquiry Ltd')
  await page.locator('input[name="phone"]').fill('010-4444-5555')
  await page.locator('input[name="email"]').fill(email)
  await page
    .getByText(
      lang === 'ko'
        ? '위와 같이 개인정보를 수집·이용하는 데 동의합니다.'
        : 'I agree to the collection and use of my personal information as described above.',
    )
    .click()
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)))
  await page.getByRole('button', { name: lang === 'ko' ? 'A/S 신청하기' : 'Send the request' }).click()
  const mail = await readMail(email, '/service/as/request/confirm')
  const link = new URL(mail.link)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByRole('button', { name: lang === 'ko' ? '신청 확인하기' : 'Confirm my request' }).click()
  await expect(page).toHaveURL(/\/service\/as\/requests\/AS-\d{4}-\d{6}\?key=/)
  const tracking = /AS-\d{4}-\d{6}/.exec(page.url())![0]
  const statusUrl = new URL(page.url())
  await context.close()
  return { tracking, email, statusPath: `${statusUrl.pathname}${statusUrl.search}`.replace(/&?new=1/, '') }
}

/** Opens a request's thread from the inbox by searching its tracking number. */
async function openThread(page: Page, tracking: string, lang: 'ko' | 'en') {
  await page.goto(`/admin/requests?lang=${lang}&q=${tracking}`)
  await page.getByRole('link', { name: tracking, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tracking)
  await hydrated(page)
}

const COPY = {
  ko: {
    nav: '문의함',
    new: '접수',
    waiting: '고객 답변 대기',
    customerWaiting: '고객 답변 대기',
    inProgress: '처리 중',
    saveAssign: '담당자 저장',
    saveStatus: '상태 저장',
    reply: '답변 내용',
    send: '답변 보내기',
    sent: '답변을 보냈습니다.',
    answer: '답장 내용',
    sendAnswer: '답장 보내기',
    answered: '답장을 보냈습니다.',
    attachments: '첨부 파일',
    replyText: '명판 사진을 보내 주시겠어요?',
    answerText: '명판 사진을 첨부합니다.',
    customerKind: '고객 답장',
  },
  en: {
    nav: 'Inbox',
    new: 'Received',
    waiting: 'Waiting for the customer',
    // The customer's own words for the same status.
    customerWaiting: 'Waiting for your answer',
    inProgress: 'In progress',
    saveAssign: 'Save assignee',
    saveStatus: 'Save status',
    reply: 'Reply',
    send: 'Send the reply',
    sent: 'Reply sent.',
    answer: 'Your answer',
    sendAnswer: 'Send the answer',
    answered: 'Your answer was sent.',
    attachments: 'Attachments',
    replyText: 'Could you send a photo of the nameplate?',
    answerText: 'Here is the nameplate photo.',
    customerKind: "Customer's answer",
  },
} as const

for (const lang of ['ko', 'en'] as const) {
  test(`staff assign and reply, the customer answers from the mail's link (${lang})`, async ({ browser, page }) => {
    const c = COPY[lang]
    const key = lang === 'ko' ? 'inboxKo' : 'inboxEn'
    const filed = await fileRequest(browser, lang)

    await page.setViewportSize({ width: 1366, height: 900 })
    await signInConsole(page, key, lang)
    await page.goto(`/admin/requests?lang=${lang}`)
    await expect(page.getByRole('navigation').getByRole('link', { name: new RegExp(c.nav) })).toBeVisible()
    await page.goto(`/admin/requests?lang=${lang}&q=${filed.tracking}`)
    const row = page.getByRole('row').filter({ hasText: filed.tracking })
    await expect(row).toContainText(c.new)
    await expectCleanAtConsoleWidths(page)
    await openThread(page, filed.tracking, lang)
    await expectCleanAtConsoleWidths(page)

    // The reply typed first survives saving the other forms of the page. Assign to myself, set waiting, reply.
    await page.getByLabel(c.reply, { exact: true }).fill(c.replyText)
    await page
      .locator('select[name="assignee"]')
      .selectOption({ label: lang === 'ko' ? '문의담당 (나)' : 'Inbox Editor (me)' })
    await page.getByRole('button', { name: c.saveAssign }).click()
    await expect(page.locator('.inbox-assignee')).toHaveText(E2E_STAFF[key].name)
    await page.locator('select[name="status"]').selectOption('waiting')
    await page.getByRole('button', { name: c.saveStatus }).click()
    await expect(page.locator('h1 .inbox-status')).toHaveText(c.waiting)
    await expect(page.getByLabel(c.reply, { exact: true })).toHaveValue(c.replyText)
    await page.getByRole('button', { name: c.send }).click()
    await expect(page.getByRole('status').filter({ hasText: c.sent })).toBeVisible()
    await expect(page.getByLabel(c.reply, { exact: true })).toHaveValue('')

    // The customer gets the reply by mail, in their language, and answers on a phone.
    const mail = await readMail(filed.email, `/service/as/requests/${filed.tracking}`, 2)
    expect(mail.text).toContain(c.replyText)
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const customer = await phone.newPage()
    const link = new URL(mail.link)
    await customer.goto(`${link.pathname}${link.search}`)
    await hydrated(customer)
    await expect(customer.locator('.service-request__state')).toHaveText(c.customerWaiting)
    await expect(customer.locator('.service-thread__body').first()).toHaveText(c.replyText)
    await customer.getByLabel(c.answer).fill(c.answerText)
    await customer
      .getByLabel(new RegExp(c.attachments))
      .setInputFiles({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: await photo() })
    await expectNoSeriousA11yViolations(customer)
    await customer.getByRole('button', { name: c.sendAnswer }).click()
    await expect(customer.getByRole('status').filter({ hasText: c.answered })).toBeVisible()
    await expect(customer.locator('.service-request__state')).toHaveText(c.inProgress)
    await expect(customer.getByRole('link', { name: 'plate.jpg' })).toBeVisible()
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await phone.close()

    // Staff see the answer and its photo; the request is in progress again.
    await page.reload()
    await expect(page.locator('h1 .inbox-status')).toHaveText(c.inProgress)
    const answer = page.locator('.inbox-message--customer')
    await expect(answer).toContainText(c.customerKind)
    await expect(answer).toContainText(c.answerText)
    await expect(answer.getByRole('link', { name: 'plate.jpg' })).toBeVisible()
  })
}

test('two staff on one request: the second is told what changed and keeps the reply typed', async ({ browser }) => {
  const filed = await fileRequest(browser, 'ko')
  const first = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage()
  const second = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage()
  await signInConsole(first, 'inboxFirst', 'en')
  await signInConsole(second, 'inboxSecond', 'en')
  await openThread(first, filed.tracking, 'en')
  await openThread(second, filed.tracking, 'en')

  await second.getByLabel('Reply', { exact: true }).fill('A reply written before the change')
  await first.locator('select[name="status"]').selectOption('resolved')
  await first.getByRole('button', { name: 'Save status' }).click()
  await expect(first.locator('h1 .inbox-status')).toHaveText('Resolved')

  await second.getByRole('button', { name: 'Send the reply' }).click()
  const conflict = second.locator('.inbox-conflict')
  await expect(conflict).toContainText('Someone changed this request')
  await expect(conflict).toContainText('문의먼저')
  await expect(conflict).toContainText('set the status to ‘Resolved’')
  await expect(second.getByLabel('Reply', { exact: true })).toHaveValue('A reply written before the change')
  await expect(second.locator('h1 .inbox-status')).toHaveText('Resolved')
  // Seen: sending again goes through.
  await second.getByRole('button', { name: 'Send the reply' }).click()
  await expect(second.getByRole('status').filter({ hasText: 'Reply sent.' })).toBeVisible()
  await expect(second.locator('.inbox-message--reply')).toContainText('A reply written before the change')
  await first.context().close()
  await second.context().close()
})

test('a session that ends while a reply is typed: signing in again sends it as typed', async ({ browser, page }) => {
  const filed = await fileRequest(browser, 'en')
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInConsole(page, 'inboxSession', 'en')
  await openThread(page, filed.tracking, 'en')
  const reply = page.getByLabel('Reply', { exact: true })
  await reply.fill('Typed while the session ended')

  // The session ends on the server while the page stays open.
  await endSessionKeepingCookie(page)

  await page.getByRole('button', { name: 'Send the reply' }).click()
  const signIn = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(signIn).toBeVisible()
  await expect(reply).toHaveValue('Typed while the session ended')
  await signIn.getByLabel(/^Password/).fill(E2E_STAFF_PASSWORD)
  await signIn.getByLabel(/^Code/).fill(staffCode('inboxSession', 1))
  await signIn.getByRole('button', { name: 'Sign in and save' }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent.' })).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.inbox-message--reply')).toContainText('Typed while the session ended')
  const mail = await readMail(filed.email, `/service/as/requests/${filed.tracking}`, 2)
  expect(mail.text).toContain('Typed while the session ended')
})
