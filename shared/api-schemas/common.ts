import { z } from '../zod.ts'
import { KEYWORD_MAX, PAGE_LIMITS, type ListSize } from '../list-rules.ts'

/**
 * Building blocks of the public API's query and response schemas. Query values arrive as
 * strings; these schemas accept only plain decimal digits (no signs, exponents, spaces or hex),
 * so `?page=1e3` or `?id=0x10` is a 400 rather than a surprise. An empty value (`?id=`) is
 * treated as absent by the server's query parser, so defaults apply.
 */

export const LIMITS = {
  /** Longest `keyword`. */
  keywordMax: KEYWORD_MAX,
  /** PostgreSQL `integer`. */
  idMax: 2_147_483_647,
  /** Most ids in an `option_id_list`. */
  optionIdsMax: 50,
} as const

/** A whole number between min and max, written as plain digits. */
export function intParam(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,10}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
}

/** A row id (1 … 2^31-1). */
export const idParam = () => intParam(1, LIMITS.idMax).describe('Row id')

/** One of the given small integers, e.g. `type=1|2` (documented as the integers they are). */
export function enumParam<const T extends readonly [number, ...number[]]>(values: T) {
  const strings = values.map(String) as [string, ...string[]]
  return z
    .enum(strings)
    .transform((v) => Number(v) as T[number])
    .meta({ type: 'integer', enum: [...values] })
}

/** `page`: 1-based; 0 and negative pages are read as 1, pages past `pageMax` are refused. */
export const pageParam = () =>
  z
    .string()
    .regex(/^-?\d{1,10}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().max(PAGE_LIMITS.pageMax))
    .transform((n) => Math.max(1, n))
    .default(1)
    .describe('Page number (1-based; values below 1 read as 1)')

/** `page`, `recordSize`, `pageSize` with a list's defaults; spread into a query object. */
export function paginationParams(defaults: ListSize) {
  return {
    page: pageParam(),
    recordSize: intParam(1, PAGE_LIMITS.recordSizeMax)
      .default(defaults.recordSize)
      .describe(`Rows per page (1-${PAGE_LIMITS.recordSizeMax}, default ${defaults.recordSize})`),
    pageSize: intParam(1, PAGE_LIMITS.pageSizeMax)
      .default(defaults.pageSize)
      .describe(`Pages per pagination window (1-${PAGE_LIMITS.pageSizeMax}, default ${defaults.pageSize})`),
  }
}

/**
 * `option_id_list`: comma-separated option ids, or `0` for none. Returns the distinct positive ids.
 */
export const optionIdListParam = () =>
  z
    .string()
    .max(600)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Expected comma-separated ids, or 0')
    .transform((s) => [...new Set(s.split(',').map(Number))].filter((n) => n > 0))
    .pipe(z.array(z.number().int().max(LIMITS.idMax)).max(LIMITS.optionIdsMax))
    .describe(`Comma-separated option ids (at most ${LIMITS.optionIdsMax} distinct), or 0 for none`)

// ---------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------

/** Content field `field` (Korean) and `field_en` (English), the specification's suffix naming. */
export function bilingual<K extends string>(field: K, describe?: string) {
  const s = describe ? z.string().describe(describe) : z.string()
  return { [field]: s, [`${field}_en`]: s } as { [P in K | `${K}_en`]: z.ZodString }
}

export const paginationSchema = z.object({
  page: z.number().int().describe('The page answered (requested page, at least 1)'),
  page_list: z.array(z.number().int()).describe('Page numbers of the current window (1-5, 6-10, … for pageSize 5)'),
  totalPageCount: z.number().int(),
  totalRecordCountAll: z.number().int(),
})

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), pagination: paginationSchema })
}

/** A downloadable file: fetch it from `/api/s3/download?file_name=…&origin_file_name=…`. */
export const fileItemSchema = z.object({
  file_name: z.string().describe('Storage key'),
  origin_file_name: z.string().describe('Name offered to the downloader'),
  icon: z
    .string()
    .describe('File kind badge: KOR, ENG, RUS, ARA, CHI, VIE, JPN, IND, EPO, FRE, ETC, CAD, PDF, GSD, MOV'),
})

/** An image URL path, `/media/<key>`. */
export const mediaPathSchema = z.string().describe('Image URL path /media/<key>')

export const isoDate = () => z.iso.datetime({ offset: true })

/** A document's number and current revision (docs/decisions/019-document-numbers-and-revisions.md). */
export const documentNumberFields = {
  doc_number: z.string().describe("Document number, e.g. 'DA-MAN-0012'"),
  revision: z.string().describe("Current revision, e.g. 'C'"),
  revised_at: z.iso.datetime({ offset: true }).describe('When the current revision was issued'),
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data })
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.unknown().optional(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    messages: z.object({ ko: z.string(), en: z.string() }),
  }),
})

/** A 400 of a content call: what was wrong with each parameter (server/api/query.ts). */
export const issuesEnvelopeSchema = errorEnvelopeSchema.extend({
  data: z
    .object({
      issues: z.array(
        z.object({
          path: z.string().describe('The parameter, e.g. "page"'),
          code: z.string().describe("zod's issue code, e.g. too_big"),
          message: z.string(),
        }),
      ),
    })
    .optional(),
})
