import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '#server/db/client.ts'
import { appSecret } from '../app-secret.ts'

/**
 * The status page's key a reply mail carries to a guest (docs/decisions/070-service-inbox.md).
 * The acceptance mail's key is random and kept only as a hash, so staff cannot send it again; a
 * reply mail carries instead an HMAC of the request's id and that hash under a secret kept in the
 * database (every node alike). It is the same for every reply of a request, so earlier mails keep
 * working, and it changes (as the first link does) when the request's key hash is replaced.
 */
export function createReplyKeys({ db }: { db: Db }) {
  const load = appSecret(db, 'service-reply-key')

  /** The reply key of a guest's request (32 characters, like the random keys). */
  async function keyOf(row: { id: number; access_key_hash: string | null }): Promise<string | null> {
    if (!row.access_key_hash) return null
    return createHmac('sha256', await load())
      .update(`reply:${row.id}:${row.access_key_hash}`)
      .digest('base64url')
      .slice(0, 32)
  }

  return {
    keyOf,
    /** Whether `key` is the request's reply key (compared in constant time). */
    async matches(row: { id: number; access_key_hash: string | null }, key: string): Promise<boolean> {
      const expected = await keyOf(row)
      if (!expected || expected.length !== key.length) return false
      return timingSafeEqual(Buffer.from(expected), Buffer.from(key))
    },
  }
}
