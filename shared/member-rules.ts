import { z } from './zod.ts'

/**
 * The member rules of the specification (section 5), written once for the browser (messages at
 * the field) and the server (the API and the React Router actions). Every message is a key of
 * app/i18n/*.json, so either side shows it in the visitor's language.
 */

export const MEMBER_LIMITS = {
  company: 50,
  division: 50,
  name: 50,
  nickname: 50,
  username: 100,
  passwordMin: 8,
  passwordMax: 30,
  /** Longest current password accepted when changing it (older rules may have allowed more). */
  oldPasswordMax: 128,
  /** Length of the random codes sent by e-mail (32 bytes, base64url). */
  codeLength: 43,
} as const

/** The special characters a password may contain. */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':",.<>/?`~\\|'

const escapeClass = (chars: string) => chars.replace(/[\\\][^-]/g, (c) => `\\${c}`)
const specialClass = escapeClass(PASSWORD_SPECIALS)
const passwordAllowed = new RegExp(`^[A-Za-z0-9${specialClass}]+$`)
const passwordSpecial = new RegExp(`[${specialClass}]`)

/** 8-30 characters of letters, digits and the allowed specials, with at least one of each kind. */
export function passwordMeetsRule(value: string): boolean {
  return (
    value.length >= MEMBER_LIMITS.passwordMin &&
    value.length <= MEMBER_LIMITS.passwordMax &&
    passwordAllowed.test(value) &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value) &&
    passwordSpecial.test(value)
  )
}

/** A general e-mail pattern: local part, @, dotted domain ending in a 2+ letter top-level domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/

// No control characters (line breaks, NUL …) in names: they end up in e-mails and pages.
// eslint-disable-next-line no-control-regex
const noControl = /^[^\u0000-\u001f\u007f-\u009f]*$/

/** A required one-line text: trimmed, NFC-normalised, at most `max` characters. */
function requiredText(max: number, requiredKey: string) {
  return z
    .string({ error: requiredKey })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, requiredKey)
        .max(max, 'member.error.tooLong')
        .regex(noControl, 'member.error.invalidCharacters'),
    )
}

/** The ID: an e-mail, trimmed and lower-cased. */
export const usernameField = z
  .string({ error: 'member.error.idRequired' })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'member.error.idRequired')
      .max(MEMBER_LIMITS.username, 'member.error.emailInvalid')
      .regex(EMAIL_PATTERN, 'member.error.emailInvalid')
      .transform((v) => v.toLowerCase()),
  )

/** A new password: required and meeting the rule. Never trimmed. */
export const passwordField = z
  .string({ error: 'member.error.passwordRequired' })
  .min(1, 'member.error.passwordRequired')
  .refine(passwordMeetsRule, 'member.error.passwordRule')

/** A password being checked (login): required and meeting the rule, as the login form asks. */
export const loginPasswordField = passwordField

export const companyField = requiredText(MEMBER_LIMITS.company, 'member.error.companyRequired')
export const divisionField = requiredText(MEMBER_LIMITS.division, 'member.error.divisionRequired')
export const nameField = requiredText(MEMBER_LIMITS.name, 'member.error.nameRequired')

/** A consent checkbox: only an explicit yes counts. */
export const consentField = z
  .union([z.literal(true), z.enum(['Y', 'y', 'on', 'true', '1'])], { error: 'member.error.consentRequired' })
  .transform(() => true as const)

