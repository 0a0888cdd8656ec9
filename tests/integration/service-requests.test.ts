import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { erpOrders, serviceRequestFiles, serviceRequests } from '#server/db/schema.ts'
import { apiLogin, cookieOf, createMember, uniqueEmail } from '#tests/helpers/members.ts'
import { startSmtpServer, type TestSmtp } from '#tests/helpers/smtp.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The after-sales service request (docs/decisions/065-service-requests.md) through the production
// build: the form's page and action, the mails from a local SMTP server, the status page and the
// attachments. One app for every case; each post waits the form's minimum fill time on a test clock.
let t: Awaited<ReturnType<typeof buildTestApp>>
let smtp: TestSmtp
let now = Date.now()
let serial: string
let model: string
let ipCounter = 0
/** A fresh client address per filing, so the per-address limit is never the one met by accident. */
const nextIp = () => `198.51.100.${++ipCounter}`

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({
    pages: true,
    clock: () => new Date(now),
    env: { SMTP_URL: smtp.url, SITE_URL: 'https://www.example.com' },
  })
  const [order] = await t.runtime.database.db.select().from(erpOrders).where(eq(erpOrders.id, 1))
  const withSerial =
    order?.serial_no && order.model
      ? order
      : (await t.runtime.database.db.select().from(erpOrders)).find((o) => o.serial_no && o.model)!
  serial = withSerial.serial_no!
  model = withSerial.model!
}, 180_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
}, 60_000)

type Upload = { name: string; data: Buffer; type?: string }

async function multipart(fields: Record<string, string>, files: Upload[] = []) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files)
    form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.name)
  const body = new Response(form)
  return { type: body.headers.get('content-type')!, payload: Buffer.from(await body.arrayBuffer()) }
}

const page = (url: string, cookie = '') => t.app.inject({ url, headers: cookie ? { cookie } : {} })

/** Opens the form, waits the minimum fill time, posts it; answers the response and the stamp used. */
async function file(
  fields: Record<string, string>,
  files: Upload[] = [],
  options: { cookie?: string; lang?: 'ko' | 'en'; wait?: number; ip?: string; form?: string } = {},
) {
  const url = `${options.form ?? '/service/as/request'}${options.lang === 'en' ? '?lang=en' : ''}`
  const form = await page(url, options.cookie)
  const started = /name="started" value="([^"]+)"/.exec(form.body)?.[1]
  expect(started).toBeTruthy()
  now += options.wait ?? 5000
  const body = await multipart({ started: started!, website: '', ...fields }, files)
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? nextIp(),
    headers: { 'content-type': body.type, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: body.payload,
  })
}

const filled = (email = uniqueEmail('as')) => ({
  serial: '',
  model: 'TM-BASIC 120',
  site: '청주 정수장 2단계',
  symptom: 'no-movement',
  description: '전원은 들어오지만 밸브가 열리지 않습니다.',
  name: '김현장',
  company: '한국수자원',
  phone: '010-1234-5678',
  email,
  contact_time: '평일 오후',
  consent: 'Y',
})

const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c83232' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Hidden owner' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer()

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

async function mailTo(address: string, path: string) {
  await t.runtime.services.mail.flush()
  return smtp.waitFor((m) => m.envelopeTo.includes(address) && m.links.some((l) => l.includes(path)))
}
const pathOf = (link: string) => {
  const u = new URL(link)
  return `${u.pathname}${u.search}`
}

