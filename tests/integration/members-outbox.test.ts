import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '#server/db/schema.ts'
import { OUTBOX, retryDelayMs } from '#server/services/mail/index.ts'
import { PASSWORD, uniqueEmail } from '#tests/helpers/members.ts'
import { parseMail } from '#tests/helpers/mail-parse.ts'
import { startSmtpServer, type TestSmtp } from '#tests/helpers/smtp.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/** A port nothing listens on (the SMTP relay is "down"). */
async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const signUpBody = (username: string) => ({
  company: '대한상사',
  division: '구매팀',
  name: '이영희',
  username,
  password: PASSWORD,
  consent_service: 'Y',
  consent_privacy: 'Y',
})

describe('outbox with the SMTP relay down at sign-up', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>
  let smtp: TestSmtp | undefined
  let port: number
  let now = Date.now()
  beforeAll(async () => {
    port = await freePort()
    t = await buildTestApp({
      seed: false,
      checkAnswers: true,
      clock: () => new Date(now),
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('keeps the message, retries with a doubling delay, and delivers it once the relay is back', async () => {
    const username = uniqueEmail('outage')
    const res = await t.app.inject({ method: 'POST', url: '/api/sign', payload: signUpBody(username) })
    // The sign-up itself succeeds: the mail waits in the outbox.
    expect(res.statusCode).toBe(200)
    const mail = t.runtime.services.mail
    expect(await mail.flush()).toEqual({ sent: 0, failed: 1 })
    const db = t.runtime.database.db
    let [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, username))
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(new Date(row!.next_attempt_at).getTime()).toBe(now + 30_000)
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i)
    expect(row!.last_error).not.toContain(username)

    // Not due yet: nothing is tried.
    now += 10_000
    expect(await mail.flush()).toEqual({ sent: 0, failed: 0 })
    // Second failure doubles the delay.
    now += 20_000
    expect(await mail.flush()).toEqual({ sent: 0, failed: 1 })
    ;[row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, username))
    expect(row).toMatchObject({ status: 'pending', attempts: 2 })
    expect(new Date(row!.next_attempt_at).getTime()).toBe(now + 60_000)

    // The relay comes back on the same port.
    smtp = await startSmtpServer({ port })
    now += 60_000
    expect(await mail.flush()).toEqual({ sent: 1, failed: 0 })
    const received = await smtp.waitFor((m) => m.envelopeTo.includes(username))
    expect(received.subject).toContain('이메일 인증')
    expect(received.links.some((l) => l.includes('/confirm?username='))).toBe(true)
    ;[row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, username))
    expect(row).toMatchObject({ status: 'sent', attempts: 3, html: '', text: '' })
    // Nothing is sent twice.
    now += 3_600_000
    expect(await mail.flush()).toEqual({ sent: 0, failed: 0 })
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(username))).toHaveLength(1)
  })

  it('gives up after 10 attempts, with delays doubling up to an hour', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual(
      [30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map((s) => s * 1000),
    )
    await smtp?.close()
    smtp = undefined
    const username = uniqueEmail('given-up')
    await t.app.inject({ method: 'POST', url: '/api/sign', payload: signUpBody(username) })
    const db = t.runtime.database.db
    for (let i = 1; i <= OUTBOX.maxAttempts; i++) {
      expect(await t.runtime.services.mail.flush()).toEqual({ sent: 0, failed: 1 })
      now += OUTBOX.maxDelayMs
    }
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, username))
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX.maxAttempts })
    expect(await t.runtime.services.mail.flush()).toEqual({ sent: 0, failed: 0 })
  })
})

describe('outbox without SMTP_URL', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(async () => t?.close())

  it('writes the message as an .eml file and logs its link without the address', async () => {
    const entries: { obj: Record<string, unknown>; msg: string }[] = []
    const log = {
      info: (obj: object, msg: string) => entries.push({ obj: obj as Record<string, unknown>, msg }),
      warn() {},
      error() {},
    }
    const mail = t.runtime.services.mail
    mail.start(log)
    const username = uniqueEmail('file')
    const res = await t.app.inject({ method: 'POST', url: '/api/sign?lang=en', payload: signUpBody(username) })
    expect(res.statusCode).toBe(200)
    await mail.flush()
    const entry = entries.find((e) => Array.isArray(e.obj.links))
    expect(entry).toBeTruthy()
    const file = entry!.obj.file as string
    expect(path.dirname(file)).toBe(t.config.outboxDir)
    const parsed = parseMail(fs.readFileSync(file, 'utf8'))
    expect(parsed.subject).toBe('[Daehan Actuator] Please verify your e-mail address')
    expect(parsed.to).toContain(username)
    expect(parsed.html).toContain('Verify my e-mail')
    expect(parsed.text).toContain('/confirm?username=')
    const logged = JSON.stringify(entry)
    expect(logged).not.toContain(username)
    expect(logged).not.toContain(encodeURIComponent(username))
    const link = new URL((entry!.obj.links as string[])[0]!)
    expect(link.pathname).toBe('/confirm')
    // The logged link works on its own: the code identifies the account.
    const verify = await t.app.inject(`/api/email/regist?${link.searchParams.toString()}`)
    expect(verify.statusCode).toBe(200)
  })
})
