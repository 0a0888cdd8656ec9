import { messageKey } from './field-errors.ts'
import { formCheck, type FieldRule } from './form-check.ts'
import type { MessageKey } from './i18n/messages.ts'

/**
 * The member rules the browser needs, without zod: the limits and patterns (the server's
 * schemas in member-rules.ts are built from these) and the checks of the login page's forms,
 * which name the same message keys as those schemas (member-checks.test.ts compares them).
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
export const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/

// ---------------------------------------------------------------------------------------------
// The browser's checks of the login page (login, find ID, find password)
// ---------------------------------------------------------------------------------------------

const idRequired = messageKey('member.error.idRequired')
const emailInvalid = messageKey('member.error.emailInvalid')
const passwordRequired = messageKey('member.error.passwordRequired')
const passwordRule = messageKey('member.error.passwordRule')
const tooLong = messageKey('member.error.tooLong')
const invalidCharacters = messageKey('member.error.invalidCharacters')

/** The ID (an e-mail), as `usernameField`. */
export const usernameRule: FieldRule = (value) => {
  if (typeof value !== 'string') return idRequired
  const v = value.trim()
  if (!v) return idRequired
  if (v.length > MEMBER_LIMITS.username || !EMAIL_PATTERN.test(v)) return emailInvalid
  return null
}

/** A password, as `passwordField`. */
export const passwordRuleCheck: FieldRule = (value) => {
  if (typeof value !== 'string' || !value) return passwordRequired
  return passwordMeetsRule(value) ? null : passwordRule
}

/** A required one-line text, as `requiredText(max, key)`. */
const requiredTextRule =
  (max: number, required: MessageKey): FieldRule =>
  (value) => {
    if (typeof value !== 'string') return required
    const v = value.normalize('NFC').trim()
    if (!v) return required
    if (v.length > max) return tooLong
    return NO_CONTROL.test(v) ? null : invalidCharacters
  }

const companyRule = requiredTextRule(MEMBER_LIMITS.company, messageKey('member.error.companyRequired'))
const divisionRule = requiredTextRule(MEMBER_LIMITS.division, messageKey('member.error.divisionRequired'))
const nameRule = requiredTextRule(MEMBER_LIMITS.name, messageKey('member.error.nameRequired'))

/** `loginSchema` in the browser. */
export const loginCheck = formCheck({ username: usernameRule, password: passwordRuleCheck })
/** `findUsernameSchema` in the browser. */
export const findUsernameCheck = formCheck({ company: companyRule, division: divisionRule, name: nameRule })
/** `passwordResetRequestSchema` in the browser. */
export const passwordResetRequestCheck = formCheck({ username: usernameRule, company: companyRule, name: nameRule })
