import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, loggerOptions } from '#server/app.ts'
import { createRateLimiter, RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import { apiLogin, bearer, createMember, PASSWORD, uniqueEmail } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
let now = Date.now()
beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true, clock: () => new Date(now) })
}, 120_000)
afterAll(async () => t?.close())

const loginForm = (username: string, password: string) =>
  new URLSearchParams({ flag: 'N', username, password }).toString()

describe('cross-site request forgery', () => {
  const post = (headers: Record<string, string>, url = '/api/login') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: loginForm('a@example.com', PASSWORD),
    })

  it('refuses a state-changing request from another origin, in both languages', async () => {
    const res = await post({ origin: 'https://evil.example', cookie: 'lang=en' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      success: false,
      error: {
        code: 'CROSS_SITE_REQUEST',
        message: 'The request came from another site and was refused.',
        messages: { ko: expect.any(String) },
      },
    })
  })

  it('refuses a foreign Referer when there is no Origin, an opaque origin, and Sec-Fetch-Site: cross-site', async () => {
    expect((await post({ referer: 'https://evil.example/page' })).statusCode).toBe(403)
    expect((await post({ origin: 'null' })).statusCode).toBe(403)
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await post({ origin: 'http://localhost:3000.evil.example' })).statusCode).toBe(403)
  })

  it('applies to page form posts (React Router actions) and every API call', async () => {
    for (const url of [
      '/login',
      '/mypage',
      '/signup',
      '/api/sign',
      '/api/user/withdraw',
      '/api/pwd/change',
      '/api/logout',
    ]) {
      expect((await post({ origin: 'https://evil.example' }, url)).statusCode, url).toBe(403)
    }
  })

  it('lets same-origin requests and requests without Origin or Referer (API clients) through', async () => {
    expect((await post({ origin: 'http://localhost:3000' })).statusCode).toBe(401)
    expect((await post({ origin: 'http://localhost:80' })).statusCode).toBe(401)
    expect((await post({ referer: 'http://localhost:3000/login' })).statusCode).toBe(401)
    expect((await post({})).statusCode).toBe(401)
    // Reads are never blocked.
    expect(
      (await t.app.inject({ url: '/api/check/nickname?nickname=x', headers: { origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(200)
  })
})

describe('failed-login limits', () => {
  it(`locks one ID after ${RATE_LIMITS.loginAccount.limit} failures from addresses it never signed in from, for the window, even with the right password`, async () => {
    const m = await createMember(t)
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i++) {
      const { res } = await apiLogin(t.app, m.username, 'Wrong#2024x', `198.18.0.${i + 1}`)
      expect(res.statusCode).toBe(401)
    }
    const locked = await apiLogin(t.app, m.username, m.password, '198.18.1.1')
    expect(locked.res.statusCode).toBe(429)
    expect(Number(locked.res.headers['retry-after'])).toBeGreaterThan(0)
    expect(locked.res.json()).toMatchObject({
      success: false,
      error: { code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('로그인 시도가 너무 많습니다') },
    })
    now += RATE_LIMITS.loginAccount.windowSec * 1000 + 1000
    const later = await apiLogin(t.app, m.username, m.password, '198.18.1.1')
    expect(later.res.statusCode).toBe(200)
  })

  it(`locks one address after ${RATE_LIMITS.loginAddress.limit} failures, whatever the IDs; other addresses go on`, async () => {
    const m = await createMember(t)
    const address = '198.18.2.1'
    for (let i = 0; i < RATE_LIMITS.loginAddress.limit; i++) {
      const { res } = await apiLogin(t.app, uniqueEmail('spray'), PASSWORD, address)
      expect(res.statusCode).toBe(401)
    }
    expect((await apiLogin(t.app, m.username, m.password, address)).res.statusCode).toBe(429)
    expect((await apiLogin(t.app, m.username, m.password, '198.18.2.2')).res.statusCode).toBe(200)
  })

  it('does not count successful logins', async () => {
    const m = await createMember(t)
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit + 2; i++) {
      expect((await apiLogin(t.app, m.username, m.password, '198.18.3.1')).res.statusCode).toBe(200)
    }
  })

  it('refused attempts are given back: bursts of parallel correct logins past the limit leave the account open', async () => {
    const limiter = createRateLimiter({ db: t.runtime.database.db, clock: () => new Date(now) })
    const rule = RATE_LIMITS.loginAccount
    const key = limiter.keyOf('test:burst', uniqueEmail('burst'))
    for (let round = 0; round < 3; round++) {
      // A burst: every attempt counted before any finishes, as when parallel logins wait for argon2id;
      // then the allowed ones succeed and give theirs back.
      const decisions = []
      for (let i = 0; i < rule.limit + 5; i++) decisions.push(await limiter.consume(key, rule))
      expect(decisions.filter((d) => d.allowed)).toHaveLength(rule.limit)
      for (let i = 0; i < rule.limit; i++) await limiter.refund(key)
    }
    expect(await limiter.consume(key, rule)).toMatchObject({ allowed: true, count: 1 })
  })

  it('parallel failures cannot slip past the limit', async () => {
    const m = await createMember(t)
    const results = await Promise.all(
      Array.from({ length: RATE_LIMITS.loginAccount.limit + 5 }, (_, i) =>
        apiLogin(t.app, m.username, 'Wrong#2024x', `198.18.4.${i + 1}`),
      ),
    )
    const codes = results.map((r) => r.res.statusCode)
    expect(codes.filter((c) => c === 401)).toHaveLength(RATE_LIMITS.loginAccount.limit)
    expect(codes.filter((c) => c === 429)).toHaveLength(5)
  })

  it('limits find-ID and reset requests per address', async () => {
    const address = '198.18.5.1'
    for (let i = 0; i < RATE_LIMITS.findAddress.limit; i++) {
      const res = await t.app.inject({ url: '/api/find/username?company=A&division=B&name=C', remoteAddress: address })
      expect(res.statusCode).toBe(404)
    }
    const res = await t.app.inject({ url: '/api/find/username?company=A&division=B&name=C', remoteAddress: address })
    expect(res.statusCode).toBe(429)
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset',
      remoteAddress: address,
      payload: { username: 'a@example.com', company: 'A', name: 'C' },
    })
    expect(reset.statusCode).toBe(429)
  })
})