/** A random code sent by e-mail (base64url). */
export const codeField = z
  .string({ error: 'member.error.codeInvalid' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'member.error.codeInvalid')

// ---------------------------------------------------------------------------------------------
// One schema per input
// ---------------------------------------------------------------------------------------------

/** POST login (form data: flag, password, username). `flag` is accepted and ignored. */
export const loginSchema = z.object({
  username: usernameField,
  password: loginPasswordField,
  flag: z.string().max(20).optional(),
})

/** POST sign: the account, the two consents and (optionally) the language of the e-mail. */
export const signUpSchema = z.object({
  company: companyField,
  division: divisionField,
  name: nameField,
  username: usernameField,
  password: passwordField,
  /** The API accepts the body without it; when sent it must equal `password`. */
  password_confirm: z.string().max(MEMBER_LIMITS.oldPasswordMax).optional(),
  consent_service: consentField,
  consent_privacy: consentField,
  lang: z.enum(['ko', 'en']).optional(),
}).superRefine((value, ctx) => {
  if (value.password_confirm !== undefined && value.password_confirm !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'member.error.passwordConfirm' })
  }
})

/** The sign-up form: the confirmation is required there. */
export const signUpFormSchema = signUpSchema.superRefine((value, ctx) => {
  if (value.password_confirm === undefined || value.password_confirm === '') {
    ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'member.error.passwordConfirm' })
  }
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

/** POST pwd/reset/confirm: the code of the e-mailed link and the new password. */
export const passwordResetSchema = z
  .object({
    token: codeField,
    password: passwordField,
    password_confirm: z.string().max(MEMBER_LIMITS.oldPasswordMax).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirm !== undefined && value.password_confirm !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'member.error.passwordConfirm' })
    }
  })

/** POST pwd/change (form: old_password, new_password). */
export const passwordChangeSchema = z
  .object({
    old_password: z
      .string({ error: 'member.error.currentPasswordRequired' })
      .min(1, 'member.error.currentPasswordRequired')
      .max(MEMBER_LIMITS.oldPasswordMax, 'member.error.passwordMismatch'),
    new_password: passwordField,
    new_password_confirm: z.string().max(MEMBER_LIMITS.oldPasswordMax).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.new_password_confirm !== undefined && value.new_password_confirm !== value.new_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirm'], message: 'member.error.passwordConfirm' })
    }
    if (value.old_password === value.new_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'member.error.passwordSame' })
    }
  })

/** The forms require the confirmation fields the API leaves optional. */
export const requireConfirmation = <T extends Record<string, unknown>>(field: keyof T & string) =>
  (value: T, ctx: z.RefinementCtx) => {
    if (value[field] === undefined || value[field] === '') {
      ctx.addIssue({ code: 'custom', path: [field], message: 'member.error.passwordConfirm' })
    }
  }

export const passwordChangeFormSchema = passwordChangeSchema.superRefine(
  requireConfirmation<z.output<typeof passwordChangeSchema>>('new_password_confirm'),
)
export const passwordResetFormSchema = passwordResetSchema.superRefine(
  requireConfirmation<z.output<typeof passwordResetSchema>>('password_confirm'),
)

/** GET email/regist?username&email_regist_code (username optional: the code alone identifies the account). */
export const emailRegistSchema = z.object({
  username: usernameField.optional(),
  email_regist_code: codeField,
})

/** GET check/nickname?nickname= */
export const nicknameCheckSchema = z.object({
  nickname: z
    .string({ error: 'member.error.idRequired' })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(z.string().min(1, 'member.error.idRequired').max(MEMBER_LIMITS.username, 'member.error.tooLong').regex(noControl, 'member.error.invalidCharacters')),
})

/** GET user/detail?id= (optional: the caller's own id). */
export const userDetailSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'api.badRequest')
    .transform(Number)
    .optional(),
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
      .pipe(z.string().max(MEMBER_LIMITS.nickname, 'member.error.tooLong').regex(noControl, 'member.error.invalidCharacters'))
      .optional(),
    lang: z.enum(['ko', 'en']).optional(),
  })
  .strict()

export type FieldErrors = Record<string, string>

/**
 * The first message key per field of a failed parse (`{ username: 'member.error.emailInvalid' }`),
 * what the forms show under each input.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_')
    if (!(field in out)) out[field] = issue.message.startsWith('member.') || issue.message.startsWith('api.') ? issue.message : 'api.badRequest'
  }
  return out
}

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