describe('the form', () => {
  it('opens with a known serial and its model filled in, private and not indexed, in both languages', async () => {
    const ko = await page(`/service/as/request?serial=${serial.toLowerCase()}`)
    expect(ko.statusCode).toBe(200)
    expect(ko.headers['cache-control']).toBe('private, no-store')
    expect(ko.body).toContain('<meta name="robots" content="noindex"/>')
    expect(ko.body).toContain(`value="${attr(serial)}"`)
    expect(ko.body).toContain(`등록된 제품입니다. 모델: ${model}`)
    expect(ko.body).toContain('수집·이용 목적')
    expect(ko.body).toContain('보유·이용 기간')
    const en = await page(`/service/as/request?lang=en&serial=${serial}`)
    expect(en.body).toContain(`A registered unit. Model: ${model}`)
    expect(en.body).toContain('Retention: deleted 3 years')
    const unknown = await page('/service/as/request?serial=ZZ999999-9')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toContain('등록된 제품에서 찾을 수 없는 시리얼 번호입니다')
  })

  it('is linked from the unit page with the serial and from the customer center', async () => {
    const unit = await page(`/id/${serial}`)
    expect(unit.body).toContain(`href="/service/as/request?serial=${encodeURIComponent(serial)}"`)
    expect((await page('/')).body).toContain('href="/service/as/request"')
  })

  it('refuses bad input with a 400 and messages at the fields, keeping every value (Korean and English)', async () => {
    const values = { ...filled(), phone: 'abc', description: '', consent: '', site: '부산 "신항" <B동>' }
    const ko = await file(values, [{ name: '현장사진.jpg', data: await jpeg() }])
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toContain('전화번호 형식이 올바르지 않습니다.')
    expect(ko.body).toContain('증상을 설명해 주세요.')
    expect(ko.body).toContain('개인정보 수집·이용에 동의해 주세요.')
    expect(ko.body).toContain('입력한 내용은 그대로 남아 있습니다.')
    expect(ko.body).toContain('다음 파일을 다시 선택해 주세요: 현장사진.jpg')
    for (const v of [values.model, values.name, values.company, values.email, values.contact_time, 'abc'])
      expect(ko.body).toContain(`value="${attr(v)}"`)
    expect(ko.body).toContain('value="부산 &quot;신항&quot; &lt;B동&gt;"')
    expect(ko.body).toMatch(/<option value="no-movement" selected="">/)

    const en = await file({ ...values, description: 'It hums.', phone: '' }, [], { lang: 'en' })
    expect(en.statusCode).toBe(400)
    expect(en.body).toContain('Please enter your phone number.')
    expect(en.body).toContain('Everything you typed has been kept.')
    expect(en.body).toContain('>It hums.</textarea>')
    expect(en.body).toContain(`value="${attr(values.name)}"`)
    expect(
      await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, values.email)),
    ).toEqual([])
  })

  it('checks a serial against the known orders: an unknown one is refused, a known one stored as the orders write it', async () => {
    const refused = await file({ ...filled(), serial: 'QQ123456-7' })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('등록된 제품에서 찾을 수 없는 시리얼 번호입니다')
    expect(refused.body).toContain('value="QQ123456-7"')
    const email = uniqueEmail('serial')
    const ok = await file({ ...filled(email), serial: serial.toLowerCase().replace('-', ''), model: '' })
    expect(ok.statusCode).toBe(200)
    const [row] = await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, email))
    expect(row).toMatchObject({
      serial_no: serial,
      serial_known: true,
      model,
      status: 'unconfirmed',
      tracking_no: null,
    })
  })
})

describe('spam without third parties', () => {
  it('refuses the honeypot and a too fast post with a reason, keeping the typing', async () => {
    const values = filled()
    const trap = await file({ ...values, website: 'http://spam.example' })
    expect(trap.statusCode).toBe(400)
    expect(trap.body).toContain('자동으로 입력된 것으로 보여 받지 않았습니다')
    expect(trap.body).toContain(`value="${attr(values.company)}"`)
    const fast = await file(values, [], { wait: 500, lang: 'en' })
    expect(fast.statusCode).toBe(400)
    expect(fast.body).toContain('sent too quickly to have been filled in by a person')
    expect(fast.body).toContain(`value="${attr(values.email)}"`)
    const forged = await file({ ...values, started: `${now - 60_000}.${'A'.repeat(43)}` })
    expect(forged.statusCode).toBe(400)
    expect(forged.body).toContain('양식의 유효 시간이 지났습니다')
    expect(
      await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, values.email)),
    ).toEqual([])
  })

  it('limits filings per client address and per e-mail address', async () => {
    const ip = '203.0.113.77'
    for (let i = 0; i < 10; i++) expect((await file(filled(), [], { ip })).statusCode).toBe(200)
    const limited = await file(filled(), [], { ip })
    expect(limited.statusCode).toBe(429)
    expect(limited.body).toContain('이 네트워크에서 신청이 너무 많았습니다')
    const email = uniqueEmail('limit')
    for (let i = 0; i < 5; i++) expect((await file(filled(email))).statusCode).toBe(200)
    const byMail = await file(filled(email), [], { lang: 'en' })
    expect(byMail.statusCode).toBe(429)
    expect(byMail.body).toContain('reached today&#x27;s limit of requests')
    expect(byMail.body).toContain(`value="${attr(email)}"`)
  })
})

