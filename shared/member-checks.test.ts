import { describe, expect, it } from 'vitest'
import { fieldErrors } from './field-errors.ts'
import { findUsernameCheck, loginCheck, passwordResetRequestCheck } from './member-checks.ts'
import { findUsernameSchema, loginSchema, passwordResetRequestSchema } from './member-rules.ts'

/** The field messages of a check or schema for `values` (what the form shows). */
const messages = (check: { safeParse(v: Record<string, unknown>): { success: boolean; error?: { issues: { path: readonly PropertyKey[]; message: string }[] } } }, values: Record<string, unknown>) => {
  const result = check.safeParse(values)
  return result.success ? {} : fieldErrors(result.error!)
}

const usernames = [undefined, '', '   ', 'kim@example.com', '  Kim@Example.COM ', 'kim@', 'kim@example', `${'a'.repeat(95)}@ex.com`, 'a b@example.com']
const passwords = [undefined, '', 'short1!', 'abcdefgh', 'abcd1234!', 'abcd 1234!', 'a1!'.repeat(11)]
const texts = [undefined, '', '  ', '대한', 'x'.repeat(50), 'x'.repeat(51), 'line\nbreak', ' 대한 액추에이터 ']

describe('the login page checks without zod', () => {
  it('name the same message per field as the server schemas (login)', () => {
    for (const username of usernames)
      for (const password of passwords) expect(messages(loginCheck, { username, password }), `${username} / ${password}`).toEqual(messages(loginSchema, { username, password }))
  })

  it('name the same message per field as the server schemas (find ID, find password)', () => {
    for (const text of texts) {
      const find = { company: text, division: text, name: text }
      expect(messages(findUsernameCheck, find), String(text)).toEqual(messages(findUsernameSchema, find))
      for (const username of usernames) {
        const reset = { username, company: text, name: text }
        expect(messages(passwordResetRequestCheck, reset), `${username} / ${text}`).toEqual(messages(passwordResetRequestSchema, reset))
      }
    }
  })

  it('pass a valid form and focus the first invalid field first', () => {
    expect(loginCheck.safeParse({ username: 'kim@example.com', password: 'abcd1234!' }).success).toBe(true)
    expect(Object.keys(messages(loginCheck, {}))).toEqual(['username', 'password'])
  })
})
