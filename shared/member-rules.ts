import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { companyField, divisionField, nameField, NO_CONTROL, passwordField, usernameField } from './member-fields.ts'
import { MEMBER_LIMITS } from './member-limits.ts'
import type { MessageKey } from './i18n/messages.ts'

/**
 * The member forms beyond the login page's (sign-up, password reset and change, my page) and the
 * API's other member inputs, composed from the fields of shared/member-fields.ts, for the browser
 * and the server alike. Every message is a key of shared/i18n/*.json (named through `messageKey`).
 */

/** A consent checkbox: only an explicit yes counts. */
export const consentField = z
  .union([z.literal(true), z.enum(['Y', 'y', 'on', 'true', '1'])], {
    error: messageKey('member.error.consentRequired'),
  })
  .transform(() => true as const)
  .describe('Consent: true (JSON), or Y, y, on, true or 1 (form)')

/** A random code sent by e-mail (base64url). */
export const codeField = z
  .string({ error: messageKey('member.error.codeInvalid') })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, messageKey('member.error.codeInvalid'))
  .describe('The code of the e-mailed link')

// ---------------------------------------------------------------------------------------------
// One schema per input
// ---------------------------------------------------------------------------------------------

/**
 * The confirmation of a new password: equal to it and, in the forms, required. Checked even when
 * other fields fail (`when`), so a form's first submit shows this message with all the others.
 * The value may then be partial: read it defensively.
 */
function confirmation(
  password: string,
  confirm: string,
  required: boolean,
): [check: (value: object) => boolean, params: { path: string[]; message: MessageKey; when: () => boolean }] {
  return [
    (value: object) => {
      const v = value as Record<string, unknown>
      const c = v[confirm]
      if (c === undefined || (c === '' && required)) return !required
      return c === v[password]
    },
    { path: [confirm], message: messageKey('member.error.passwordConfirm'), when: () => true },
  ]
}

/** A confirmation field: optional in the API, required by the forms (see `confirmation`). */
const confirmField = (of: string) =>
  z.string().max(MEMBER_LIMITS.oldPasswordMax).optional().describe(`When sent, must equal ${of}`)

/** POST sign: the account, the two consents and (optionally) the language of the e-mail. */
const signUpFields = z.object({
  company: companyField,
  division: divisionField,
  name: nameField,
  username: usernameField,
  password: passwordField,
  /** The API accepts the body without it; when sent it must equal `password`. */
  password_confirm: confirmField('password'),
  consent_service: consentField,
  consent_privacy: consentField,
  lang: z.enum(['ko', 'en']).optional().describe('Language of the e-mails (default: the request language)'),
})
export const signUpSchema = signUpFields.refine(...confirmation('password', 'password_confirm', false))
/** The sign-up form: the confirmation is required there. */
export const signUpFormSchema = signUpFields.refine(...confirmation('password', 'password_confirm', true))

/** POST pwd/reset/confirm: the code of the e-mailed link and the new password. */
const passwordResetFields = z.object({
  token: codeField,
  password: passwordField,
  password_confirm: confirmField('password'),
})
export const passwordResetSchema = passwordResetFields.refine(...confirmation('password', 'password_confirm', false))
export const passwordResetFormSchema = passwordResetFields.refine(...confirmation('password', 'password_confirm', true))

/** POST pwd/change (form: old_password, new_password). The new password must differ from the old. */
const passwordChangeFields = z
  .object({
    old_password: z
      .string({ error: messageKey('member.error.currentPasswordRequired') })
      .min(1, messageKey('member.error.currentPasswordRequired'))
      .max(MEMBER_LIMITS.oldPasswordMax, messageKey('member.error.passwordMismatch'))
      .describe('The current password'),
    new_password: passwordField,
    new_password_confirm: confirmField('new_password'),
  })
  .refine((value) => value.old_password !== value.new_password, {
    path: ['new_password'],
    message: messageKey('member.error.passwordSame'),
  })
export const passwordChangeSchema = passwordChangeFields.refine(
  ...confirmation('new_password', 'new_password_confirm', false),
)
export const passwordChangeFormSchema = passwordChangeFields.refine(
  ...confirmation('new_password', 'new_password_confirm', true),
)

/** GET email/regist?username&email_regist_code (username optional: the code alone identifies the account). */
export const emailRegistSchema = z.object({
  username: z.optional(usernameField),
  email_regist_code: codeField,
})

/** GET check/nickname?nickname= */
export const nicknameCheckSchema = z.object({
  nickname: z
    .string({ error: messageKey('member.error.idRequired') })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, messageKey('member.error.idRequired'))
        .max(MEMBER_LIMITS.username, messageKey('member.error.tooLong'))
        .regex(NO_CONTROL, messageKey('member.error.invalidCharacters')),
    )
    .describe('The ID to check: taken when an active member uses it as ID or nickname'),
})

/** GET user/detail?id= (optional: the caller's own id). */
export const userDetailSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, messageKey('api.badRequest'))
    .transform(Number)
    .optional()
    .describe("The caller's own id (any other is a 403)"),
})

/**
 * POST user/update: only what a member may change without the customer center. Name, company,
 * department and ID are fixed (section 2); role and access_yn are the company's to grant.
 */
export const userUpdateSchema = z
  .object({
    nickname: z
      .string()
      .transform((v) => v.normalize('NFC').trim())
      .pipe(
        z
          .string()
          .max(MEMBER_LIMITS.nickname, messageKey('member.error.tooLong'))
          .regex(NO_CONTROL, messageKey('member.error.invalidCharacters')),
      )
      .optional()
      .describe(`Nickname (at most ${MEMBER_LIMITS.nickname} characters; empty clears it)`),
    lang: z.enum(['ko', 'en']).optional().describe('Language of future e-mails'),
  })
  .strict()

/** The ID shown by find-ID: the first two characters of each part kept, the rest masked. */
export function maskUsername(username: string): string {
  const at = username.lastIndexOf('@')
  if (at < 0) return username
  const local = username.slice(0, at)
  const domain = username.slice(at + 1)
  // Mask the first label of the domain and keep the rest ("valves.co.kr" → "va****.co.kr").
  const dot = domain.indexOf('.')
  const host = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ''
  const mask = (part: string) => {
    const keep = part.length <= 2 ? 1 : 2
    return part.slice(0, keep) + '*'.repeat(Math.max(part.length - keep, 1))
  }
  return `${mask(local)}@${mask(host)}${tld}`
}
