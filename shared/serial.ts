/**
 * The serial-number rule of the circuit-diagram lookup (spec sections 2 "Service", 5 and 9),
 * written once for the two inputs of the page and for the server that answers the lookup.
 *
 * A nameplate serial reads like 'DA250100-A': two letters, six digits, a suffix. The visitor drops
 * the letters and types the six digits as two parts, 2 and 4 digits ('25' and '0100'). The page
 * sends them as one value, first part, a hyphen and the second part ('25-0100'); the hyphen only
 * when the second part exists ('25'). The server matches the first part exactly and the second
 * as a prefix, so '25' + '01' finds every 25-01xx.
 */

/** Most digits of the first and of the second part. */
export const SERIAL_PART1_MAX = 2
export const SERIAL_PART2_MAX = 4

/** First part as the API takes it: exactly two digits. */
export const SERIAL_CODE1 = /^\d{2}$/
/** Second part as the API takes it: up to four digits (a prefix; empty = every serial of code1). */
export const SERIAL_CODE2 = /^\d{0,4}$/

/**
 * What an input holds after the visitor typed: `next` when it is digits only and at most `max`
 * long, otherwise the `previous` value (a non-digit or a digit past the limit is ignored as it is
 * typed, the way the specification describes).
 */
export function acceptSerialInput(previous: string, next: string, max: number): string {
  return next.length <= max && /^\d*$/.test(next) ? next : previous
}

/** The `code` query value of the two parts: '25-0100', or '25' without a second part. */
export function serialCode(part1: string, part2: string): string {
  return part2 ? `${part1}-${part2}` : part1
}

export type SerialParts = { code1: string; code2: string }

/**
 * The two parts of a `code` query value, or null when it is not one the lookup can answer
 * (the first part must have its two digits; the second, when present, 1-4 digits).
 */
export function parseSerialCode(code: string | null | undefined): SerialParts | null {
  if (!code) return null
  const m = /^(\d{2})(?:-(\d{1,4}))?$/.exec(code.trim())
  return m ? { code1: m[1]!, code2: m[2] ?? '' } : null
}

/** Why the two typed parts cannot be looked up yet, or null when they can. */
export function serialProblem(part1: string, part2: string): 'first-part' | 'digits' | null {
  if (!/^\d*$/.test(part1) || !/^\d*$/.test(part2) || part2.length > SERIAL_PART2_MAX) return 'digits'
  if (!SERIAL_CODE1.test(part1)) return 'first-part'
  return null
}