describe('no user enumeration by timing', () => {
  it('an unknown ID costs an argon2 verification like a wrong password', async () => {
    const m = await createMember(t)
    const time = async (username: string, address: string) => {
      const start = performance.now()
      await apiLogin(t.app, username, 'Wrong#2024x', address)
      return performance.now() - start
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    // Warm up both paths, then interleave the samples (the machine is shared: medians, loose bounds).
    await time(uniqueEmail('ghost'), '198.18.6.200')
    await time(m.username, '198.18.7.200')
    const unknown: number[] = []
    const wrong: number[] = []
    for (let i = 0; i < 9; i++) {
      unknown.push(await time(uniqueEmail('ghost'), `198.18.6.${i}`))
      wrong.push(await time(m.username, `198.18.7.${i}`))
    }
    // Without the dummy verification an unknown ID would answer in a few milliseconds (ratio ≈ 0.1).
    const ratio = median(unknown) / median(wrong)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(3)
  })
})

describe('personal data stays out of the logs', () => {
  it('logs no e-mail, password or token while members sign up, log in and fail', async () => {
    let output = ''
    const stream = new Writable({
      write(chunk, _enc, done) {
        output += String(chunk)
        done()
      },
    })
    const app = await buildApp({
      config: t.config,
      services: t.runtime.services,
      logger: loggerOptions('trace', stream),
    })
    await app.ready()
    const username = uniqueEmail('logged')
    await app.inject({
      method: 'POST',
      url: `/api/sign?username=${encodeURIComponent(username)}`,
      payload: {
        company: 'Log Co',
        division: 'IT',
        name: 'Log Kim',
        username,
        password: PASSWORD,
        consent_service: 'Y',
        consent_privacy: 'Y',
      },
    })
    await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'Wrong#2024x' } })
    const m = await createMember(t)
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: loginForm(m.username, m.password),
    })
    const token = ok.json().data as string
    await app.inject({ url: '/api/user', headers: { ...bearer(token), cookie: `session=${token}` } })
    await app.inject({ url: `/api/find/username?company=Log%20Co&division=IT&name=Log%20Kim` })
    await app.close()
    expect(output.length).toBeGreaterThan(0)
    for (const secret of [username, m.username, PASSWORD, m.password, token, 'Log Kim', encodeURIComponent(username)]) {
      expect(output).not.toContain(secret)
    }
  })
})
