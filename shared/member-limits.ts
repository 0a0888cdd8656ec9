/**
 * The member limits and the password rule of the specification (section 5), without zod: the
 * public pages' inputs read them for their `maxLength` before the schemas (shared/member-fields.ts)
 * are loaded.
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

/**
 * The password rule as one pattern (what /api/docs documents): 8-30 characters of letters, digits
 * and the allowed specials, with at least one letter, one digit and one special.
 */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${specialClass}])[A-Za-z0-9${specialClass}]{${MEMBER_LIMITS.passwordMin},${MEMBER_LIMITS.passwordMax}}$`,
)

/** 8-30 characters of letters, digits and the allowed specials, with at least one of each kind. */
export function passwordMeetsRule(value: string): boolean {
  return PASSWORD_PATTERN.test(value)
}
