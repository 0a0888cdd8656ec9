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

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, { username: 'again.editor@example.com', role: 'editor' })
  admin = await enrolStaff(t.runtime.services, { username: 'again.admin@example.com', role: 'admin' })
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
  })
})
