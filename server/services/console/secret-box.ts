import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * AES-256-GCM for the few secrets the database must keep readable (the staff's TOTP secrets),
 * with the key from configuration (CONSOLE_KEY or `$DATA_DIR/console.key`): a copy of the
 * database alone opens nothing. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), so the format
 * can change later.
 *
 * Given several keys, it seals with the first and opens with whichever fits (GCM's tag tells a
 * wrong key): while a key rotation is under way both keys open everything
 * (docs/decisions/046-console-key.md).
 */
export function createSecretBox(keys: Buffer | readonly Buffer[]) {
  const ring = Buffer.isBuffer(keys) ? [keys] : [...keys]
  if (ring.length === 0 || ring.some((k) => k.length !== 32)) throw new Error('the console key must be 32 bytes')
  const sealing = ring[0]!

  function openWith(key: Buffer, iv: string, tag: string, body: string): string {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  }

  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', sealing, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed format')
      let failure: unknown
      for (const key of ring) {
        try {
          return openWith(key, iv, tag, body)
        } catch (error) {
          failure = error
        }
      }
      throw failure
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>