describe('attachments', () => {
  it('refuses more than 5 files, a file over 10 MB and HTML named .jpg, in both languages', async () => {
    const photo = await jpeg()
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, data: photo }))
    const many = await file(filled(), six)
    expect(many.statusCode).toBe(400)
    expect(many.body).toContain('첨부 파일은 최대 5개까지 보낼 수 있습니다.')
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)])
    const large = await file(filled(), [{ name: 'manual.pdf', data: big, type: 'application/pdf' }], { lang: 'en' })
    expect(large.statusCode).toBe(400)
    expect(large.body).toContain('manual.pdf: a file may be at most 10 MB.')
    const koLarge = await file(filled(), [{ name: 'manual.pdf', data: big, type: 'application/pdf' }])
    expect(koLarge.body).toContain('manual.pdf: 10MB를 넘는 파일은 첨부할 수 없습니다.')
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>')
    const fake = await file(filled(), [{ name: 'photo.jpg', data: html }])
    expect(fake.statusCode).toBe(400)
    expect(fake.body).toContain('photo.jpg: 사진(JPG, PNG, WebP)과 PDF만 첨부할 수 있습니다.')
    const fakeEn = await file(filled(), [{ name: 'photo.jpg', data: html }], { lang: 'en' })
    expect(fakeEn.body).toContain('photo.jpg: only photos (JPG, PNG, WebP) and PDFs can be attached.')
  })

  it('refuses a body over the total limit with a clear reason (413)', async () => {
    const started = /name="started" value="([^"]+)"/.exec((await page('/service/as/request')).body)![1]!
    const body = await multipart({ ...filled(), started }, [
      { name: 'a.pdf', data: Buffer.alloc(51 * 1024 * 1024, 0x25), type: 'application/pdf' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/service/as/request',
      remoteAddress: nextIp(),
      headers: { 'content-type': body.type },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(413)
    expect(res.body).toContain('첨부 파일이 모두 합쳐 50MB를 넘어')
  })
})

