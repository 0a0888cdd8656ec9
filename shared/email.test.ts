import { describe, expect, it } from 'vitest'
import { contentKind } from './content-kinds.ts'
import { contentSchema } from './content-schema.ts'
import { EMAIL_PATTERN } from './email.ts'
import { fieldErrors } from './field-errors.ts'
import { usernameField } from './member-fields.ts'
import { inviteSchema } from './staff-rules.ts'

/** Addresses on both sides of the rule, among them what a looser `x@y.z` pattern would take. */
const good = ['a@b.co', 'first.last+tag@sub.example.co.kr', 'x_y-z%1@mail-host.com', 'sales@daehan-actuator.example']
const bad = [
  'abc',
  'a@b',
  '@b.com',
  'a@.com',
  'a b@c.com',
  'a@b..com',
  'a@-b.com',
  'a@b.c',
  'a@b.com.',
  '한글@example.com',
  'a@b.c0m',
  'a"b@c.com',
  'a@b_c.com',
]

describe('the one e-mail rule', () => {
  it('takes ordinary addresses and refuses malformed ones', () => {
    for (const ok of good) expect(EMAIL_PATTERN.test(ok), ok).toBe(true)
    for (const no of bad) expect(EMAIL_PATTERN.test(no), no).toBe(false)
  })

  it('is the rule of every schema that checks an e-mail: member ID, staff invitation, the console e-mail field', () => {
    const settings = contentSchema(contentKind('site-settings')!)
    for (const address of [...good, ...bad]) {
      const expected = EMAIL_PATTERN.test(address)
      expect(usernameField.safeParse(address).success, `ID ${address}`).toBe(expected)
      const invite = inviteSchema.safeParse({ username: address, name: '김', role: 'editor' })
      expect(invite.success, `invite ${address}`).toBe(expected)
      const saved = settings.safeParse({ sales_email: address })
      expect(saved.success ? undefined : fieldErrors(saved.error).sales_email, `console ${address}`).toBe(
        expected ? undefined : 'console.error.email',
      )
    }
  })
})
