import { z } from './zod.ts'
import { EMAIL_PATTERN } from './email.ts'
import { messageKey } from './field-errors.ts'
import { REQUEST_KINDS, REQUEST_REGIONS } from './service-request-status.ts'

/**
 * The routing of accepted service requests (docs/decisions/071-service-routing.md): the teams
 * (who is mailed) and the ordered rules (kind, model family, region → team and assignee), one
 * validation path for the console's form and its action.
 */

export const ROUTING_FAMILIES = ['actuator', 'hoist'] as const
export type RoutingFamily = (typeof ROUTING_FAMILIES)[number]
/** A rule's region: Korea, any overseas region, or one agency region. */
export const ROUTING_REGIONS = ['domestic', 'overseas', ...REQUEST_REGIONS.filter((r) => r !== 'domestic')] as const
export type RoutingRegion = (typeof ROUTING_REGIONS)[number]

export const TEAM_LIMITS = { name: 50, emails: 20 } as const

/** The addresses typed one per line: trimmed, blank lines dropped, lower-cased, duplicates dropped. */
export const emailLines = (text: string) => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  ),
]

const name = (max: number) =>
  z.string().trim().min(1, messageKey('routing.error.nameRequired')).max(max, messageKey('routing.error.nameLong'))

export const teamSchema = z.object({
  name: name(TEAM_LIMITS.name),
  name_en: name(TEAM_LIMITS.name),
  emails: z
    .string()
    .max(5000, messageKey('routing.error.emailsLong'))
    .refine((text) => emailLines(text).length > 0, messageKey('routing.error.emailsRequired'))
    .refine(
      (text) => emailLines(text).every((line) => EMAIL_PATTERN.test(line)),
      messageKey('routing.error.emailInvalid'),
    )
    .refine((text) => emailLines(text).length <= TEAM_LIMITS.emails, messageKey('routing.error.emailsMany')),
})
export type TeamInput = z.infer<typeof teamSchema>

const anyOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(['', ...values] as const)

export const ruleSchema = z.object({
  kind: anyOf(REQUEST_KINDS),
  family: anyOf(ROUTING_FAMILIES),
  region: anyOf(ROUTING_REGIONS),
  team_id: z.coerce.number().int().positive(messageKey('routing.error.teamRequired')),
  /** '' or 0: nobody. */
  assignee_id: z.union([z.literal(''), z.coerce.number().int().min(0)]).transform((v) => (v ? v : null)),
})
export type RuleInput = z.infer<typeof ruleSchema>

/** Whether a rule's region condition takes a request's region ('' any; 'overseas' every region but Korea). */
export function regionMatches(rule: string, region: string): boolean {
  if (rule === '') return true
  if (rule === 'overseas') return region !== 'domestic'
  return rule === region
}
