import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { databaseMigratedBefore } from '#tests/helpers/migrated-before.ts'
import { products } from '#server/db/schema.ts'

/**
 * Migration 0015 on a database that has products (PGlite, or PostgreSQL with DATABASE_URL): each
 * gets the slug of its English title, unique among its siblings, never a bare number.
 */
let database: Database
let close: () => Promise<void>
beforeAll(async () => {
  ;({ database, close } = await databaseMigratedBefore('0015'))
})
afterAll(async () => close?.())

describe('migration 0015: product slugs', () => {
  it('gives every product the slug of its English title, unique among siblings', async () => {
    const { db } = database
    await db.execute(sql`insert into products (id, parent_id, depth, title, title_en, sort_order) values
      (1, null, 1, '전동 액추에이터', 'Electric actuator', 0),
      (2, 1, 2, 'TM', 'TM', 0),
      (3, 2, 3, '베이직', 'BASIC', 0),
      (4, 2, 3, '베이직 2', 'Basic!', 1),
      (5, 1, 2, '2027', '2027', 1),
      (6, 1, 2, '한글만', '한글만', 2),
      (7, null, 1, 'TM', 'TM', 1)`)

    await database.migrate(migrationsFolder())

    const rows = await db.select({ id: products.id, slug: products.slug }).from(products).orderBy(asc(products.id))
    expect(rows.map((r) => r.slug)).toEqual(['electric-actuator', 'tm', 'basic', 'basic-4', 'p-2027', 'item-6', 'tm'])
    // The unique index holds the rule from now on (a cousin may share it).
    await db.execute(
      sql`insert into products (id, parent_id, depth, title, title_en, slug) values (101, 7, 2, 'x', 'x', 'electric-actuator')`,
    )
    await expect(
      db.execute(
        sql`insert into products (id, parent_id, depth, title, title_en, slug) values (100, 2, 3, 'x', 'x', 'basic')`,
      ),
    ).rejects.toThrow()
  })
})