describe('a visitor who is not a member', () => {
  it('is accepted only after the e-mailed link, then sees the status page with its private key only', async () => {
    const email = uniqueEmail('guest')
    const photo = await jpeg()
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const sent = await file(filled(email), [
      { name: 'valve.jpg', data: photo },
      { name: '회로도.pdf', data: pdf, type: 'application/pdf' },
    ])
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toContain(`${email}으로 확인 링크를 보냈습니다`)
    const [pending] = await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, email))
    expect(pending).toMatchObject({ status: 'unconfirmed', tracking_no: null, consent_version: 'as-consent-2026-11' })

    const mail = await mailTo(email, '/service/as/request/confirm')
    expect(mail.subject).toContain('A/S 신청을 확인해 주세요')
    const confirmPath = pathOf(mail.links.find((l) => l.includes('/service/as/request/confirm'))!)
    // Opening the link shows a button: a mail scanner's fetch confirms nothing.
    const opened = await page(confirmPath)
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['cache-control']).toBe('private, no-store')
    expect(opened.body).toContain('신청 확인하기')
    const stillPending = await t.runtime.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, pending!.id))
    expect(stillPending[0]!.status).toBe('unconfirmed')

    const token = new URL(`https://x${confirmPath}`).searchParams.get('token')!
    const confirmed = await t.app.inject({
      method: 'POST',
      url: confirmPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    })
    expect(confirmed.statusCode).toBe(302)
    const statusUrl = confirmed.headers.location as string
    expect(statusUrl).toMatch(/^\/service\/as\/requests\/AS-\d{4}-\d{6}\?key=[\w-]+&new=1$/)
    const status = await page(statusUrl)
    expect(status.statusCode).toBe(200)
    expect(status.headers['cache-control']).toBe('private, no-store')
    expect(status.body).toContain('<meta name="robots" content="noindex"/>')
    const tracking = /AS-\d{4}-\d{6}/.exec(statusUrl)![0]
    expect(status.body).toContain(`접수 번호는 ${tracking}입니다`)
    expect(status.body).toContain('>접수</dd>')
    expect(status.body).toContain('valve.jpg')
    expect(status.body).toContain('회로도.pdf')

    // The acceptance mail links the status page with its key.
    const accepted = await mailTo(email, `/service/as/requests/${tracking}`)
    expect(accepted.subject).toContain(tracking)
    expect(pathOf(accepted.links.find((l) => l.includes(tracking))!)).toBe(statusUrl.replace('&new=1', ''))

    // Without the key, or with a wrong one, the page does not exist.
    const bare = `/service/as/requests/${tracking}`
    expect((await page(bare)).statusCode).toBe(404)
    expect((await page('/service/as/requests/AS-20x6-1?key=abc')).statusCode).toBe(404)
    const wrong = await page(`${bare}?key=${'x'.repeat(32)}`)
    expect(wrong.statusCode).toBe(404)
    expect(wrong.headers['cache-control']).toBe('private, no-store')
    expect(wrong.body).not.toContain(email)

    // The attachments: a download for the key's holder, nowhere public.
    const files = await t.runtime.database.db
      .select()
      .from(serviceRequestFiles)
      .where(eq(serviceRequestFiles.request_id, pending!.id))
    expect(files).toHaveLength(2)
    const key = new URL(`https://x${statusUrl}`).searchParams.get('key')!
    for (const id of ['99999999999', '0', 'abc', '1e3'])
      expect((await page(`${bare}/files/${id}?key=${key}`)).statusCode, id).toBe(404)
    for (const f of files) {
      const own = await page(`${bare}/files/${f.id}?key=${key}`)
      expect(own.statusCode).toBe(200)
      expect(own.headers['content-disposition']).toMatch(/^attachment;/)
      expect(own.headers['cache-control']).toBe('private, no-store')
      expect((await page(`${bare}/files/${f.id}`)).statusCode).toBe(404)
      expect((await page(`${bare}/files/${f.id}?key=${'y'.repeat(32)}`)).statusCode).toBe(404)
      expect((await page(`/media/${f.storage_key}`)).statusCode).toBe(404)
      const asked = new URLSearchParams({ file_name: f.storage_key, origin_file_name: f.name })
      expect((await page(`/api/s3/download?${asked}`)).statusCode).toBe(404)
    }

    // The link works once.
    const again = await t.app.inject({
      method: 'POST',
      url: confirmPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    })
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('확인 링크가 유효하지 않습니다')
  })

  it('lets an unconfirmed request expire after 48 hours', async () => {
    const email = uniqueEmail('late')
    expect((await file(filled(email), [], { lang: 'en' })).statusCode).toBe(200)
    const mail = await mailTo(email, '/service/as/request/confirm')
    expect(mail.subject).toBe('[Daehan Actuator] Please confirm your service request')
    const confirmPath = pathOf(mail.links.find((l) => l.includes('/confirm'))!)
    now += 49 * 3600_000
    const late = await t.app.inject({
      method: 'POST',
      url: `${confirmPath}&lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: new URL(`https://x${confirmPath}`).searchParams.get('token')! }).toString(),
    })
    expect(late.statusCode).toBe(400)
    expect(late.body).toContain('This confirmation link is not valid')
    const [row] = await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, email))
    expect(row).toMatchObject({ status: 'unconfirmed', tracking_no: null })
  })
})

