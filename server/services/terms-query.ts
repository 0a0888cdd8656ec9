import { and, desc, eq, isNotNull, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { termsVersions, type TermsVersionRow } from '#server/db/schema.ts'
import type { TermsType } from '#shared/type-codes.ts'

/**
 * Which terms version is in force: the published one of the type with the latest `effective_at`
 * not after `now`. Read by the terms service, the sign-up (the consent names it) and the search
 * index (which shows it); kept apart from terms.ts so the search sources need not import the service.
 */

/** A transaction or the database. */
export type Reader = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

const v = termsVersions

export const inForceAt = (now: Date) => and(isNotNull(v.published_at), lte(v.effective_at, now))

export async function versionInForce(db: Reader, type: TermsType, now: Date): Promise<TermsVersionRow | null> {
  const [row] = await db
    .select()
    .from(v)
    .where(and(eq(v.type, type), inForceAt(now)))
    .orderBy(desc(v.effective_at), desc(v.version))
    .limit(1)
  return row ?? null
}
