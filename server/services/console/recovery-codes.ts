import { and, eq, isNull } from 'drizzle-orm'
import { staffRecoveryCodes } from '#server/db/schema.ts'
import { randomToken, sha256 } from '#server/services/members/crypto.ts'
import { CONSOLE_LIMITS } from '#shared/staff-rules.ts'
import type { Tx } from './console-context.ts'

/**
 * Staff recovery codes (docs/decisions/014-console-staff-sign-in.md): 80 random bits each,
 * `xxxx-xxxx-xxxx-xxxx` in lower-case base32, stored only as a hash. Enrolment and the account
 * page (a new set) make them; the sign-in's second step uses one up.
 */
function recoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  const bytes = Buffer.from(randomToken(), 'base64url')
  let code = ''
  for (let i = 0; i < 16; i++) code += alphabet[bytes[i]! & 31]
  return code.replace(/(.{4})(?=.)/g, '$1-')
}

/** What the database keeps of a code: typed with or without the hyphens, it hashes the same. */
const recoveryHash = (code: string) => sha256(`recovery:${code.replace(/-/g, '')}`)

/** A new set of codes (ten), in the clear: shown once, then only their hashes are kept. */
export const newRecoveryCodes = () => Array.from({ length: CONSOLE_LIMITS.recoveryCodes }, recoveryCode)

/** Replaces every code of the account (used or not) with `codes`, in the caller's transaction; answers the old rows. */
export async function replaceRecoveryCodes(
  tx: Tx,
  userId: number,
  codes: string[],
): Promise<{ used_at: Date | null }[]> {
  const old = await tx
    .delete(staffRecoveryCodes)
    .where(eq(staffRecoveryCodes.user_id, userId))
    .returning({ used_at: staffRecoveryCodes.used_at })
  await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(c) })))
  return old
}

/** Uses up one recovery code of the account; false when none matches. */
export async function consumeRecoveryCode(tx: Tx, userId: number, code: string, at: Date): Promise<boolean> {
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ used_at: at })
    .where(
      and(
        eq(staffRecoveryCodes.user_id, userId),
        eq(staffRecoveryCodes.code_hash, recoveryHash(code)),
        isNull(staffRecoveryCodes.used_at),
      ),
    )
    .returning({ id: staffRecoveryCodes.id })
  return used.length > 0
}
