import type { SerialParts } from './serial.ts'

/**
 * The identification link of a unit (docs/decisions/058-unit-pages.md): `/id/{serial}`, the serial
 * as the restricted area stores it (`TM250142-3`). Upper and lower case, hyphens and spaces do not
 * matter: `tm2501423` names the same unit. A serial is compared by its key, its ASCII letters and
 * digits upper-cased (the orders' expression index holds the same key).
 */

/** Longest serial an address may carry (stored serials are far shorter). */
export const UNIT_SERIAL_MAX = 64

/** Where a unit's page is. */
export const UNIT_PATH = '/id'

/** The comparison key of a serial: its ASCII letters and digits, upper-cased; '' when it has none. */
export const unitSerialKey = (serial: string): string => serial.replace(/[^0-9A-Za-z]/g, '').toUpperCase()

/** Whether an address segment can name a unit at all (otherwise the page answers 400). */
export const isUnitSerial = (serial: string): boolean =>
  serial.length <= UNIT_SERIAL_MAX && unitSerialKey(serial).length >= 3

/** Whether a search word may be a serial (letters, then digits: `TM250142-3`, `tm2501423`): the site search then looks for its unit. */
export const mayBeSerial = (word: string): boolean =>
  !/\s/.test(word.trim()) && isUnitSerial(word.trim()) && /^[A-Z]+\d{4,}/.test(unitSerialKey(word))

/** The unit page of a serial. */
export const unitHref = (serial: string): string => `${UNIT_PATH}/${encodeURIComponent(serial)}`

/**
 * The circuit-diagram lookup's code of a nameplate serial (shared/serial.ts): two letters, then six
 * digits split 2 + 4, then the suffix. Null for a serial of another form.
 */
export function lookupPartsOfSerial(serial: string): SerialParts | null {
  const m = /^[A-Z]{2}(\d{2})(\d{4})/.exec(unitSerialKey(serial))
  return m ? { code1: m[1]!, code2: m[2]! } : null
}
