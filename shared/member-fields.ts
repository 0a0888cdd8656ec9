import { z } from './zod-mini.ts'
import { emailFormat } from './email.ts'
import { messageKey } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import { MEMBER_LIMITS, PASSWORD_PATTERN, PASSWORD_SPECIALS } from './member-limits.ts'

/**
 * The member fields of the specification (section 5) and the login page's three forms, written
 * once for the browser (messages at the field) and the server (the API and the React Router
 * actions). zod's small build (shared/zod-mini.ts) keeps the login page light; shared/member-rules.ts
 * composes the other member forms from these fields. Every message is a catalogue key (`messageKey`).
 */
// No control characters (line breaks, NUL …) in names: they end up in e-mails and pages.
// eslint-disable-next-line no-control-regex
export const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/

/** A required one-line text: trimmed, NFC-normalised, at most `max` characters. */
function requiredText(max: number, requiredKey: MessageKey, label: string) {
  return z
    .pipe(
      z.pipe(
        z.string({ error: requiredKey }),
        z.transform((v: string) => v.normalize('NFC').trim()),
      ),
      z
        .string()
        .check(
          z.minLength(1, requiredKey),
          z.maxLength(max, messageKey('member.error.tooLong')),
          z.regex(NO_CONTROL, messageKey('member.error.invalidCharacters')),
        ),
    )
    .check(z.describe(`${label} (1-${max} characters, one line; trimmed)`))
}

/** The ID: an e-mail, trimmed and lower-cased. */
export const usernameField = z
  .pipe(
    z.pipe(
      z.string({ error: messageKey('member.error.idRequired') }),
      z.transform((v: string) => v.trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, messageKey('member.error.idRequired')),
        z.maxLength(MEMBER_LIMITS.username, messageKey('member.error.emailInvalid')),
        emailFormat(messageKey('member.error.emailInvalid')),
        z.toLowerCase(),
      ),
  )
  .check(
    z.describe(`ID: an e-mail address (at most ${MEMBER_LIMITS.username} characters; trimmed, compared lower-case)`),
  )

/** A new password (and the login's): required and meeting the rule. Never trimmed. */
export const passwordField = z.string({ error: messageKey('member.error.passwordRequired') }).check(
  z.minLength(1, messageKey('member.error.passwordRequired')),
  // One pattern (PASSWORD_PATTERN), so /api/docs carries the rule; the lengths, so it shows them too.
  z.minLength(MEMBER_LIMITS.passwordMin, messageKey('member.error.passwordRule')),
  z.maxLength(MEMBER_LIMITS.passwordMax, messageKey('member.error.passwordRule')),
  z.regex(PASSWORD_PATTERN, messageKey('member.error.passwordRule')),
  z.describe(
    `${MEMBER_LIMITS.passwordMin}-${MEMBER_LIMITS.passwordMax} characters of letters, digits and ${PASSWORD_SPECIALS}, at least one of each kind`,
  ),
)

export const companyField = requiredText(MEMBER_LIMITS.company, messageKey('member.error.companyRequired'), 'Company')
export const divisionField = requiredText(
  MEMBER_LIMITS.division,
  messageKey('member.error.divisionRequired'),
  'Department',
)
export const nameField = requiredText(MEMBER_LIMITS.name, messageKey('member.error.nameRequired'), 'Name')

/** POST login (form data: flag, password, username). `flag` is accepted and ignored. */
export const loginSchema = z.object({
  username: usernameField,
  password: passwordField,
  flag: z.optional(z.string().check(z.maxLength(20), z.describe('Accepted and ignored (the specification sends it)'))),
})

/** GET find/username?company&division&name */
export const findUsernameSchema = z.object({
  company: companyField,
  division: divisionField,
  name: nameField,
})

/** POST pwd/reset (username, company, name) */
export const passwordResetRequestSchema = z.object({
  username: usernameField,
  company: companyField,
  name: nameField,
})
