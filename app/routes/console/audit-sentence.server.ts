import { CONTENT_KINDS, contentKind } from '#shared/content-kinds.ts'
import { translate, type MessageKey, type MessageVars } from '#shared/i18n/messages.ts'
import { groupDigits } from '#shared/group-digits.ts'
import { TEXT_PAGES } from '#shared/page-texts.ts'

/**
 * An audit entry as a sentence in the console's language (issue 33): who did what to which record,
 * "김편집 님이 팝업 ‘여름 휴가 안내’의 영문을 게시했습니다" / "Kim Editor published the English text of
 * popup ‘Summer holiday’". The verb comes from the action's last part, the record from its type and
 * the name it had (its title or name, after the change or, for a deletion, before it).
 */
export type AuditSentence = { key: MessageKey; vars: MessageVars }

type Verb =
  | 'created'
  | 'createdPublished'
  | 'saved'
  | 'drafted'
  | 'published'
  | 'unpublished'
  | 'publishedLang'
  | 'unpublishedLang'
  | 'deleted'
  | 'restored'
  | 'discarded'
  | 'shown'
  | 'hidden'
  | 'moved'
  | 'revised'
  | 'imported'
  | 'exported'
  | 'signedIn'
  | 'signedOut'
  | 'failed'
  | 'changed'
  | 'statusChanged'
  | 'assigned'
  | 'noted'
  | 'replied'
  | 'answered'

/** The verb of an action, by its last part (`content.publish`, `catalogue.image-add`, `terms.draft.save`). */
export function verbOf(action: string): { verb: Verb; lang: 'ko' | 'en' | null } {
  const last = action.split('.').at(-1) ?? action
  const lang = /-(ko|en)$/.exec(last)?.[1] as 'ko' | 'en' | undefined
  const base = lang ? last.slice(0, -3) : last
  if (action === 'import') return { verb: 'imported', lang: null }
  if (action.startsWith('auth.sign-in') && !action.endsWith('failed')) return { verb: 'signedIn', lang: null }
  if (action === 'auth.sign-out') return { verb: 'signedOut', lang: null }
  if (base.endsWith('failed')) return { verb: 'failed', lang: null }
  const verbs: Record<string, Verb> = {
    create: 'created',
    'create-publish': 'createdPublished',
    save: 'saved',
    detail: 'saved',
    title: 'saved',
    rename: 'saved',
    autosave: 'drafted',
    draft: 'drafted',
    publish: lang ? 'publishedLang' : 'published',
    unpublish: lang ? 'unpublishedLang' : 'unpublished',
    delete: 'deleted',
    'redirect-delete': 'deleted',
    restore: 'restored',
    'discard-draft': 'discarded',
    show: 'shown',
    hide: 'hidden',
    move: 'moved',
    reorder: 'moved',
    'image-reorder': 'moved',
    'option-reorder': 'moved',
    revise: 'revised',
    export: 'exported',
    // The service inbox's thread (docs/decisions/070-service-inbox.md).
    status: 'statusChanged',
    assign: 'assigned',
    note: 'noted',
    reply: 'replied',
    answer: 'answered',
  }
  return { verb: verbs[base] ?? 'changed', lang: lang ?? null }
}

/** The message naming a kind of record, or null for a type without one (its raw name is shown). */
export function typeLabel(recordType: string): MessageKey | null {
  // A content kind by its singular name (`console.audit.kind.popups`: 팝업 / popup).
  if (contentKind(recordType as Parameters<typeof contentKind>[0]))
    return `console.audit.kind.${recordType}` as MessageKey
  if (recordType.startsWith('texts.')) {
    const page = TEXT_PAGES[recordType.slice('texts.'.length) as keyof typeof TEXT_PAGES]
    return page?.title ?? null
  }
  const known: Record<string, MessageKey> = {
    product: 'console.audit.kind.product',
    'reference-document': 'console.audit.kind.referenceDocument',
    'service-document': 'console.audit.kind.serviceDocument',
    serial: 'console.audit.kind.serial',
    option: 'console.audit.kind.option',
    'option-group': 'console.audit.kind.optionGroup',
    redirect: 'console.audit.kind.redirect',
    'invest-post': 'console.audit.kind.investPost',
    'investor-post': 'console.audit.kind.investPost',
    'invest-category': 'console.audit.kind.investCategory',
    'internal-rules': 'console.audit.kind.internalRules',
    terms: 'console.audit.kind.terms',
    terms_version: 'console.audit.kind.terms',
    member: 'console.audit.kind.member',
    staff: 'console.audit.kind.staff',
    import: 'console.audit.kind.import',
    console: 'console.audit.kind.console',
    'page-texts': 'console.audit.kind.pageTexts',
    search_synonyms: 'console.audit.kind.synonyms',
    file: 'console.audit.kind.file',
    service_teams: 'console.audit.kind.serviceTeam',
    service_routing_rules: 'console.audit.kind.routingRule',
    service_requests: 'console.audit.kind.serviceRequests',
    'service-request': 'console.audit.kind.serviceRequest',
  }
  return known[recordType] ?? null
}

