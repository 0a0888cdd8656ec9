import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { databaseMigratedBefore } from '#tests/helpers/migrated-before.ts'
import { searchEntries, searchKeyCounts } from '#server/db/schema.ts'
import { initialsCode, initialsRunCodes } from '#server/services/search/codes.ts'
import { toRows } from '#server/services/search/indexer.ts'
import type { SearchEntry } from '#server/services/search/sources.ts'

/**
 * Migration 0036 on an index built before it (PGlite, or PostgreSQL with DATABASE_URL): an entry
 * whose body holds a run of consonant jamo gets the `body` keys the indexer now writes, and
 * their counts; other entries keep their keys.
 */
let database: Database
let close: () => Promise<void>
beforeAll(async () => {
  ;({ database, close } = await databaseMigratedBefore('0036'))
})
afterAll(async () => close?.())

const entry = (sourceId: string, title: string, body: string): SearchEntry => ({
  kind: 'product',
  sourceId,
  lang: 'ko',
  oneDepth: '제품',
  twoDepth: '',
  title,
  body,
  url: `/product/${sourceId}`,
  updatedAt: null,
})

describe('migration 0036: keys of jamo typed in a body', () => {
  it('adds the body keys the indexer writes, and counts them', async () => {
    const { db } = database
    const entries = [
      entry('1', '약칭 안내', '약칭 ㅂㄱㅇㅈ 문의, ㄱㄴㄷㄹㅁ 순서'),
      entry('2', 'ㅈㄷㅇㅊ 제목', '본문에는 자모가 없습니다'),
      entry('3', '다른 제품', '또 ㅂㄱㅇ 표기'),
    ]
    const now = entries.map((e, i) => toRows(e, i + 1))
    // The index as the indexer wrote it before: the same rows without the body keys.
    const bodyKeys = new Set(entries.flatMap((e) => [...initialsRunCodes(e.body.replace(/[^ㄱ-ㅎ]+/g, ' '), 'body')]))
    expect(bodyKeys.has(initialsCode('ㅂㄱㅇㅈ', 'body')!)).toBe(true)
    for (const rows of now) {
      await db.insert(searchEntries).values({ ...rows.entry, grams: rows.entry.grams.filter((k) => !bodyKeys.has(k)) })
    }

    await database.migrate(migrationsFolder())

    const migrated = await db
      .select({ id: searchEntries.id, grams: searchEntries.grams })
      .from(searchEntries)
      .orderBy(asc(searchEntries.id))
    expect(migrated.map((row) => row.grams)).toEqual(now.map((rows) => rows.entry.grams))
    const counts = await db
      .select({ key: searchKeyCounts.key, entries: searchKeyCounts.entries })
      .from(searchKeyCounts)
      .where(sql`${searchKeyCounts.key} in ${[...bodyKeys]}`)
    expect(new Map(counts.map((c) => [c.key, c.entries]))).toEqual(
      new Map([...bodyKeys].map((key) => [key, now.filter((rows) => rows.entry.grams.includes(key)).length])),
    )
    expect(counts.find((c) => c.key === initialsCode('ㅂㄱㅇ', 'body'))?.entries).toBe(2)
  })
})
