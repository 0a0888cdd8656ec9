import { randomToken, sha256 } from '#server/services/members/crypto.ts'

/**
 * Staff recovery codes (docs/decisions/014-console-staff-sign-in.md): 80 random bits each,
 * `xxxx-xxxx-xxxx-xxxx` in lower-case base32, stored only as a hash. Enrolment and the account
 * page (a new set) make them; the sign-in's second step uses one up.
 */
export function recoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  const bytes = Buffer.from(randomToken(), 'base64url')
  let code = ''
  for (let i = 0; i < 16; i++) code += alphabet[bytes[i]! & 31]
  return code.replace(/(.{4})(?=.)/g, '$1-')
}

/** What the database keeps of a code: typed with or without the hyphens, it hashes the same. */
export const recoveryHash = (code: string) => sha256(`recovery:${code.replace(/-/g, '')}`)
