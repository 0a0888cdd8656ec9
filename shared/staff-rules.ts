import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import { nameField, NO_CONTROL, usernameField } from './member-fields.ts'

/**
 * The console's roles and forms (docs/decisions/014-console-staff-sign-in.md), written once for the
 * browser and the server. Staff are `users` whose role is one of STAFF_ROLES; members keep 'member'.
 */
export const STAFF_ROLES = ['admin', 'editor', 'viewer'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** What a role may do, lowest first: a viewer reads, an editor also edits content, an admin everything. */
const RANK: Record<StaffRole, number> = { viewer: 1, editor: 2, admin: 3 }

export const isStaffRole = (role: unknown): role is StaffRole =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role)

/** Whether `role` is a staff role at least as strong as `minimum`. */
export const roleAtLeast = (role: unknown, minimum: StaffRole): boolean =>
  isStaffRole(role) && RANK[role] >= RANK[minimum]

/** The console's time limits. */
export const CONSOLE_LIMITS = {
  /** A session ends after this long without a request. */
  idleMs: 30 * 60 * 1000,
  /** … and this long after sign-in at most. */
  absoluteMs: 12 * 60 * 60 * 1000,
  /** Between the password and the code. */
  pendingMs: 5 * 60 * 1000,
  /** A code given within this long counts as fresh for sensitive actions (step-up). */
  stepUpMs: 5 * 60 * 1000,
  /** Setup links (create-admin, invitations). */
  inviteMs: 24 * 60 * 60 * 1000,
  recoveryCodes: 10,
} as const

/** A 6-digit authenticator code (spaces typed for readability are dropped). */
export const totpCodeField = z
  .string({ error: messageKey('console.error.codeRequired') })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, messageKey('console.error.codeRequired'))
      .regex(/^\d{6}$/, messageKey('console.error.codeFormat')),
  )

/** The authenticator code or one recovery code (xxxx-xxxx-xxxx-xxxx), as the sign-in's second step takes. */
export const secondFactorField = z
  .string({ error: messageKey('console.error.codeRequired') })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, messageKey('console.error.codeRequired'))
      .regex(/^(\d{6}|[a-z2-7]{4}-?[a-z2-7]{4}-?[a-z2-7]{4}-?[a-z2-7]{4})$/, messageKey('console.error.codeFormat')),
  )

/**
 * Staff passwords (docs/decisions/051-staff-passphrases.md): 8 to 128 characters, counted as
 * Unicode code points after NFKC normalisation, any characters but control ones, spaces included,
 * no rule on their mix. Members keep the specification's rule (shared/member-fields.ts).
 */
export const STAFF_PASSWORD = { min: 8, max: 128 } as const

/** One form of a password for hashing and checking: what the keyboard typed, NFKC-normalised. */
export const normalisePassword = (value: string) => value.normalize('NFKC')

/** Characters as people count them: code points, not UTF-16 units (an emoji is one). */
const codePoints = (value: string) => [...value].length

/** A staff member's new password: required, 8-128 characters, no control characters; never trimmed. */
export const staffPasswordField = z
  .string({ error: messageKey('member.error.passwordRequired') })
  .transform(normalisePassword)
  .pipe(
    z
      .string()
      .min(1, messageKey('member.error.passwordRequired'))
      .refine((v) => codePoints(v) >= STAFF_PASSWORD.min, messageKey('console.error.passwordShort'))
      .refine((v) => codePoints(v) <= STAFF_PASSWORD.max, messageKey('console.error.passwordLong'))
      .regex(NO_CONTROL, messageKey('console.error.passwordControl')),
  )

/** A typed password to check against the stored hash (sign-in, the current one): normalised alike. */
const typedPassword = (requiredKey: MessageKey, tooLongKey: MessageKey) =>
  z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    // Four UTF-16 units per code point at most: nothing a rule-abiding password exceeds.
    .max(STAFF_PASSWORD.max * 4, tooLongKey)
    .transform(normalisePassword)

/** The confirmation of a new password, normalised as the password is so the two compare alike. */
const confirmationField = z
  .string()
  .max(STAFF_PASSWORD.max * 4)
  .transform(normalisePassword)
  .optional()

/** Checked even when other fields fail (`when`), so a first submit shows every message at once. */
function confirms(
  password: string,
  confirm: string,
): [check: (value: object) => boolean, params: { path: string[]; message: MessageKey; when: () => boolean }] {
  return [
    (value: object) => {
      const v = value as Record<string, unknown>
      const c = v[confirm]
      return typeof c === 'string' && c !== '' && c === v[password]
    },
    { path: [confirm], message: messageKey('member.error.passwordConfirm'), when: () => true },
  ]
}

export const staffLoginSchema = z.object({
  username: usernameField,
  password: typedPassword(messageKey('member.error.passwordRequired'), messageKey('console.error.credentials')),
})

export const secondFactorSchema = z.object({ code: secondFactorField })

export const setupPasswordSchema = z
  .object({
    password: staffPasswordField,
    password_confirm: confirmationField,
  })
  .refine(...confirms('password', 'password_confirm'))

/** The console account's password change: the current password, a new one (the staff rule) and its confirmation. */
export const staffPasswordChangeSchema = z
  .object({
    old_password: typedPassword(
      messageKey('member.error.currentPasswordRequired'),
      messageKey('member.error.passwordMismatch'),
    ),
    new_password: staffPasswordField,
    new_password_confirm: confirmationField,
  })
  .refine((value) => value.old_password !== value.new_password, {
    path: ['new_password'],
    message: messageKey('member.error.passwordSame'),
  })
  .refine(...confirms('new_password', 'new_password_confirm'))

export const setupCodeSchema = z.object({ code: totpCodeField })

export const roleField = z.enum(STAFF_ROLES, { error: messageKey('console.error.roleRequired') })

export const inviteSchema = z.object({
  username: usernameField,
  name: nameField,
  role: roleField,
})

export const roleChangeSchema = z.object({
  user_id: z.coerce.number().int().positive(),
  role: roleField,
  /** The step-up code, when the session has no fresh one. */
  code: z.string().max(20).optional(),
})