describe('a signed-in member', () => {
  it('finds the contact fields filled in, is accepted at once and reaches the request signed in; the photo has lost its EXIF', async () => {
    const member = await createMember(t, { name: '박회원', company: '회원상사' })
    const cookie = cookieOf((await apiLogin(t.app, member.username, member.password, nextIp())).cookie)
    const form = await page('/service/as/request', cookie)
    expect(form.body).toContain('value="박회원"')
    expect(form.body).toContain('value="회원상사"')
    expect(form.body).toContain(`value="${attr(member.username)}"`)
    expect(form.body).toContain('보내면 바로 접수됩니다')

    const photo = await jpeg(80, 60)
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    expect(photo.includes(Buffer.from('SecretCam'))).toBe(true)
    const res = await file(
      { ...filled('someone.else@example.com'), name: '박회원', company: '회원상사' },
      [{ name: 'gps.jpg', data: photo }],
      { cookie },
    )
    expect(res.statusCode).toBe(302)
    const statusUrl = res.headers.location as string
    expect(statusUrl).toMatch(/^\/service\/as\/requests\/AS-\d{4}-\d{6}\?new=1$/)
    const tracking = /AS-\d{4}-\d{6}/.exec(statusUrl)![0]
    const [row] = await t.runtime.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.tracking_no, tracking))
    // Filed in the member's own name: the account's address, not the one typed.
    expect(row).toMatchObject({ status: 'received', user_id: member.id, email: member.username })

    const status = await page(statusUrl, cookie)
    expect(status.statusCode).toBe(200)
    expect(status.body).toContain(`접수 번호는 ${tracking}입니다`)
    expect((await page(statusUrl)).statusCode).toBe(404)
    const mail = await mailTo(member.username, `/service/as/requests/${tracking}`)
    expect(mail.subject).toBe(`[대한액추에이터] A/S 신청이 접수되었습니다 (${tracking})`)

    const href = /href="(\/service\/as\/requests\/[^"]+\/files\/\d+)"/.exec(status.body)![1]!
    const download = await t.app.inject({ url: href, headers: { cookie } })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/jpeg')
    const stored = download.rawPayload
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false)
    expect(stored.includes(Buffer.from('Hidden owner'))).toBe(false)
    expect((await page(href)).statusCode).toBe(404)
  })

  it('gets sequential, unique tracking numbers, also when filing at once', async () => {
    const member = await createMember(t)
    const cookie = cookieOf((await apiLogin(t.app, member.username, member.password, nextIp())).cookie)
    const forms = await Promise.all([0, 1, 2, 3].map(() => page('/service/as/request', cookie)))
    now += 5000
    const answers = await Promise.all(
      forms.map(async (f) => {
        const started = /name="started" value="([^"]+)"/.exec(f.body)![1]!
        const body = await multipart({ ...filled(), started, website: '' })
        return t.app.inject({
          method: 'POST',
          url: '/service/as/request',
          remoteAddress: nextIp(),
          headers: { 'content-type': body.type, cookie },
          payload: body.payload,
        })
      }),
    )
    const numbers = answers.map((a) => {
      expect(a.statusCode).toBe(302)
      return /AS-(\d{4})-(\d{6})/.exec(a.headers.location as string)!
    })
    const sequences = numbers.map((m) => Number(m[2])).sort((a, b) => a - b)
    expect(new Set(sequences).size).toBe(4)
    expect(sequences[3]! - sequences[0]!).toBe(3)
    expect(numbers.every((m) => m[1] === numbers[0]![1])).toBe(true)
  })
})

// The inquiry / request for quotation (docs/decisions/069-inquiries.md): the same filing, confirmation
// and status path as the A/S form, numbered IQ-YYYY-NNNNNN.
const INQUIRY = '/service/as/inquiry'
/** The messages shown at the fields (the catalogue sent with the page holds every text, so look at the markup). */
const shownErrors = (body: string) =>
  [...body.matchAll(/class="(?:field|checkbox)__error"[^>]*>([\s\S]*?)<\/p>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, '').trim(),
  )
