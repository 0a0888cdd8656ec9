import { data, type AppLoadContext } from 'react-router'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import type { StaffSession } from '#server/services/console/index.ts'
import type { KeptVersion } from '#server/services/record-history.ts'
import { pageOfId } from '#server/services/console-content/page-texts.ts'
import type { DocumentArchive } from '#shared/document-numbers.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { placeTexts } from '#shared/page-text-sections.ts'
import { isTextPage, TEXT_PAGES, type TextPage } from '#shared/page-texts.ts'
import { roleAtLeast, type StaffRole } from '#shared/staff-rules.ts'
import { consoleAnswer, conflictMessage, refusal, type SaveAnswer } from '../save-answer.server.ts'
import { consoleHeaders } from '../console.server.ts'
import { actorOf } from '../content/content.server.ts'
import { historyView, type LoadedVersion } from './history.server.ts'

/**
 * The history pages of the records edited outside the declared content kinds
 * (docs/decisions/042-record-history.md, "Other record kinds"): `/admin/history/{type}/{id}` for
 * products, documents, investor notices, terms versions and page texts. Each type names who may see
 * it (as its editor's page does: the terms only for editors), how its record is found, its fields
 * with their labels, and its restore through its editor's own save.
 */
export const HISTORY_TYPES = ['product', 'document', 'investor-post', 'terms', 'page-texts'] as const
export type HistoryType = (typeof HISTORY_TYPES)[number]

/** Who may see a type's history: the role its editor's page asks to read the record. Restoring asks for an editor. */
export const VIEW_ROLE: Record<HistoryType, StaffRole> = {
  product: 'viewer',
  document: 'viewer',
  'investor-post': 'viewer',
  terms: 'editor',
  'page-texts': 'viewer',
}

const notFound = () => data(null, { status: 404, headers: consoleHeaders() })

export function typeOr404(value: string | undefined): HistoryType {
  if (!value || !(HISTORY_TYPES as readonly string[]).includes(value)) throw notFound()
  return value as HistoryType
}

