/**
 * Document numbers (docs/decisions/019-document-numbers-and-revisions.md): `DA-MAN-0012` Rev. `C`.
 * The prefix names the archive (DA reference archive, DS service documents), the code the
 * classification (1..12, the same list for both: shared/service-pages.ts), the digits its place.
 */
export const DOCUMENT_PREFIX = { reference: 'DA', service: 'DS' } as const
export type DocumentArchive = keyof typeof DOCUMENT_PREFIX

/** The code of each classification, by its index 1..12 (index 0 "Entire" has none). */
export const CLASSIFICATION_CODES = [
  '',
  'CAT',
  'CIR',
  'DIM',
  'TRQ',
  'SW',
  'CER',
  'FAQ',
  'TRN',
  'MAN',
  'SET',
  'REP',
  'NUC',
] as const

/** The start of the numbers of a classification in an archive: `DA-MAN-` (unknown classifications: `DOC`). */
export const numberPrefix = (archive: DocumentArchive, type: number) =>
  `${DOCUMENT_PREFIX[archive]}-${CLASSIFICATION_CODES[type] || 'DOC'}-`

/** The `n`th number of a classification: `DA-MAN-0012`. */
export const classifiedNumber = (archive: DocumentArchive, type: number, n: number) =>
  `${numberPrefix(archive, type)}${String(n).padStart(4, '0')}`

/** What a document number looks like: letters/digits in dash-separated parts, ending in digits. */
export const DOCUMENT_NUMBER = /^[A-Z][A-Z0-9]{1,5}(-[A-Z0-9]{1,8}){0,3}-\d{2,6}$/

/** A revision: one to three capital letters (A, B … Z, AA) or a dotted number (1, 1.2). */
export const REVISION = /^([A-Z]{1,3}|\d{1,3}(\.\d{1,3})?)$/

/** The revision after `revision` (A → B, Z → AA, 1 → 2, 1.2 → 1.3). */
export function nextRevision(revision: string): string {
  const dotted = /^(\d+\.)?(\d+)$/.exec(revision)
  if (dotted) return `${dotted[1] ?? ''}${Number(dotted[2]) + 1}`
  const letters = revision.split('')
  for (let i = letters.length - 1; i >= 0; i--) {
    if (letters[i] !== 'Z') {
      letters[i] = String.fromCharCode(letters[i]!.charCodeAt(0) + 1)
      return letters.join('')
    }
    letters[i] = 'A'
  }
  return `A${letters.join('')}`
}

/**
 * The order of two revisions: negative when `a` is older than `b`, 0 when they are the same
 * revision, positive when `a` is newer; `null` when either is not a revision (`REVISION`), so a
 * caller treats "cannot tell" as a problem rather than guessing an order.
 * - Letters count like `nextRevision`: A < B < … < Z < AA < AB < … < ZZ < AAA (fewer letters first).
 * - Dotted numbers compare part by part as numbers: 1.0 < 1.1 < 1.9 < 1.10 < 2.0 (1.10 is the
 *   tenth minor revision, as `nextRevision` counts); a missing minor part is 0, so `1` and `1.0`
 *   are the same revision.
 * - A letter revision is older than every dotted number: every document began at letters (the
 *   migration issued them all Rev. A), so an archive may move to numbers once, forward, but a
 *   numbered document never goes back to letters.
 */
export function compareRevisions(a: string, b: string): number | null {
  const ka = revisionKey(a)
  const kb = revisionKey(b)
  if (!ka || !kb) return null
  for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return Math.sign(ka[i]! - kb[i]!)
  return 0
}

/** A revision as [scheme (0 letters, 1 numbers), major, minor]; letters as their place in A, B … Z, AA. */
function revisionKey(revision: string): [number, number, number] | null {
  if (!REVISION.test(revision)) return null
  if (/^\d/.test(revision)) {
    const [major, minor = '0'] = revision.split('.')
    return [1, Number(major), Number(minor)]
  }
  let place = 0
  for (const letter of revision) place = place * 26 + (letter.charCodeAt(0) - 64)
  return [0, place, 0]
}

/** How a number and revision read together: `DA-MAN-0012 Rev. C`. */
export const documentLabel = (docNumber: string, revision: string) => `${docNumber} Rev. ${revision}`
