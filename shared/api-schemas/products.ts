import { z } from '../zod.ts'
import { LIST_SIZES } from '../list-rules.ts'
import {
  bilingual,
  documentNumberFields,
  fileItemSchema,
  idParam,
  intParam,
  isoDate,
  LIMITS,
  listSchema,
  mediaPathSchema,
  paginationParams,
} from './common.ts'

/**
 * Reference-archive classification index (spec /related-data): 0 "Entire" is a filter value
 * only; 1 Catalog … 12 Nuclear Power A/S.
 */
export const REFERENCE_TYPE_MAX = 12

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** GET /api/product/detail */
export const productDetailQuery = z.object({ info_id: idParam().describe('Product id') })

/** GET /api/product/support/list */
export const productSupportListQuery = z
  .object({
    select: intParam(0, REFERENCE_TYPE_MAX).optional().describe('Classification index 0..12 (0 = all)'),
    type: intParam(0, REFERENCE_TYPE_MAX).optional().describe('Alias of select'),
    id: intParam(0, LIMITS.idMax).optional().describe('Product id filter (0 or absent = all products)'),
    ...paginationParams(LIST_SIZES.reference),
  })
  .transform(({ select, type, id, ...page }) => ({
    classification: select ?? type ?? 0,
    productId: id ? id : null,
    ...page,
  }))

export type ProductSupportListQuery = z.output<typeof productSupportListQuery>

// ---------------------------------------------------------------------------------------------
// Responses (the `data` of the envelope)
// ---------------------------------------------------------------------------------------------

export const productTreeSchema = z.array(
  z.object({
    id: z.number().int(),
    ...bilingual('title'),
    product_list: z.array(
      z.object({
        id: z.number().int(),
        ...bilingual('title'),
        type: enumLike(),
        product_list: z.array(z.object({ id: z.number().int(), ...bilingual('title') })),
      }),
    ),
  }),
)

function enumLike() {
  return z.number().int().describe('1: lists its children as related items; 2: options and reference button')
}

export const productDetailSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  depth: z.number().int(),
  type: enumLike(),
  ...bilingual('title'),
  ...bilingual('introduce'),
  ...bilingual('description', 'Sanitized HTML'),
  ...bilingual('item'),
  ...bilingual('item_introduce'),
  image_list: z.array(z.object({ path: mediaPathSchema })).max(6),
  relate_list: z.array(
    z.object({
      id: z.number().int(),
      image_path: mediaPathSchema.nullable(),
      ...bilingual('title'),
      ...bilingual('introduce'),
    }),
  ),
  option_list: z.array(
    z.object({
      id: z.number().int(),
      ...bilingual('title'),
      ...bilingual('content', 'Sanitized HTML'),
    }),
  ),
})

export const referenceDocumentSchema = z.object({
  id: z.number().int(),
  type: z.number().int().describe('Classification index 1..12'),
  ...bilingual('title'),
  ...bilingual('url'),
  created_at: isoDate(),
  ...documentNumberFields,
  file_list: z.array(fileItemSchema),
})

export const productSupportListSchema = listSchema(referenceDocumentSchema)
