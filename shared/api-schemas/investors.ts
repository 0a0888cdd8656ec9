import { z } from '../zod.ts'
import { enumParam, fileItemSchema, intParam, isoDate, LIMITS, listSchema, paginationParams } from './common.ts'
import { LIST_SIZES } from '../list-rules.ts'
import { codes, NOTICE_TYPE } from '../type-codes.ts'

/** Investor notices: type 1 shareholder meeting, 2 settlement (Korean only, as the pages are). */

/** GET /api/invest/category/list */
export const investCategoryListQuery = z.object({
  type: enumParam(codes(NOTICE_TYPE)).describe('1 shareholder meeting, 2 settlement'),
})

/** GET /api/invest/list */
export const investListQuery = z
  .object({
    category_info_id: intParam(0, LIMITS.idMax).optional().describe('Category id (0 or absent = every category)'),
    type: enumParam(codes(NOTICE_TYPE)).optional().describe('1 shareholder meeting, 2 settlement (absent = both)'),
    ...paginationParams(LIST_SIZES.invest),
  })
  .transform(({ category_info_id, type, ...page }) => ({
    categoryId: category_info_id ? category_info_id : null,
    type: type ?? null,
    ...page,
  }))

export type InvestListQuery = z.output<typeof investListQuery>

export const investCategorySchema = z.object({ id: z.number().int(), title: z.string() })
export const investCategoryListSchema = z.array(investCategorySchema)

export const investPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: isoDate(),
  data_list: z.array(fileItemSchema),
})
export const investListSchema = listSchema(investPostSchema)