const NAME_FIELDS = ['title', 'name', 'doc_number', 'username', 'file'] as const

/** The record's name as the entry kept it: after the change, else before it (a deletion). */
function nameOf(before: unknown, after: unknown): string | null {
  for (const side of [after, before]) {
    if (!side || typeof side !== 'object') continue
    for (const field of NAME_FIELDS) {
      const value = (side as Record<string, unknown>)[field]
      if (typeof value === 'string' && value.trim()) {
        const line = value.replace(/\s+/g, ' ').trim()
        return line.length > 60 ? `${line.slice(0, 59)}…` : line
      }
    }
  }
  return null
}

/**
 * The sentence of one entry in `lang`; `translate` gives a message of that language (the record's
 * words go into the sentence as one value, so its particle follows them).
 */
export function auditSentence(
  entry: { action: string; recordType: string; recordId: string | null; before: unknown; after: unknown },
  who: string | null,
  lang: 'ko' | 'en',
  translate: (key: MessageKey) => string,
): AuditSentence {
  // The retention job's entry keeps only counts (docs/decisions/071-service-routing.md).
  if (entry.action === 'service-requests.purge') {
    const counts = (entry.after ?? {}) as { requests?: unknown; files?: unknown }
    return {
      key: 'console.audit.sentence.purged',
      vars: {
        who: who ? (lang === 'ko' ? `${who} 님` : who) : translate('console.audit.system'),
        requests: groupDigits(Number(counts.requests) || 0),
        files: groupDigits(Number(counts.files) || 0),
      },
    }
  }
  const { verb, lang: side } = verbOf(entry.action)
  const label = typeLabel(entry.recordType)
  const type = label ? translate(label) : entry.recordType
  const name = nameOf(entry.before, entry.after)
  const record = name ? `${type} ‘${name}’` : entry.recordId ? `${type} #${entry.recordId}` : type
  const vars: MessageVars = {
    // A person is "김편집 님" in Korean (the particle then follows 님); the system has no title.
    who: who ? (lang === 'ko' ? `${who} 님` : who) : translate('console.audit.system'),
    record,
    ...(side && { lang: translate(side === 'en' ? 'console.content.english' : 'console.content.korean') }),
  }
  return { key: `console.audit.sentence.${verb}` as MessageKey, vars }
}

/**
 * The record types an editor sees in the audit trail: those the console lets editors change
 * (docs/decisions/052-console-audit-sentences.md). Members, staff, sign-ins and the console key
 * stay with administrators and viewers.
 */
export const EDITOR_AUDIT_SCOPE = {
  types: [
    ...CONTENT_KINDS.map((kind) => kind.kind),
    'page-texts',
    'product',
    'redirect',
    'reference-document',
    'service-document',
    'serial',
    'option',
    'option-group',
    'invest-post',
    'investor-post',
    'invest-category',
    'internal-rules',
    'terms',
    'terms_version',
    'import',
    'search_synonyms',
    'file',
    'service-request',
  ],
  prefixes: ['texts.'],
} as const

/** An entry of the trail as listed (`listAudit`'s rows) in one sentence of `lang`. */
export function sentenceOf(
  row: {
    entry: {
      action: string
      record_type: string
      record_id: string | null
      before: unknown
      after: unknown
      user_id: number | null
    }
    name: string | null
    username: string | null
  },
  lang: 'ko' | 'en',
): string {
  const { entry } = row
  const tr = (key: MessageKey) => translate(lang, key)
  const person = entry.user_id ? (row.name ?? row.username ?? String(entry.user_id)) : null
  const { key, vars } = auditSentence(
    {
      action: entry.action,
      recordType: entry.record_type,
      recordId: entry.record_id,
      before: entry.before,
      after: entry.after,
    },
    // Before any account (a failed sign-in): 로그인 전; the command line or the seed: the system.
    person ?? (entry.action.startsWith('auth.') ? tr('console.audit.nobody') : null),
    lang,
    tr,
  )
  return translate(lang, key, vars)
}
