import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { TERMS_TYPE, type TermsType } from './type-codes.ts'

/**
 * The versioned terms' rules (docs/decisions/018-change-bus.md), written once for the console's
 * forms in the browser and their actions on the server.
 */
export const TERMS_LIMITS = {
  title: 200,
  /** Characters of HTML per language: the demo's longest text has about 12,000. */
  body: 100_000,
  /** Bytes of a posted editor form: both HTML fields at their longest, percent-encoded (Korean: 9 bytes a character). */
  formBytes: 3 * 1024 * 1024,
} as const

/** Where a version stands: a draft; published but not yet in force; the one in force; replaced by a later one. */
export const TERMS_STATES = ['draft', 'scheduled', 'current', 'superseded'] as const
export type TermsState = (typeof TERMS_STATES)[number]

/** The page of each type (`/terms/service`, `/terms/privacy`). */
export const TERMS_SLUG: Record<TermsType, keyof typeof TERMS_TYPE> = {
  [TERMS_TYPE.service]: 'service',
  [TERMS_TYPE.privacy]: 'privacy',
}
export const termsTypeOf = (slug: string): TermsType | null =>
  Object.hasOwn(TERMS_TYPE, slug) ? TERMS_TYPE[slug as keyof typeof TERMS_TYPE] : null

const text = (max: number, required: Parameters<typeof messageKey>[0], tooLong: Parameters<typeof messageKey>[0]) =>
  z
    .string({ error: messageKey(required) })
    .trim()
    .min(1, messageKey(required))
    .max(max, messageKey(tooLong))

/** A draft's texts: Korean and English title and HTML body, all required. */
export const termsDraftSchema = z.object({
  title: text(TERMS_LIMITS.title, 'console.terms.errorTitle', 'console.terms.errorTitleLong'),
  title_en: text(TERMS_LIMITS.title, 'console.terms.errorTitleEn', 'console.terms.errorTitleLong'),
  description: text(TERMS_LIMITS.body, 'console.terms.errorBody', 'console.terms.errorBodyLong'),
  description_en: text(TERMS_LIMITS.body, 'console.terms.errorBodyEn', 'console.terms.errorBodyLong'),
})
export type TermsDraftInput = z.infer<typeof termsDraftSchema>

/** `YYYY-MM-DDTHH:mm` as a `datetime-local` input gives it, read as Korean time; empty: at once. */
export const termsPublishSchema = z.object({
  effective_at: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, messageKey('console.terms.errorDate'))
    .refine((v) => v === '' || !Number.isNaN(koreaTime(v)?.getTime()), messageKey('console.terms.errorDate'))
    .default(''),
})

/** A `datetime-local` value as the instant it names in Korea (UTC+9, no daylight saving), or null when empty. */
export function koreaTime(value: string): Date | null {
  if (!value) return null
  const date = new Date(`${value}:00+09:00`)
  return Number.isNaN(date.getTime()) ? new Date(Number.NaN) : date
}

/** An instant as a `datetime-local` value in Korean time (the publish form's default). */
export function koreaInputValue(date: Date): string {
  return new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 16)
}
