import { hash, verify } from '@node-rs/argon2'
import { createHash, randomBytes } from 'node:crypto'

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): ~30-60 ms on one core here.
 * `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
 */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2)

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

let dummy: Promise<string> | undefined
/**
 * A hash of a random password, verified when the username does not exist, so a missing account
 * costs the same time as a wrong password.
 */
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(24).toString('base64')))

/** 32 random bytes, base64url (43 characters): session tokens and e-mail codes. */
export const randomToken = () => randomBytes(32).toString('base64url')

/** What the database stores instead of a token or code. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