const positive = (value: string | null | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null

/** A field of the comparison: a catalogue label (with its language side) or a text of its own (page texts' labels). */
export type HistoryField = { column: string; label: MessageKey | null; text?: string; side: 'ko' | 'en' | null }

const pair = (column: string, label: MessageKey): HistoryField[] => [
  { column, label, side: 'ko' },
  { column: `${column}_en`, label, side: 'en' },
]
const one = (column: string, label: MessageKey): HistoryField => ({ column, label, side: null })

const PRODUCT_FIELDS: HistoryField[] = [
  ...pair('title', 'console.catalogue.name'),
  ...pair('introduce', 'console.catalogue.field.introduce'),
  ...pair('description', 'console.catalogue.field.description'),
  ...pair('item', 'console.catalogue.field.item'),
  ...pair('item_introduce', 'console.catalogue.field.itemIntroduce'),
  one('type', 'console.catalogue.field.type'),
  one('image', 'console.catalogue.field.image'),
  one('parent', 'console.history.field.parent'),
  one('position', 'console.history.field.position'),
  one('slug', 'console.history.field.slug'),
  one('published', 'console.history.field.published'),
  one('images', 'console.history.field.images'),
  ...pair('options', 'console.catalogue.options'),
]

const documentFields = (archive: DocumentArchive): HistoryField[] => [
  one('type', 'console.docs.classification'),
  one('doc_number', 'console.docs.number'),
  one('revision', 'console.docs.revision'),
  one('revised_at', 'console.history.field.revisedAt'),
  one('title', 'console.docs.titleKo'),
  one('title_en', 'console.docs.titleEn'),
  one('url', 'console.docs.urlKo'),
  one('url_en', 'console.docs.urlEn'),
  archive === 'reference' ? one('product', 'console.docs.product') : one('options', 'console.docs.options'),
  one('files', 'console.docs.files'),
  one('revisions', 'console.docs.revisions'),
  one('published', 'console.history.field.published'),
]

const POST_FIELDS: HistoryField[] = [
  one('category', 'console.investors.categoryTitle'),
  one('title', 'console.history.field.title'),
  one('date', 'console.investors.date'),
  one('published', 'console.investors.published'),
  one('files', 'console.investors.files'),
]

const TERMS_FIELDS: HistoryField[] = [
  one('title', 'console.terms.fieldTitle'),
  one('title_en', 'console.terms.fieldTitleEn'),
  one('description', 'console.terms.fieldBody'),
  one('description_en', 'console.terms.fieldBodyEn'),
  one('number', 'console.history.field.termsNumber'),
  one('effective_at', 'console.terms.effectiveAt'),
]

/** A record whose history is shown: its name, its editor, its versions and what a restore needs. */
type Loaded = {
  name: string
  editUrl: string
  versions: KeptVersion[]
  fields: HistoryField[]
  current: (v: LoadedVersion, index: number) => boolean
  /** Whether the record may take an earlier version (a published terms version may not). */
  restorable: boolean
  /** What a restore posts back: the record's version or lock as loaded (and a document's archive). */
  restoreFields: Record<string, string | number>
  note: MessageKey
}

/** A document's archive: the one asked for, else the only one holding `id`; both (ambiguous) or none: null. */
async function documentOf(context: AppLoadContext, id: number, asked: string | null) {
  const admin = context.services.documentsAdmin
  const archives: DocumentArchive[] = asked === 'reference' || asked === 'service' ? [asked] : ['reference', 'service']
  const found = (await Promise.all(archives.map(async (archive) => ({ archive, doc: await admin.get(archive, id) }))))
    .filter((f) => f.doc !== null)
    .map((f) => ({ archive: f.archive, doc: f.doc! }))
  return found
}

/** A page group's number in the address (`1`), or its name (`esg`). */
function pageOf(idParam: string | undefined): TextPage | null {
  if (idParam && isTextPage(idParam)) return idParam
  const id = positive(idParam)
  return id === null ? null : pageOfId(id)
}

/**
 * The record of `type` and `idParam` with its history; `{ choose }` when the id names a document in
 * both archives and the address does not say which; the console's 404 when there is none.
 */
export async function loadRecord(
  context: AppLoadContext,
  type: HistoryType,
  idParam: string | undefined,
  search: URLSearchParams,
): Promise<Loaded | { choose: { archive: DocumentArchive; label: string }[] }> {
  const { lang, services } = context
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars)
  if (type === 'page-texts') {
    const page = pageOf(idParam)
    if (!page) throw notFound()
    const [versions, stamp] = await Promise.all([services.pageTexts.history(page), services.pageTexts.stamp(page)])
    // Each text by its section and label, as the editor names it (docs/decisions/055-page-copy-editor.md).
    const sections = placeTexts(page, TEXT_PAGES[page].prefix, services.pageTexts.keys(page))
    return {
      name: t(TEXT_PAGES[page].title),
      editUrl: `/admin/texts/${page}`,
      versions,
      fields: sections.flatMap((section) =>
        section.texts.flatMap(({ key, label, vars }) => {
          const text = `${t(section.title)} · ${t(label, vars)}`
          return [
            { column: `${key}.ko`, label: null, text, side: 'ko' as const },
            { column: `${key}.en`, label: null, text, side: 'en' as const },
          ]
        }),
      ),
      current: (_v, i) => i === 0,
      restorable: true,
      restoreFields: { stamp },
      note: 'console.history.note.pageTexts',
    }
  }
  const id = positive(idParam)
  if (id === null) throw notFound()
  switch (type) {
    case 'product': {
      const found = await services.catalogueEditor.get(id)
      if (!found) throw notFound()
      const { row } = found
      return {
        name: lang === 'en' ? row.title_en : row.title,
        editUrl: row.depth >= 2 ? `/admin/catalogue/${id}` : '/admin/catalogue',
        versions: await services.catalogueEditor.history(id),
        fields: PRODUCT_FIELDS,
        current: (v, i) => i === 0 && v.version === row.version,
        restorable: true,
        restoreFields: { version: row.version },
        note: 'console.history.note.product',
      }
    }
    case 'document': {
      const found = await documentOf(context, id, search.get('archive'))
      if (found.length === 0) throw notFound()
      if (found.length > 1)
        return {
          choose: found.map(({ archive, doc }) => ({
            archive,
            label: `${t(archive === 'service' ? 'console.docs.service' : 'console.docs.reference')}: ${doc.doc_number} ${lang === 'en' ? doc.title_en : doc.title}`,
          })),
        }
      const { archive, doc } = found[0]!
      return {
        name: `${doc.doc_number} ${lang === 'en' ? doc.title_en : doc.title}`,
        editUrl: `/admin/documents/${archive}/${id}`,
        versions: await services.documentsAdmin.history(archive, id),
        fields: documentFields(archive),
        current: (v, i) => i === 0 && v.version === doc.version,
        restorable: true,
        restoreFields: { version: doc.version, archive },
        note: 'console.history.note.document',
      }
    }
    case 'investor-post': {
      const post = await services.investorRecords.post(id)
      if (!post) throw notFound()
      return {
        name: post.title,
        editUrl: `/admin/investors?post=${id}`,
        versions: await services.investorRecords.postHistory(id),
        fields: POST_FIELDS,
        current: (v, i) => i === 0 && v.version === post.version,
        restorable: true,
        restoreFields: { version: post.version },
        note: 'console.history.note.investorPost',
      }
    }
    case 'terms': {
      const row = await services.terms.get(id)
      if (!row) throw notFound()
      return {
        name:
          row.version === null
            ? t('console.terms.draftN', { id: row.id })
            : t('console.terms.versionN', { version: row.version }),
        editUrl: `/admin/terms/${id}`,
        versions: (await services.terms.history(id)).map((v) => ({
          ...v,
          values: {
            ...v.values,
            effective_at: typeof v.values.effective_at === 'string' ? koreaDateTime(v.values.effective_at, lang) : null,
          },
        })),
        fields: TERMS_FIELDS,
        current: (_v, i) => i === 0,
        restorable: row.state === 'draft',
        restoreFields: { updated_at: row.updated_at.toISOString() },
        note: 'console.history.note.terms',
      }
    }
  }
}

