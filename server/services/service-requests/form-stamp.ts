import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '#server/db/client.ts'
import { FORM_STAMP_MAX_AGE_MS, MIN_FILL_MS } from '#shared/service-request-rules.ts'
import { appSecret } from '../app-secret.ts'

/**
 * The signed start time of a public form (`<ms>.<hmac>`): a post sooner than MIN_FILL_MS after the
 * form was served is a robot's. The key is an app secret (`app-secret.ts`).
 */
export function createFormStamps({ db, clock }: { db: Db; clock: () => Date }) {
  const loadKey = appSecret(db, 'form-stamp')
  const sign = (secret: Buffer, ms: string) => createHmac('sha256', secret).update(`form:${ms}`).digest('base64url')

  return {
    async issue(): Promise<string> {
      const ms = String(clock().getTime())
      return `${ms}.${sign(await loadKey(), ms)}`
    },
    /** 'ok', 'fast' (signed, but too soon) or 'invalid' (missing, forged or too old). */
    async check(stamp: string | undefined): Promise<'ok' | 'fast' | 'invalid'> {
      const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(stamp ?? '')
      if (!m) return 'invalid'
      const expected = Buffer.from(sign(await loadKey(), m[1]!))
      const given = Buffer.from(m[2]!)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
      const age = clock().getTime() - Number(m[1])
      if (age > FORM_STAMP_MAX_AGE_MS || age < -60_000) return 'invalid'
      return age < MIN_FILL_MS ? 'fast' : 'ok'
    },
  }
}
