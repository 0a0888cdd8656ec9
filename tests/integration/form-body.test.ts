import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type MemberFixture } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The one form reader (server/http/form-body.ts) at both edges: the API's content-type parser
 * and the page actions. Same limit, same refusals.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let member: MemberFixture
beforeAll(async () => {
  t = await buildTestApp({ seed: false, pages: true, checkAnswers: true, env: { SITE_URL: 'https://www.example.com' } })
  member = await createMember(t)
}, 120_000)
afterAll(async () => t?.close())

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const big = new URLSearchParams({ company: 'x'.repeat(20_000) }).toString()
/** A body sent without Content-Length (chunked), as a stream. */
const chunked = (text: string) => Readable.from([Buffer.from(text.slice(0, 8000)), Buffer.from(text.slice(8000))])

describe('the API form parser', () => {
  it('answers the 413 envelope over 16 KiB, with or without Content-Length', async () => {
    for (const payload of [big, chunked(big)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sign?lang=en', headers: FORM, payload })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toMatchObject({
        success: false,
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
      })
    }
  })

  it('answers 400 for a malformed body, and names a repeated field in data.fields', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz\r\nbroken',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/login?lang=en',
      headers: FORM,
      payload: `username=${encodeURIComponent(member.username)}&password=${encodeURIComponent(member.password)}&password=other`,
    })
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json()).toMatchObject({
      error: { code: 'BAD_REQUEST' },
      data: { fields: { password: 'The request values are not valid.' } },
    })
    expect(repeated.headers['set-cookie']).toBeUndefined()
  })

  it('reads a chunked form under the limit', async () => {
    const payload = new URLSearchParams({ username: member.username, password: member.password }).toString()
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: FORM, payload: chunked(payload) })
    expect(res.statusCode).toBe(200)
  })
})

describe('the page actions', () => {
  it('answer 413 over 16 KiB, with or without Content-Length', async () => {
    for (const payload of [big, chunked(big)]) {
      const res = await t.app.inject({ method: 'POST', url: '/signup', headers: FORM, payload })
      expect(res.statusCode).toBe(413)
    }
  })

  it('answer 400 for a malformed body or a repeated field', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz\r\nbroken',
    })
    expect(broken.statusCode).toBe(400)
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: FORM,
      payload: 'intent=login&intent=find-id',
    })
    expect(repeated.statusCode).toBe(400)
    expect(repeated.headers['set-cookie']).toBeUndefined()
  })

  it('log in with a UTF-8 form and set the session cookies (Secure on an https site)', async () => {
    const payload = new URLSearchParams({
      intent: 'login',
      flag: 'N',
      username: member.username,
      password: member.password,
    }).toString()
    const res = await t.app.inject({ method: 'POST', url: '/login', headers: FORM, payload })
    expect([302, 303]).toContain(res.statusCode)
    const cookies = res.headers['set-cookie'] as string[]
    expect(cookies[0]).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=4377600; HttpOnly; SameSite=Lax; Secure$/)
    expect(cookies[1]).toBe('member=1; Path=/; Max-Age=4377600; SameSite=Lax; Secure')

    const find = new URLSearchParams({
      intent: 'find-id',
      company: member.company,
      division: member.division,
      name: member.name,
    }).toString()
    const found = await t.app.inject({ method: 'POST', url: '/login.data', headers: FORM, payload: find })
    expect(found.statusCode).toBe(200)
    expect(found.body).toContain('****')
  })
})