const inquiry = (email = uniqueEmail('iq')) => ({
  topic: 'quotation',
  model: 'TM-MULTI 250',
  quantity: '1,200',
  delivery_date: '2027-03-31',
  valve_type: '버터플라이 밸브',
  valve_size: 'DN200',
  torque: '1200 N·m',
  voltage: 'AC 380V 3상 60Hz',
  description: '정수장 증설용 견적을 요청합니다.',
  region: 'middle_east',
  name: '이견적',
  company: '중동플랜트',
  phone: '+971 50 123 4567',
  email,
  contact_time: '',
  consent: 'Y',
})
const fileInquiry = (
  fields: Record<string, string>,
  files: Upload[] = [],
  options: { cookie?: string; lang?: 'ko' | 'en'; ip?: string } = {},
) => file(fields, files, { ...options, form: INQUIRY })

describe('the inquiry / quotation form', () => {
  it('opens with the model of a product page, private, with its own consent and the region (Korea by default)', async () => {
    const first = /href="(\/product\/[^"?]+)"/.exec((await page('/')).body)![1]!
    let product = await page(first)
    while (product.statusCode === 301 || product.statusCode === 302) product = await page(product.headers.location!)
    expect(product.statusCode).toBe(200)
    const href = /href="(\/service\/as\/inquiry\?model=[^"]+)"/.exec(product.body)?.[1]
    expect(href).toBeTruthy()
    const form = await page(href!.replace(/&amp;/g, '&'))
    expect(form.statusCode).toBe(200)
    expect(form.headers['cache-control']).toBe('private, no-store')
    expect(form.body).toContain('<meta name="robots" content="noindex"/>')
    const model = new URLSearchParams(href!.split('?')[1]!.replace(/&amp;/g, '&')).get('model')!
    expect(model.length).toBeGreaterThan(0)
    expect(form.body).toContain(`name="model" value="${attr(model)}"`)
    expect(form.body).toContain('제품 문의·견적 요청의 접수·답변')
    expect(form.body).toContain('iq-consent-2026-11')
    expect(form.body).toMatch(/<option value="domestic" selected="">한국<\/option>/)
    const en = await page(`${INQUIRY}?lang=en`)
    expect(en.body).toContain('Request for quotation')
    expect(en.body).toContain('Middle East')
    // Both forms are offered from the customer center and the service menu's A/S pages.
    for (const url of ['/', '/service/as/faq']) {
      const body = (await page(url)).body
      expect(body, url).toContain(`href="${INQUIRY}"`)
      expect(body, url).toContain('href="/service/as/request"')
    }
  })

  it('needs quantity and delivery date for a quotation, limits the free fields and the consent, keeping every value', async () => {
    const values = { ...inquiry(), quantity: '', delivery_date: '', torque: 'x'.repeat(51), consent: '' }
    const ko = await fileInquiry(values, [{ name: '사양서.jpg', data: await jpeg() }])
    expect(ko.statusCode).toBe(400)
    expect(shownErrors(ko.body)).toEqual([
      '견적 요청에는 수량을 입력해 주세요.',
      '견적 요청에는 희망 납기일을 입력해 주세요.',
      '입력한 내용이 너무 깁니다.',
      '개인정보 수집·이용에 동의해 주세요.',
    ])
    expect(ko.body).toContain('다음 파일을 다시 선택해 주세요: 사양서.jpg')
    for (const v of [values.model, values.valve_type, values.voltage, values.company, values.torque])
      expect(ko.body).toContain(`value="${attr(v)}"`)
    expect(ko.body).toMatch(/<option value="middle_east" selected="">/)
    expect(ko.body).toMatch(/<option value="quotation" selected="">/)

    const en = await fileInquiry({ ...inquiry(), quantity: '0', delivery_date: '2027-02-30' }, [], { lang: 'en' })
    expect(en.statusCode).toBe(400)
    expect(shownErrors(en.body)).toEqual([
      'Please enter the quantity as a number from 1 to 999,999.',
      'Please enter the date as 2026-12-31.',
    ])
    // A technical question needs neither; a region that is not one of the list is refused.
    const badRegion = await fileInquiry({
      ...inquiry(),
      topic: 'technical',
      quantity: '',
      delivery_date: '',
      region: 'mars',
    })
    expect(badRegion.statusCode).toBe(400)
    expect(shownErrors(badRegion.body)).toEqual(['계신 지역을 선택해 주세요.'])
    expect(
      await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, values.email)),
    ).toEqual([])
  })

  it('refuses a non-image named .jpg and keeps a photo, re-encoded', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body>not a photo</body></html>')
    const fake = await fileInquiry(inquiry(), [{ name: 'drawing.jpg', data: html }], { lang: 'en' })
    expect(fake.statusCode).toBe(400)
    expect(fake.body).toContain('drawing.jpg: only photos (JPG, PNG, WebP) and PDFs can be attached.')
    expect(fake.body).toContain('value="DN200"')
    const email = uniqueEmail('iqphoto')
    const ok = await fileInquiry(inquiry(email), [{ name: 'valve.jpg', data: await jpeg() }])
    expect(ok.statusCode).toBe(200)
    const [row] = await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, email))
    const files = await t.runtime.database.db
      .select()
      .from(serviceRequestFiles)
      .where(eq(serviceRequestFiles.request_id, row!.id))
    expect(files.map((f) => [f.name, f.content_type])).toEqual([['valve.jpg', 'image/jpeg']])
  })

  it("is accepted after a guest's e-mail link with an IQ number; the status page shows the inquiry and its region", async () => {
    const email = uniqueEmail('iqguest')
    const sent = await fileInquiry(inquiry(email), [{ name: 'site.jpg', data: await jpeg() }])
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toContain(`${email}으로 확인 링크를 보냈습니다`)
    const [pending] = await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, email))
    expect(pending).toMatchObject({
      kind: 'iq',
      status: 'unconfirmed',
      region: 'middle_east',
      symptom: '',
      model: 'TM-MULTI 250',
      consent_version: 'iq-consent-2026-11',
      details: {
        topic: 'quotation',
        quantity: '1200',
        delivery_date: '2027-03-31',
        valve_type: '버터플라이 밸브',
        valve_size: 'DN200',
        torque: '1200 N·m',
        voltage: 'AC 380V 3상 60Hz',
      },
    })
    const mail = await mailTo(email, '/service/as/request/confirm')
    expect(mail.subject).toBe('[대한액추에이터] 문의·견적 요청을 확인해 주세요')
    const confirmPath = pathOf(mail.links.find((l) => l.includes('/service/as/request/confirm'))!)
    const confirmed = await t.app.inject({
      method: 'POST',
      url: confirmPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: new URL(`https://x${confirmPath}`).searchParams.get('token')! }).toString(),
    })
    expect(confirmed.statusCode).toBe(302)
    const statusUrl = confirmed.headers.location as string
    expect(statusUrl).toMatch(/^\/service\/as\/requests\/IQ-\d{4}-\d{6}\?key=[\w-]+&new=1$/)
    const tracking = /IQ-\d{4}-\d{6}/.exec(statusUrl)![0]
    const status = await page(statusUrl)
    expect(status.statusCode).toBe(200)
    expect(status.body).toContain(`문의·견적 요청이 접수되었습니다. 접수 번호는 ${tracking}입니다`)
    expect(status.body).toContain('견적 요청')
    expect(status.body).toContain('1,200')
    expect(status.body).toContain('1200 N·m')
    expect(status.body).toContain('>중동</dd>')
    expect(status.body).toContain('site.jpg')
    expect((await page(`/service/as/requests/${tracking}`)).statusCode).toBe(404)
    const accepted = await mailTo(email, `/service/as/requests/${tracking}`)
    expect(accepted.subject).toBe(`[대한액추에이터] 문의·견적 요청이 접수되었습니다 (${tracking})`)
  })

  it("receives a member's inquiry at once; /mypage lists the member's requests of both kinds and never another's", async () => {
    const member = await createMember(t, { name: '최회원', company: '회원밸브' })
    const cookie = cookieOf((await apiLogin(t.app, member.username, member.password, nextIp())).cookie)
    const other = await createMember(t)
    const otherCookie = cookieOf((await apiLogin(t.app, other.username, other.password, nextIp())).cookie)

    const empty = await page('/mypage', cookie)
    expect(empty.body).not.toMatch(/(AS|IQ)-\d{4}-\d{6}/)

    const form = await page(INQUIRY, cookie)
    expect(form.body).toContain('value="최회원"')
    expect(form.body).toContain(`value="${attr(member.username)}"`)
    const iq = await fileInquiry(
      { ...inquiry(), topic: 'technical', quantity: '', delivery_date: '', region: 'europe' },
      [],
      {
        cookie,
        lang: 'en',
      },
    )
    expect(iq.statusCode).toBe(302)
    const iqTracking = /IQ-\d{4}-\d{6}/.exec(iq.headers.location as string)![0]
    const as = await file(filled(), [], { cookie })
    expect(as.statusCode).toBe(302)
    const asTracking = /AS-\d{4}-\d{6}/.exec(as.headers.location as string)![0]
    const [row] = await t.runtime.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.tracking_no, iqTracking))
    expect(row).toMatchObject({ kind: 'iq', status: 'received', user_id: member.id, region: 'europe' })
    const [asRow] = await t.runtime.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.tracking_no, asTracking))
    expect(asRow!.region).toBe('domestic')

    const status = await page(`/service/as/requests/${iqTracking}?lang=en`, cookie)
    expect(status.statusCode).toBe(200)
    expect(status.body).toContain('Technical question')
    expect(status.body).toContain('>Europe</dd>')
    expect((await page(`/service/as/requests/${iqTracking}`, otherCookie)).statusCode).toBe(404)

    // The page is drawn after hydration (it needs navigation state); its data is in the document.
    const mine = await page('/mypage', cookie)
    expect(mine.headers['cache-control']).toContain('no-store')
    expect(mine.body).toContain(iqTracking)
    expect(mine.body).toContain(asTracking)
    const theirs = await page('/mypage', otherCookie)
    expect(theirs.body).not.toContain(iqTracking)
    expect(theirs.body).not.toContain(asTracking)
  })

  it('streams a body over the total limit to a 413 with the reason, keeping the text sent before the files', async () => {
    const temporary = async () => (await readdir(tmpdir())).filter((n) => n.startsWith('form-files-')).sort()
    const before = await temporary()
    const started = /name="started" value="([^"]+)"/.exec((await page(INQUIRY)).body)![1]!
    const values = inquiry()
    const body = await multipart({ ...values, started }, [
      { name: 'a.pdf', data: Buffer.alloc(9 * 1024 * 1024, 0x25), type: 'application/pdf' },
      { name: 'b.pdf', data: Buffer.alloc(9 * 1024 * 1024, 0x25), type: 'application/pdf' },
      { name: 'c.pdf', data: Buffer.alloc(9 * 1024 * 1024, 0x25), type: 'application/pdf' },
      { name: 'd.pdf', data: Buffer.alloc(9 * 1024 * 1024, 0x25), type: 'application/pdf' },
      { name: 'e.pdf', data: Buffer.alloc(9 * 1024 * 1024, 0x25), type: 'application/pdf' },
      { name: 'f.pdf', data: Buffer.alloc(9 * 1024 * 1024, 0x25), type: 'application/pdf' },
    ])
    // Sent in chunks without a length: the reader counts while streaming.
    const chunks = Array.from({ length: Math.ceil(body.payload.length / 65536) }, (_, i) =>
      body.payload.subarray(i * 65536, (i + 1) * 65536),
    )
    const res = await t.app.inject({
      method: 'POST',
      url: INQUIRY,
      remoteAddress: nextIp(),
      headers: { 'content-type': body.type, 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    })
    expect(res.statusCode).toBe(413)
    expect(res.body).toContain('첨부 파일이 모두 합쳐 50MB를 넘어')
    expect(res.body).toContain('입력한 내용은 남아 있으니')
    for (const v of [values.model, values.valve_size, values.name, values.email])
      expect(res.body).toContain(`value="${attr(v)}"`)
    expect(
      await t.runtime.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, values.email)),
    ).toEqual([])
    // No temporary file is left behind.
    expect(await temporary()).toEqual(before)
  })
})
