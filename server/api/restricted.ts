import type { FastifyInstance, FastifyRequest } from 'fastify'
import { orderDetailQuery, orderDetailSchema, orderListQuery, orderListSchema } from '#shared/api-schemas/restricted.ts'
import { rowNumber } from '#shared/list-rules.ts'
import { orderSystemOf, type OrderSystem } from '#shared/order-rules.ts'
import { readSessionToken } from '#server/http/session-cookie.ts'
import { hasRestrictedAccess } from '#server/services/restricted/index.ts'
import { ApiError } from './errors.ts'
import type { ApiCall } from './openapi.ts'
import { ok, parseQuery } from './query.ts'

const TAG = 'restricted'
const errors = { 403: 'FORBIDDEN: the member has no restricted-area permission (access_yn is not Y)' }

/** The four restricted-area calls (spec section 7): ERP under `morgan`, EPS under `activeEner`. */
export const restrictedCalls = {
  erpList: {
    path: '/morgan/list',
    tag: TAG,
    summary: 'ERP orders by project name and/or ORD number, newest delivery first (30 per page)',
    auth: 'member',
    query: orderListQuery,
    response: orderListSchema,
    errors,
  },
  erpDetail: {
    path: '/morgan/detail',
    tag: TAG,
    summary: 'The manufacturing specification of one ERP order, every field in its groups',
    auth: 'member',
    query: orderDetailQuery,
    response: orderDetailSchema,
    notFound: true,
    errors,
  },
  epsList: {
    path: '/activeEner/list',
    tag: TAG,
    summary: 'EPS orders by project name and/or ORD number, newest delivery first (30 per page)',
    auth: 'member',
    query: orderListQuery,
    response: orderListSchema,
    errors,
  },
  epsDetail: {
    path: '/activeEner/detail',
    tag: TAG,
    summary: 'The manufacturing specification of one EPS order, every field in its groups',
    auth: 'member',
    query: orderDetailQuery,
    response: orderDetailSchema,
    notFound: true,
    errors,
  },
} satisfies Record<string, ApiCall>

/**
 * Session cookie or Bearer token; anonymous 401, a member without access_yn 'Y' 403 (checked by
 * the service on every call, so a revoked permission ends at the next request). Every answer,
 * errors included, is `private, no-store`. Each call is written to the access log.
 */
export async function restrictedRoutes(app: FastifyInstance) {
  const { members, restricted } = app.services
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  /** The guard comes first: a caller without access learns nothing, not even whether the query was valid. */
  async function viewer(request: FastifyRequest) {
    const user = await members.authenticate(readSessionToken(request.headers))
    if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'member.error.unauthorized')
    if (!hasRestrictedAccess(user)) throw new ApiError(403, 'FORBIDDEN', 'gate.noPermission')
    return { user, ip: request.ip }
  }

  function list(system: OrderSystem) {
    return async (request: FastifyRequest) => {
      const who = await viewer(request)
      const { location, ord, type, ...page } = parseQuery(orderListQuery, request.query)
      if (type !== undefined && orderSystemOf(type) !== system)
        throw new ApiError(400, 'BAD_REQUEST', 'restricted.error.type')
      const result = await restricted.list(who, system, { name: location, ord, ...page })
      const { totalRecordCountAll: total } = result.pagination
      return ok({
        list: result.list.map((o, i) => ({
          순번: rowNumber({ total, page: result.pagination.page, recordSize: page.recordSize }, i),
          작업번호: o.work_no,
          프로젝트명: o.project_name,
          ORD번호: o.ord_no,
          고객사: o.customer,
          모델명: o.model,
          납기일: o.delivery_date,
        })),
        pagination: result.pagination,
      })
    }
  }

  function detail(system: OrderSystem) {
    return async (request: FastifyRequest) => {
      const who = await viewer(request)
      const { ord_detail } = parseQuery(orderDetailQuery, request.query)
      const order = await restricted.detail(who, system, ord_detail)
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'restricted.error.notFound')
      return ok({ type: order.system, 작업번호: order.work_no, groups: order.groups })
    }
  }

  app.get(restrictedCalls.erpList.path, list('ERP'))
  app.get(restrictedCalls.erpDetail.path, detail('ERP'))
  app.get(restrictedCalls.epsList.path, list('EPS'))
  app.get(restrictedCalls.epsDetail.path, detail('EPS'))
}
