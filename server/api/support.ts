import type { FastifyInstance } from 'fastify'
import {
  supportListTextQuery,
  supportListTextSchema,
  supportOptionListQuery,
  supportOptionListSchema,
  supportSerialQuery,
  supportSerialSchema,
} from '#shared/api-schemas/support.ts'
import type { ApiCall } from './openapi.ts'
import { ok, parseQuery } from './query.ts'

export const supportCalls = {
  options: {
    path: '/support/option/list',
    kept: 'always',
    tag: 'support',
    summary:
      'Option groups of a service type; `available` narrows facet by facet to combinations some document carries',
    query: supportOptionListQuery,
    response: supportOptionListSchema,
  },
  documents: {
    path: '/support/list/text',
    kept: 'without-keyword',
    tag: 'support',
    summary: 'Service documents of a type, newest first, by search words and selected options',
    query: supportListTextQuery,
    response: supportListTextSchema,
  },
  serials: {
    path: '/support/serial',
    tag: 'support',
    summary: 'Circuit diagrams by serial number (code1 exact, code2 prefix)',
    query: supportSerialQuery,
    response: supportSerialSchema,
  },
} satisfies Record<string, ApiCall>

export async function supportRoutes(app: FastifyInstance) {
  const { support } = app.services
  app.get(supportCalls.options.path, async (request) => {
    const { type, option_id_list } = parseQuery(supportOptionListQuery, request.query)
    return ok(await support.optionGroups(type, option_id_list ?? []))
  })
  app.get(supportCalls.documents.path, async (request) => {
    const { option_id_list, ...query } = parseQuery(supportListTextQuery, request.query)
    return ok(await support.documents({ ...query, optionIds: option_id_list ?? [] }))
  })
  app.get(supportCalls.serials.path, async (request) =>
    ok(await support.serials(parseQuery(supportSerialQuery, request.query))),
  )
}
