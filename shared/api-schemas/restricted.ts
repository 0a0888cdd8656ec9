import { z } from '../zod.ts'
import { messageKey } from '../field-errors.ts'
import { LIST_SIZES } from '../list-rules.ts'
import { ORDER_NAME_MAX, ORD_QUERY_PATTERN } from '../order-rules.ts'
import { listSchema, paginationParams } from './common.ts'

/**
 * GET /api/morgan/list (ERP) and /api/activeEner/list (EPS), spec section 7: page, recordSize 30,
 * pageSize 5, location (project name), ord, type. At least one of location and ord: the list is
 * requested only when a query exists, and the whole order book is nobody's search result.
 */
export const orderListQuery = z
  .object({
    location: z
      .string()
      .max(ORDER_NAME_MAX, messageKey('restricted.error.nameTooLong'))
      .optional()
      .describe('Part of the project name (spacing, case and punctuation ignored); location or ord is required'),
    ord: z
      .string()
      .regex(ORD_QUERY_PATTERN, messageKey('restricted.error.ord'))
      .optional()
      .describe('ORD number or its beginning: 25, 25-01, 25-0100; location or ord is required'),
    // Checked by the handler (the other system's name is a 400 too); the pattern documents it.
    type: z
      .string()
      .optional()
      .meta({ pattern: '^([Ee][Rr][Pp]|[Ee][Pp][Ss])$' })
      .describe("The call's own system, ERP or EPS (case-insensitive); anything else is a 400"),
    ...paginationParams(LIST_SIZES.restricted),
  })
  .refine((q) => q.location !== undefined || q.ord !== undefined, { message: messageKey('restricted.error.noQuery') })

/** GET /api/morgan/detail, /api/activeEner/detail: ord_detail is the work number. */
export const orderDetailQuery = z.object({
  ord_detail: z
    .string()
    .regex(/^[0-9A-Za-z][0-9A-Za-z-]{0,39}$/, messageKey('restricted.error.workNo'))
    .describe('Work number, e.g. E25-000142'),
})

/** A list row with the spec's Korean field names (section 3). */
export const orderListItemSchema = z.object({
  순번: z.number().int().describe('Row number, counting down from the total'),
  작업번호: z.string(),
  프로젝트명: z.string(),
  ORD번호: z.string().nullable(),
  고객사: z.string().nullable(),
  모델명: z.string().nullable(),
  납기일: z.string().nullable().describe('YYYY-MM-DD'),
})

export const orderListSchema = listSchema(orderListItemSchema)

const fieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string().describe("'' when empty (the page shows a dash)"),
})

export const orderDetailSchema = z.object({
  type: z.enum(['ERP', 'EPS']),
  작업번호: z.string(),
  groups: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        sections: z.array(z.object({ key: z.string(), label: z.string().nullable(), fields: z.array(fieldSchema) })),
      }),
    )
    .describe('Every field of the system in its groups (shared/order-fields.ts), empty ones included'),
})
