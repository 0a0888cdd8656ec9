import { z } from './zod-mini.ts'
import type { MessageKey } from './i18n/messages.ts'

/**
 * The one e-mail rule, for every address anyone types (member IDs, staff, the console's e-mail
 * fields): local part, @, dotted domain of letters, digits and inner hyphens, ending in a 2-24
 * letter top-level domain.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/

/** The rule as a zod check, with the message the form shows when it fails. */
export const emailFormat = (message: MessageKey) => z.regex(EMAIL_PATTERN, message)
