import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { databaseMigratedBefore } from '#tests/helpers/migrated-before.ts'
import { termsVersions, userConsents } from '#server/db/schema.ts'

/**
 * Migration 0011 on a database that has terms and consents (PGlite, or PostgreSQL with
 * DATABASE_URL): each terms row becomes version 1 of its type, effective and published at its
 * updated_at, and the consents given so far refer to that version.
 */
let database: Database
let close: () => Promise<void>
beforeAll(async () => {
  // The migrations up to 0009, as a database had them before the terms were versioned.
  ;({ database, close } = await databaseMigratedBefore('0010'))
})
afterAll(async () => close?.())

describe('migration 0011: versioned terms', () => {
  it('turns each terms row into version 1 and points the existing consents at it', async () => {
    const { db } = database
    await db.execute(sql`insert into terms (type, title, title_en, description, description_en, updated_at) values
      (1, '이용약관', 'Terms', '<p>약관</p>', '<p>Terms</p>', '2024-01-01T00:00:00+09:00'),
      (2, '개인정보처리방침', 'Privacy', '<p>방침</p>', '<p>Policy</p>', '2025-01-01T00:00:00+09:00')`)
    await db.execute(
      sql`insert into users (username, password_hash, company, division, name) values ('member@example.com', 'x', '회사', '부서', '회원')`,
    )
    await db.execute(sql`insert into user_consents (user_id, kind, terms_version, granted_at)
      select id, kind, v, '2025-06-01T00:00:00Z' from users, (values ('service', '2023-12-31T15:00:00.000Z'), ('privacy', '2024-12-31T15:00:00.000Z')) as c(kind, v)`)

    await database.migrate(migrationsFolder())

    const versions = await db.select().from(termsVersions).orderBy(asc(termsVersions.type))
    expect(
      versions.map((r) => [r.type, r.version, r.title, r.effective_at?.toISOString(), r.published_at?.toISOString()]),
    ).toEqual([
      [1, 1, '이용약관', '2023-12-31T15:00:00.000Z', '2023-12-31T15:00:00.000Z'],
      [2, 1, '개인정보처리방침', '2024-12-31T15:00:00.000Z', '2024-12-31T15:00:00.000Z'],
    ])
    const consents = await db
      .select({
        kind: userConsents.kind,
        terms_version: userConsents.terms_version,
        terms_version_id: userConsents.terms_version_id,
      })
      .from(userConsents)
      .orderBy(asc(userConsents.kind))
    const idOf = (type: number) => versions.find((r) => r.type === type)!.id
    expect(consents).toEqual([
      { kind: 'privacy', terms_version: '1', terms_version_id: idOf(2) },
      { kind: 'service', terms_version: '1', terms_version_id: idOf(1) },
    ])
    const old = (await db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'terms'`,
    )) as unknown as { rows: { n: number }[] }
    expect(old.rows[0]!.n).toBe(0)
  })
})
