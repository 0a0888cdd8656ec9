import { htmlToText } from '#server/services/html.ts'
import { CONTENT_KINDS, type ContentField } from '#shared/content-kinds.ts'
import { mediaFileScreenUrl } from '#shared/files.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'

/** One changed field of an audit entry, as the audit list shows it. */
export type AuditChange = {
  field: string
  label: MessageKey | null
  /** Which side of a bilingual field: 'ko', 'en', or null for a field with one value. */
  side: 'ko' | 'en' | null
  before: string
  after: string
}

/** At most this many characters of a value: the list says what changed, the record shows it all. */
const SHOWN = 160

/** A list of words (a synonym group's members): shown as a comma list rather than JSON. */
const isWordList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * A stored value as a line of text: rich text as its words (the search's own reading), a list of
 * words as a comma list, other objects as short JSON, cut to SHOWN.
 */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text =
    typeof value === 'string'
      ? htmlToText(value)
      : isWordList(value)
        ? value.join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > SHOWN ? `${line.slice(0, SHOWN - 1)}…` : line
}

const KIND_FIELDS = new Map<string, Map<string, { label: MessageKey; bilingual: boolean }>>(
  CONTENT_KINDS.map((kind) => [
    kind.kind,
    new Map(
      (kind.fields as readonly ContentField[]).map((f) => [
        f.name,
        { label: f.label as MessageKey, bilingual: Boolean(f.bilingual) },
      ]),
    ),
  ]),
)

/** The labelled fields of the record types that are not content kinds (by record type, then field). */
const RECORD_FIELDS = new Map<string, Map<string, { label: MessageKey; bilingual: boolean }>>([
  ['search_synonyms', new Map([['terms', { label: 'console.synonyms.members', bilingual: false }]])],
])

/**
 * The fields an entry changed, before and after: every key of either side, in the order they were
 * written. A field of a content kind (or of a record type of RECORD_FIELDS) carries its form label;
 * `_en` marks the English side.
 */
export function auditChanges(recordType: string, before: unknown, after: unknown): AuditChange[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {}
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {}
  const fields = KIND_FIELDS.get(recordType) ?? RECORD_FIELDS.get(recordType)
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => {
    const english = field.endsWith('_en')
    const known = fields?.get(english ? field.slice(0, -3) : field)
    const bilingual = english || known?.bilingual
    return {
      field,
      label: known?.label ?? null,
      side: bilingual ? (english ? 'en' : 'ko') : null,
      before: shownValue(b[field]),
      after: shownValue(a[field]),
    }
  })
}

/** The console page of the record an entry is about, when it has one. */
export function recordLink(recordType: string, record: string | number | null): string | null {
  // Only a plain number names a record page (the trail also holds keys such as a setting's name).
  const recordId = record !== null && /^\d{1,9}$/.test(String(record)) ? String(record) : null
  if (KIND_FIELDS.has(recordType)) return recordId ? `/admin/content/${recordType}/${recordId}` : null
  if (recordType.startsWith('texts.')) return `/admin/texts/${recordType.slice('texts.'.length)}`
  const documents = /^(reference|service)-document$/.exec(recordType)
  if (documents) return recordId ? `/admin/documents/${documents[1]}/${recordId}` : null
  switch (recordType) {
    case 'product':
      return recordId ? `/admin/catalogue/${recordId}` : '/admin/catalogue'
    case 'redirect':
      return '/admin/catalogue/redirects'
    case 'serial':
      return recordId ? `/admin/documents/serials/${recordId}` : '/admin/documents/serials'
    case 'option-group':
    case 'option':
      return '/admin/documents/options'
    case 'invest-post':
    case 'invest-category':
    case 'internal-rules':
      return '/admin/investors'
    case 'terms_version':
      return recordId ? `/admin/terms/${recordId}` : '/admin/terms'
    case 'member':
      return recordId ? `/admin/members/${recordId}` : '/admin/members'
    case 'staff':
      return '/admin/staff'
    case 'search_synonyms':
      return recordId ? `/admin/search/synonyms#synonym-${recordId}` : '/admin/search/synonyms'
    case 'file':
      return record === null ? '/admin/media' : mediaFileScreenUrl(String(record))
    default:
      return null
  }
}
