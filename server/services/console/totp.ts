import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp'
import { randomBytes } from 'node:crypto'

/**
 * RFC 6238 codes through @epic-web/totp: SHA-1, 30-second steps, 6 digits, the step before and
 * after accepted (clock drift). The library reads the real time, so the console's injected clock
 * (sessions, links) does not move codes.
 */
const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const

/** A new random secret: 20 bytes (RFC 4226's recommended length), base32. */
export async function newTotpSecret(): Promise<string> {
  const base32 = encodeBase32(randomBytes(20))
  // Generated through the library once, so its own checks accept the secret.
  await generateTOTP({ ...TOTP, secret: base32 })
  return base32
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
function encodeBase32(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/**
 * The 30-second step the code belongs to, or null when it is wrong. The caller refuses a step at
 * or before the last one accepted, so a code works once.
 */
export async function verifyTotp(secret: string, code: string): Promise<number | null> {
  const result = await verifyTOTP({ ...TOTP, otp: code, secret, window: 1 })
  if (!result) return null
  return Math.floor(Date.now() / 1000 / TOTP.period) + result.delta
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, accountName: string) =>
  getTOTPAuthUri({ ...TOTP, secret, accountName, issuer: 'Daehan Actuator' })

/** The secret for typing: groups of four. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()
