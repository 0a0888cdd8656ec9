import { z } from '../zod.ts'
import { bilingual, enumParam, fileItemSchema, idParam, isoDate, mediaPathSchema } from './common.ts'
import { AGENCY_TYPE, codes, PATENT_TYPE, TERMS_TYPE } from '../type-codes.ts'

/**
 * Company and home-page content: patents, history, banners, agencies, terms, the product
 * slider, news videos and popups. None of these lists is paginated: `data` is the array.
 */

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** GET /api/patent: 1 patents, 2 certificates. */
export const patentQuery = z.object({ type: enumParam(codes(PATENT_TYPE)).describe('1 patents, 2 certificates') })

/** GET /api/agency: 1 domestic, 2 overseas. */
export const agencyQuery = z.object({ type: enumParam(codes(AGENCY_TYPE)).describe('1 domestic, 2 overseas') })

/** GET /api/terms: 1 service terms, 2 privacy policy. */
export const termsQuery = z.object({ type: enumParam(codes(TERMS_TYPE)).describe('1 service terms, 2 privacy policy') })

/** GET /api/product/banner/detail={id} (or ?id=). */
export const productBannerDetailQuery = z.object({ id: idParam().describe('Product-banner id') })

// ---------------------------------------------------------------------------------------------
// Responses (the `data` of the envelope)
// ---------------------------------------------------------------------------------------------

const id = () => z.number().int()
const text = bilingual

export const patentSchema = z.object({
  id: id(),
  type: z.number().int(),
  ...text('title'),
  ...text('description', 'Registration number'),
  thumbnail: mediaPathSchema,
  path: z.string().describe('Storage key of the document: download it with /api/s3/download?file_name=<path>'),
  ...text('origin_file_name', 'Download name'),
  file_list: z.array(fileItemSchema).describe('Further downloads attached to the entry'),
})

export const historySchema = z.object({
  id: id(),
  year: z.number().int(),
  ...text('tag'),
  ...text('title'),
  ...text('description', 'Sanitized HTML'),
})

export const bannerSchema = z.object({
  id: id(),
  ...text('title'),
  pc_image: mediaPathSchema,
  mb_image: mediaPathSchema,
  pc_image_en: mediaPathSchema,
  mb_image_en: mediaPathSchema,
})

export const agencySchema = z.object({
  id: id(),
  type: z.number().int(),
  region: z.string().describe("'domestic' | 'asia' | 'middle_east' | 'americas' | 'europe'"),
  ...text('title'),
  ...text('name'),
  ...text('description'),
})

export const termsSchema = z.object({
  type: z.number().int(),
  ...text('title'),
  ...text('description', 'Sanitized HTML'),
  updated_at: isoDate(),
})

export const productBannerSchema = z.object({
  id: id(),
  image: mediaPathSchema,
  url: z.string(),
  ...text('title'),
  ...text('introduce'),
})

export const videoSchema = z.object({
  id: id(),
  ...text('title'),
  ...text('url', 'Embed URL'),
})

export const popupSchema = z.object({
  id: id(),
  ...text('title'),
  image: mediaPathSchema.nullable(),
  ...text('description', 'Sanitized HTML'),
  starts_at: isoDate(),
  ends_at: isoDate().nullable(),
})

export const patentListSchema = z.array(patentSchema)
export const historyListSchema = z.array(historySchema)
export const bannerListSchema = z.array(bannerSchema)
export const agencyListSchema = z.array(agencySchema)
export const productBannerListSchema = z.array(productBannerSchema)
export const videoListSchema = z.array(videoSchema)
export const popupListSchema = z.array(popupSchema)
