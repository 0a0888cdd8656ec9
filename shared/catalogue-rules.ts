import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { PRODUCT_TYPE } from './type-codes.ts'

/**
 * The console's product catalogue forms (issue 13), one schema each for the browser and the
 * server; messages are console catalogue keys (Korean and English).
 */
export const CATALOGUE_LIMITS = {
  title: 200,
  introduce: 2000,
  item: 200,
  richText: 200_000,
  images: 6,
  options: 50,
} as const

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: messageKey('console.catalogue.error.tooLong') })
const required = (max: number) => text(max).min(1, { message: messageKey('console.catalogue.error.required') })
const id = () =>
  z.coerce
    .number({ message: messageKey('console.catalogue.error.parent') })
    .int()
    .positive({ message: messageKey('console.catalogue.error.parent') })

/** A node's name in both languages (the English one makes its address). */
export const nodeNames = z.object({
  title: required(CATALOGUE_LIMITS.title),
  title_en: required(CATALOGUE_LIMITS.title).regex(/[A-Za-z0-9]/, {
    message: messageKey('console.catalogue.error.englishTitle'),
  }),
})

/** A new node: under `parent_id` ('' or absent: a new family). */
export const newNode = nodeNames.extend({
  parent_id: z
    .union([z.literal(''), id()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
})

/** Another parent of the node's level's parent level. */
export const moveNode = z.object({ parent_id: id() })

const keyOrEmpty = z
  .string()
  .trim()
  .max(500, { message: messageKey('console.catalogue.error.tooLong') })

/** A product's detail page. */
export const productDetail = nodeNames.extend({
  introduce: text(CATALOGUE_LIMITS.introduce),
  introduce_en: text(CATALOGUE_LIMITS.introduce),
  description: text(CATALOGUE_LIMITS.richText),
  description_en: text(CATALOGUE_LIMITS.richText),
  item: text(CATALOGUE_LIMITS.item),
  item_en: text(CATALOGUE_LIMITS.item),
  item_introduce: text(CATALOGUE_LIMITS.introduce),
  item_introduce_en: text(CATALOGUE_LIMITS.introduce),
  type: z.coerce
    .number({ message: messageKey('console.catalogue.error.type') })
    .refine((n) => n === PRODUCT_TYPE.relatedItems || n === PRODUCT_TYPE.options, {
      message: messageKey('console.catalogue.error.type'),
    }),
  image: keyOrEmpty,
})
export type ProductDetailInput = z.output<typeof productDetail>

/** One more image of the detail (an uploaded file's key). */
export const productImage = z.object({
  path: keyOrEmpty.min(1, { message: messageKey('console.catalogue.error.imageRequired') }),
})

/** A type-2 product's option: title and HTML content in both languages. */
export const productOption = z.object({
  title: required(CATALOGUE_LIMITS.title),
  title_en: required(CATALOGUE_LIMITS.title),
  content: text(CATALOGUE_LIMITS.richText),
  content_en: text(CATALOGUE_LIMITS.richText),
})
export type ProductOptionInput = z.output<typeof productOption>
