import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { investCategories, investPosts } from '#server/db/schema.ts'
import { withAttachments } from './attachments.ts'
import { paged, type PageRequest } from './pagination.ts'
import type { NoticeType } from '#shared/type-codes.ts'

export type InvestorsService = ReturnType<typeof createInvestorsService>

/** Investor notices: shareholder meetings and settlements (NOTICE_TYPE), Korean only. */
export function createInvestorsService({ db }: { db: Db }) {
  return {
    async categories(type: NoticeType) {
      return db
        .select({ id: investCategories.id, title: investCategories.title })
        .from(investCategories)
        .where(eq(investCategories.type, type))
        .orderBy(asc(investCategories.sort_order), asc(investCategories.id))
    },

    /** Notices newest first, filtered by category and type when given, each with its downloads. */
    async posts(query: PageRequest & { categoryId: number | null; type: NoticeType | null }) {
      const conditions: SQL[] = [eq(investPosts.published, true)]
      if (query.categoryId !== null) conditions.push(eq(investPosts.category_id, query.categoryId))
      if (query.type !== null) conditions.push(eq(investPosts.type, query.type))
      const where = and(...conditions)
      return paged(
        query,
        async () =>
          (
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(investPosts)
              .where(where)
          )[0]?.n ?? 0,
        async ({ offset, limit }) => {
          const rows = await db
            .select({ id: investPosts.id, title: investPosts.title, created_at: investPosts.created_at })
            .from(investPosts)
            .where(where)
            .orderBy(desc(investPosts.created_at), desc(investPosts.id))
            .offset(offset)
            .limit(limit)
          return withAttachments(db, 'invest', rows, 'data_list')
        },
      )
    },
  }
}
