import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { totpAt } from '#tests/helpers/totp.ts'

/**
 * `/admin/session`, what the console's save guard asks before a save and where it signs an editor in
 * again without leaving the page (docs/decisions/041-console-never-loses-typing.md): hidden from
 * visitors, "ended" for a cookie whose session ended, and a one-step sign-in with the same refusals
 * as /admin/login (a disabled account cannot sign in).
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let admin: EnrolledStaff
let returning: EnrolledStaff
/** The editor's session after signing in again (test 2), disabled in test 3. */
let again = ''

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, { username: 'again.editor@example.com', role: 'editor' })
  admin = await enrolStaff(t.runtime.services, { username: 'again.admin@example.com', role: 'admin' })
  returning = await enrolStaff(t.runtime.services, { username: 'again.returning@example.com', role: 'editor' })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const state = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/admin/session', headers: cookie ? { cookie } : {} })

const signIn = (values: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/session',
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })

const req = { ip: '127.0.0.1', lang: 'ko' as const }

describe('/admin/session', () => {
  it('is the site 404 for a visitor, active for a signed-in editor, ended once the session ends; never cached', async () => {
    expect((await state()).statusCode).toBe(404)
    const active = await state(editor.cookie)
    expect(active.statusCode).toBe(200)
    expect(active.json()).toEqual({ state: 'active' })
    expect(active.headers['cache-control']).toBe('private, no-store')
    await t.runtime.services.console.signOut(editor.sessionToken, req)
    const ended = await state(editor.cookie)
    expect(ended.statusCode).toBe(200)
    expect(ended.json()).toEqual({ state: 'ended' })
  })

  it('signs in again in one step: a wrong password or a missing code is refused, the right ones give a session', async () => {
    const missing = await signIn({ username: editor.username, password: editor.password })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().errors)).toContain('code')

    const wrong = await signIn({ username: editor.username, password: 'not the password', code: '000000' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ ok: false, message: { key: 'console.guard.failed' } })

    const right = await signIn({
      username: editor.username,
      password: editor.password,
      code: totpAt(editor.secret, Date.now()),
    })
    expect(right.statusCode).toBe(200)
    expect(right.json()).toEqual({ ok: true })
    const cookie = String(right.headers['set-cookie']).split(';')[0]!
    expect(cookie).toMatch(/^console_session=/)
    expect((await state(cookie)).json()).toEqual({ state: 'active' })
    again = cookie
  })

  it('a disabled account is told it cannot sign in, never given a session', async () => {
    const session = await t.runtime.services.console.authenticate(admin.sessionToken)
    const disabled = await t.runtime.services.console.setDisabled(
      session!,
      { userId: editor.userId, disabled: true },
      req,
    )
    expect(disabled.ok).toBe(true)
    const answer = await signIn({
      username: editor.username,
      password: editor.password,
      code: totpAt(editor.secret, Date.now() + 30_000),
    })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ ok: false, message: { key: 'console.guard.failed' } })
    expect(answer.headers['set-cookie']).toBeUndefined()

    // The page still open in the editor's browser: its save guard hears "disabled", not "ended"
    // (signing in again cannot help), and a console page goes to the sign-in page saying why.
    expect((await state(again)).json()).toEqual({ state: 'disabled' })
    const page = await t.app.inject({ url: '/admin/content/popups', headers: { cookie: again } })
    expect(page.statusCode).toBe(302)
    expect(page.headers.location).toBe('/admin/login?disabled=1')
    const told = await t.app.inject({ url: '/admin/login?disabled=1' })
    expect(told.body).toContain('이 계정은 관리자가 사용을 중지했습니다.')
    const toldEn = await t.app.inject({ url: '/admin/login?disabled=1&lang=en' })
    expect(toldEn.body).toContain('An administrator disabled this account.')
  })
})

describe('a console page asked for after the session ended', () => {
  it('goes to the sign-in page, which comes back to that page after both steps', async () => {
    await t.runtime.services.console.signOut(returning.sessionToken, req)
    const asked = await t.app.inject({ url: '/admin/content/popups?focus=1', headers: { cookie: returning.cookie } })
    expect(asked.statusCode).toBe(302)
    const signInPage = String(asked.headers.location)
    expect(signInPage).toBe('/admin/login?ended=1&next=%2Fadmin%2Fcontent%2Fpopups%3Ffocus%3D1')
    const page = await t.app.inject({ url: signInPage })
    expect(page.body).toContain('name="next" value="/admin/content/popups?focus=1"')

    const form = (values: Record<string, string>, url: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(values).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      })
    const first = await form(
      {
        intent: 'password',
        username: returning.username,
        password: returning.password,
        next: '/admin/content/popups?focus=1',
      },
      '/admin/login',
    )
    expect(first.headers.location).toBe('/admin/login?step=code&next=%2Fadmin%2Fcontent%2Fpopups%3Ffocus%3D1')
    const pending = String(first.headers['set-cookie']).split(';')[0]!
    const second = await form(
      { intent: 'code', code: totpAt(returning.secret, Date.now()), next: '/admin/content/popups?focus=1' },
      String(first.headers.location),
      pending,
    )
    expect(second.statusCode).toBe(302)
    expect(second.headers.location).toBe('/admin/content/popups?focus=1')
  })

  it('never sends a sign-in elsewhere than a console page', async () => {
    for (const next of ['https://evil.example/admin', '//evil.example/admin', '/admin/login?x=1', '/\\evil', '/mypage'])
      expect((await t.app.inject({ url: `/admin/login?next=${encodeURIComponent(next)}` })).body).not.toContain(
        'name="next"',
      )
  })
})
