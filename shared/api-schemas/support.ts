import { z } from '../zod.ts'
import { LIST_SIZES } from '../list-rules.ts'
import {
  bilingual,
  documentNumberFields,
  fileItemSchema,
  intParam,
  LIMITS,
  listSchema,
  optionIdListParam,
  paginationParams,
} from './common.ts'
import { SERIAL_CODE1, SERIAL_CODE2 } from '../serial.ts'

/**
 * Service & support. `type` = second-depth index + 6 × first-depth index + 1, so 1..6 are the
 * reference group (catalog, circuit-diagram, external-map, table, software, certification) and
 * 7..12 the A/S group (faq, educational-materials, guidelines, setting, as, nuclear-as).
 */
export const SERVICE_TYPE_MIN = 1
export const SERVICE_TYPE_MAX = 12

/** The service list type of a page: `/service/{first}/{second}` by indexes. */
export function serviceType(firstDepthIndex: number, secondDepthIndex: number): number {
  return secondDepthIndex + 6 * firstDepthIndex + 1
}

const serviceTypeParam = () => intParam(SERVICE_TYPE_MIN, SERVICE_TYPE_MAX).describe('Service list type 1..12')

/** GET /api/support/option/list */
export const supportOptionListQuery = z.object({
  type: serviceTypeParam(),
  option_id_list: optionIdListParam().optional(),
})

/** GET /api/support/list/text */
export const supportListTextQuery = z.object({
  type: serviceTypeParam(),
  keyword: z
    .string()
    .max(LIMITS.keywordMax)
    .default('')
    .describe("Search words: '+' means a space; empty words and 'none' are ignored; every word must match"),
  option_id_list: optionIdListParam().optional(),
  ...paginationParams(LIST_SIZES.service),
})

/** Serial numbers: code1 two digits, code2 up to four (a prefix); the rule lives in shared/serial.ts. */
export { SERIAL_CODE1, SERIAL_CODE2 }

/** GET /api/support/serial */
export const supportSerialQuery = z.object({
  code1: z.string().regex(SERIAL_CODE1, 'Expected exactly 2 digits').describe('First two digits of the serial'),
  code2: z
    .string()
    .regex(SERIAL_CODE2, 'Expected up to 4 digits')
    .default('')
    .describe('Next digits (0-4), matched as a prefix; empty = every serial of code1'),
  ...paginationParams(LIST_SIZES.serial),
})

export type SupportListTextQuery = z.output<typeof supportListTextQuery>
export type SupportSerialQuery = z.output<typeof supportSerialQuery>

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const supportOptionSchema = z.object({
  id: z.number().int(),
  ...bilingual('title'),
  code: z.string(),
  name: z.string(),
  show_yn: z.enum(['Y', 'N']),
  disabled: z.boolean().describe("show_yn === 'N'"),
  available: z
    .boolean()
    .describe(
      'Faceted: false when no document of this type carries this option together with every selected option of the other groups (the selection in its own group is ignored)',
    ),
})

export const supportOptionGroupSchema = z.object({
  id: z.number().int(),
  ...bilingual('title'),
  option_list: z.array(supportOptionSchema),
})
export const supportOptionListSchema = z.array(supportOptionGroupSchema)

export const serviceDocumentSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  ...bilingual('title'),
  ...bilingual('url'),
  created_at: z.iso.datetime({ offset: true }),
  ...documentNumberFields,
  file_list: z.array(fileItemSchema),
})
export const supportListTextSchema = listSchema(serviceDocumentSchema)

export const serialSchema = z.object({
  id: z.number().int(),
  code: z.string().describe("'NN-NNNN'"),
  ...bilingual('title'),
  model: z.string(),
  file_list: z.array(fileItemSchema),
})
export const supportSerialSchema = listSchema(serialSchema)
