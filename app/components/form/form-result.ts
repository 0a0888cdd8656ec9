import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey, MessageVars } from '#shared/i18n/messages.ts'

/** A message about the whole form (shown by FormAlert), with its placeholders' values. */
export type FormMessage = { key: MessageKey; vars?: MessageVars }

/**
 * What an action answers a form: the first message of each field (shown at the inputs) and
 * optionally one for the whole form. Routes extend it with what their success needs.
 */
export type FormResult = { errors: FieldErrors; message?: FormMessage }
