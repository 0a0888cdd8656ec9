import type { FastifyInstance } from 'fastify'
import {
  investCategoryListQuery,
  investCategoryListSchema,
  investListQuery,
  investListSchema,
} from '#shared/api-schemas/investors.ts'
import type { ApiCall } from './openapi.ts'
import { ok, parseQuery } from './query.ts'

export const investorCalls = {
  categories: {
    path: '/invest/category/list',
    kept: 'always',
    tag: 'investors',
    summary: 'Investor notice categories of a type (1 shareholder meeting, 2 settlement)',
    query: investCategoryListQuery,
    response: investCategoryListSchema,
  },
  posts: {
    path: '/invest/list',
    kept: 'always',
    tag: 'investors',
    summary: 'Investor notices, newest first, with their downloads',
    query: investListQuery,
    response: investListSchema,
  },
} satisfies Record<string, ApiCall>

export async function investorRoutes(app: FastifyInstance) {
  const { investors } = app.services
  app.get(investorCalls.categories.path, async (request) =>
    ok(await investors.categories(parseQuery(investCategoryListQuery, request.query).type)),
  )
  app.get(investorCalls.posts.path, async (request) =>
    ok(await investors.posts(parseQuery(investListQuery, request.query))),
  )
}
