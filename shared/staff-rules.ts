import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { nameField, passwordField, usernameField } from './member-fields.ts'

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
  auditPageSize: 30,
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

export const staffLoginSchema = z.object({
  username: usernameField,
  password: z
    .string({ error: messageKey('member.error.passwordRequired') })
    .min(1, messageKey('member.error.passwordRequired'))
    .max(128, messageKey('console.error.credentials')),
})

export const secondFactorSchema = z.object({ code: secondFactorField })

export const setupPasswordSchema = z
  .object({
    password: passwordField,
    password_confirm: z.string().max(128).optional(),
  })
  .refine(
    (v) => typeof v.password_confirm === 'string' && v.password_confirm !== '' && v.password_confirm === v.password,
    {
      path: ['password_confirm'],
      message: messageKey('member.error.passwordConfirm'),
      when: () => true,
    },
  )

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
