import { lt } from 'drizzle-orm'
import type { OrderSystem } from '#shared/order-rules.ts'
import type { Db } from '#server/db/client.ts'
import { restrictedAccessLog, type User } from '#server/db/schema.ts'
import { getOrder, listOrders, type OrderDetail, type OrderListItem, type OrderQuery } from './queries.ts'
import type { Paged } from '../pagination.ts'

/** How long the access log is kept. */
export const ACCESS_LOG_RETENTION_MS = 365 * 24 * 60 * 60 * 1000

/** Who asks: the member (already authenticated) and the address the request came from. */
export type Viewer = { user: User; ip: string }

export class RestrictedAccessError extends Error {
  constructor(readonly reason: 'anonymous' | 'forbidden') {
    super(reason)
  }
}

/** `access_yn` is read with the member on every request, so revoking takes effect at once. */
export const hasRestrictedAccess = (user: User | null): user is User =>
  user?.access_yn === 'Y' && user.delete_yn === 'N'

/**
 * The restricted area (spec sections 2, 3, 6, 7): order lists and details for members with
 * access_yn 'Y', every look written to the access log in the same call.
 */
export function createRestrictedService({ db, clock }: { db: Db; clock: () => Date }) {
  function check(viewer: { user: User | null }): asserts viewer is { user: User } {
    if (!viewer.user) throw new RestrictedAccessError('anonymous')
    if (!hasRestrictedAccess(viewer.user)) throw new RestrictedAccessError('forbidden')
  }

  async function logged(
    viewer: { user: User | null; ip: string },
    system: OrderSystem,
    workNo: string,
    action: 'detail' | 'package',
  ): Promise<OrderDetail | null> {
    check(viewer)
    const [order] = await Promise.all([
      getOrder(db, system, workNo),
      db.insert(restrictedAccessLog).values({
        user_id: viewer.user.id,
        system,
        action,
        work_no: workNo,
        ip: viewer.ip,
        created_at: clock(),
      }),
    ])
    return order
  }

  return {
    async list(
      viewer: { user: User | null; ip: string },
      system: OrderSystem,
      query: OrderQuery,
    ): Promise<Paged<OrderListItem>> {
      check(viewer)
      // The log entry and the query side by side (on PostgreSQL two connections): a look costs
      // the slower of the two, not their sum.
      const [result] = await Promise.all([
        listOrders(db, system, query),
        db.insert(restrictedAccessLog).values({
          user_id: viewer.user.id,
          system,
          action: 'list',
          query: {
            ...(query.name !== undefined && { name: query.name }),
            ...(query.ord !== undefined && { ord: query.ord }),
            page: query.page,
          },
          ip: viewer.ip,
          created_at: clock(),
        }),
      ])
      return result
    },

    /** One order's detail, the view written to the access log. */
    detail: (viewer: { user: User | null; ip: string }, system: OrderSystem, workNo: string) =>
      logged(viewer, system, workNo, 'detail'),

    /** One order for its package download (docs/decisions/059-order-package.md), logged as a download. */
    packaged: (viewer: { user: User | null; ip: string }, system: OrderSystem, workNo: string) =>
      logged(viewer, system, workNo, 'package'),

    /** Removes log entries older than a year (run with the hourly purge). */
    async purgeOldLog(): Promise<void> {
      await db
        .delete(restrictedAccessLog)
        .where(lt(restrictedAccessLog.created_at, new Date(clock().getTime() - ACCESS_LOG_RETENTION_MS)))
    },
  }
}

export type RestrictedService = ReturnType<typeof createRestrictedService>
