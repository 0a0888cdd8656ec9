import { z } from '../zod.ts'
import { errorEnvelopeSchema, isoDate } from './common.ts'

/**
 * What the member calls answer in `data`. The inputs are validated by the schemas of
 * `shared/member-rules.ts`; these describe the outputs, for `/api/docs` and for the members
 * service, whose `PublicUser` type is this schema's output, so the two cannot drift apart.
 */

/** What a member sees of their own account (never the password hash). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string().describe('The ID: the e-mail address, lower-case'),
  company: z.string(),
  division: z.string().describe('Department'),
  name: z.string(),
  nickname: z.string().nullable(),
  role: z.string(),
  access_yn: z.enum(['Y', 'N']).describe('Y: the company granted the restricted area'),
  type: z.string(),
  social_key: z.string().nullable(),
  delete_yn: z.enum(['Y', 'N']),
  created_at: isoDate(),
  updated_at: isoDate(),
})

export type PublicUser = z.output<typeof publicUserSchema>

/** POST login: the session token, for `Authorization: Bearer` (browsers use the cookie set beside it). */
export const sessionTokenSchema = z.string().describe('Session token (43 characters, base64url)')

/** GET check/nickname */
export const availabilitySchema = z.object({
  available: z.boolean().describe('No active member uses the value as ID or nickname'),
})

/** GET find/username: the matching IDs, masked, joined by ", ". */
export const maskedUsernamesSchema = z
  .string()
  .describe('Masked IDs of up to 5 matching members, e.g. "ab****@co****.co.kr"')

/** GET email/regist: the address is verified. */
export const verifiedSchema = z.literal(true)

/** The calls that answer no data. */
export const noDataSchema = z.null()

// ---------------------------------------------------------------------------------------------
// Error answers particular to the member calls
// ---------------------------------------------------------------------------------------------

/** A 400 of a member call: the first message per field, in the caller's language (what a form shows). */
export const fieldErrorEnvelopeSchema = errorEnvelopeSchema.extend({
  data: z
    .object({
      fields: z
        .record(z.string(), z.string())
        .describe('Field name → message, e.g. { "username": "The email format is not valid." }'),
    })
    .optional(),
})

/** A 429: how long to wait, also in the Retry-After header. */
export const rateLimitEnvelopeSchema = errorEnvelopeSchema.extend({
  data: z.object({ retry_after: z.number().int().min(1).describe('Seconds until the limit resets') }),
})