/** The page's data: the record, its versions as sentences, and the comparison of the two chosen. */
export async function historyPage(
  context: AppLoadContext,
  staff: StaffSession,
  type: HistoryType,
  idParam: string | undefined,
  search: URLSearchParams,
) {
  const loaded = await loadRecord(context, type, idParam, search)
  if ('choose' in loaded) return { type, id: idParam ?? '', choose: loaded.choose, record: null }
  const yes = translate(context.lang, 'console.history.yes')
  const no = translate(context.lang, 'console.history.no')
  const versions: LoadedVersion[] = loaded.versions.map((v) => ({
    ...v,
    values: Object.fromEntries(
      Object.entries(v.values).map(([k, value]) => [k, typeof value === 'boolean' ? (value ? yes : no) : value]),
    ),
  }))
  const view = historyView(
    versions,
    loaded.fields.map((f) => f.column),
    search,
    loaded.current,
  )
  return {
    type,
    id: idParam ?? '',
    choose: null,
    record: {
      name: loaded.name,
      editUrl: loaded.editUrl,
      fields: loaded.fields,
      note: loaded.note,
      canRestore: roleAtLeast(staff.user.role, 'editor') && loaded.restorable,
      restoreFields: loaded.restoreFields,
      ...view,
    },
  }
}

/**
 * "Restore this version" through the record's editor (checked by today's rules, audited as a restore,
 * a version of its own). Answers like the editor's own save would when refused.
 */
export async function restoreRecord(
  context: AppLoadContext,
  staff: StaffSession,
  type: HistoryType,
  idParam: string | undefined,
  form: Record<string, string | undefined>,
) {
  const { services, lang } = context
  const actor = actorOf(staff, context)
  const versionId = positive(form.version_id)
  const version = positive(form.version)
  const bad = () => consoleAnswer<SaveAnswer>({ errors: {}, message: { key: 'api.badRequest' } }, 400)
  if (form.intent !== 'restore' || versionId === null) return bad()
  if (type === 'page-texts') {
    const page = pageOf(idParam)
    if (!page) throw notFound()
    if (!/^\d{1,15}$/.test(form.stamp ?? '')) return bad()
    const result = await services.pageTexts.restore(actor, page, Number(form.stamp), versionId)
    return result.ok ? null : refusal(result, lang)
  }
  const id = positive(idParam)
  if (id === null) throw notFound()
  if (type === 'terms') {
    const result = await services.terms.restoreDraft(
      { id: staff.user.id, role: staff.user.role, ip: context.clientIp },
      id,
      versionId,
      form.updated_at ?? '',
    )
    if (result.ok) return null
    switch (result.reason) {
      case 'conflict':
        return consoleAnswer<SaveAnswer>(
          { errors: {}, message: conflictMessage(lang, result.by, result.at, 'console.terms.conflict') },
          409,
        )
      case 'not-draft':
        return consoleAnswer<SaveAnswer>({ errors: {}, message: { key: 'console.history.termsPublished' } }, 409)
      case 'forbidden':
        return consoleAnswer<SaveAnswer>({ errors: {}, message: { key: 'console.terms.errorForbidden' } }, 403)
      case 'invalid':
        return consoleAnswer<SaveAnswer>({ errors: {}, message: { key: 'console.content.invalid' } }, 400)
      default:
        throw notFound()
    }
  }
  if (version === null) return bad()
  let result
  if (type === 'product') result = await services.catalogueEditor.restore(actor, id, version, versionId)
  else if (type === 'investor-post') result = await services.investorRecords.restorePost(actor, id, version, versionId)
  else {
    const found = await documentOf(context, id, form.archive ?? null)
    if (found.length === 0) throw notFound()
    if (found.length > 1) return bad()
    result = await services.documentsAdmin.restore(found[0]!.archive, actor, id, version, versionId)
  }
  return result.ok ? null : refusal(result, lang)
}
