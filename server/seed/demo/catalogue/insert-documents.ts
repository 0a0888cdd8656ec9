import {
  circuitSerials,
  referenceDocuments,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptionGroups,
  supportOptions,
} from '#server/db/schema.ts'
import { classifiedNumber, type DocumentArchive } from '#shared/document-numbers.ts'
import { makePdf, type Tx } from '../demo-files.ts'
import { CIRCUIT_SERIALS } from './circuit-serials.ts'
import { attachDocumentFiles, type DocFile, KINDS } from './document-files.ts'
import { type FileBatch, insertRows, resetSequence } from '../file-batch.ts'
import { REFERENCE_DOCUMENTS, type ReferenceFiles } from './reference-documents.ts'
import { SERVICE_DOCUMENTS } from './service-documents.ts'
import { SUPPORT_GROUPS } from './support-options.ts'

const REFERENCE_FILES: Record<ReferenceFiles, DocFile[]> = {
  'ko+en': ['ko', 'en'],
  ko: ['ko'],
  en: ['en'],
  gsd: ['en', 'gsd'],
  url: [],
}

const englishUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}lang=en`
const isoDate = (d: Date) => d.toISOString().slice(0, 10)

/** The demo documents' numbers: per classification in id order, as migration 0014 numbers older data (ADR 019). */
function numberer(archive: DocumentArchive) {
  const counts = new Map<number, number>()
  return (type: number) => {
    const n = (counts.get(type) ?? 0) + 1
    counts.set(type, n)
    return classifiedNumber(archive, type, n)
  }
}

/** A deterministic date spread over 2019 – October 2026. */
function spreadDate(k: number): Date {
  const year = 2019 + ((k * 5) % 8)
  const month = year === 2026 ? (k * 7) % 10 : (k * 7) % 12
  return new Date(Date.UTC(year, month, 1 + ((k * 11) % 27), 9))
}

/** Reference archive: ids 1..n in list order, with their downloads. */
export async function insertReferenceDocuments(tx: Tx, batch: FileBatch): Promise<void> {
  const numberOf = numberer('reference')
  const rows = REFERENCE_DOCUMENTS.map((doc, i) => {
    const id = i + 1
    const files = [...REFERENCE_FILES[doc.files], ...(doc.type === 3 ? (['cad'] as const) : [])]
    const doc_number = numberOf(doc.type)
    attachDocumentFiles(batch, { type: 'reference', id }, { ...doc, kind: doc.type, number: doc_number }, files)
    return {
      id,
      type: doc.type,
      doc_number,
      product_id: doc.product_id,
      title: doc.title,
      title_en: doc.title_en,
      url: doc.url ?? '',
      url_en: doc.url ? englishUrl(doc.url) : '',
      created_at: new Date(`${doc.date}T09:00:00Z`),
      revised_at: new Date(`${doc.date}T09:00:00Z`),
    }
  })
  await insertRows(tx, referenceDocuments, rows)
  await resetSequence(tx, 'reference_documents')
}

/** Option groups and options of the 12 service types, then their documents and tags. */
export async function insertServiceContent(tx: Tx, batch: FileBatch): Promise<void> {
  const groups: (typeof supportOptionGroups.$inferInsert)[] = []
  const options: (typeof supportOptions.$inferInsert)[] = []
  const optionIds = new Map<string, number>()
  for (const [type, list] of Object.entries(SUPPORT_GROUPS)) {
    list.forEach((g, gi) => {
      const groupId = groups.length + 1
      groups.push({ id: groupId, type: Number(type), title: g.title, title_en: g.title_en, sort_order: gi })
      g.options.forEach((opt, oi) => {
        const id = options.length + 1
        const key = `${type}:${opt.code}`
        if (optionIds.has(key)) throw new Error(`duplicate option code ${key}`)
        optionIds.set(key, id)
        options.push({
          id,
          group_id: groupId,
          title: opt.title,
          title_en: opt.title_en,
          code: opt.code,
          name: g.name,
          show_yn: opt.show ?? 'Y',
          sort_order: oi,
        })
      })
    })
  }

  const docs: (typeof serviceDocuments.$inferInsert)[] = []
  const numberOf = numberer('service')
  const tags: (typeof serviceDocumentOptions.$inferInsert)[] = []
  for (const [type, list] of Object.entries(SERVICE_DOCUMENTS)) {
    for (const doc of list) {
      const id = docs.length + 1
      const created_at = spreadDate(id)
      const doc_number = numberOf(Number(type))
      docs.push({
        id,
        type: Number(type),
        doc_number,
        revised_at: created_at,
        title: doc.title,
        title_en: doc.title_en,
        url: doc.url ?? '',
        url_en: doc.url ? englishUrl(doc.url) : '',
        created_at,
      })
      for (const code of doc.codes) {
        const option_id = optionIds.get(`${type}:${code}`)
        if (!option_id) throw new Error(`unknown option ${code} of type ${type}`)
        tags.push({ document_id: id, option_id })
      }
      attachDocumentFiles(
        batch,
        { type: 'service', id },
        { ...doc, kind: Number(type), date: isoDate(created_at), number: doc_number },
        doc.files,
      )
    }
  }

  await insertRows(tx, supportOptionGroups, groups)
  await insertRows(tx, supportOptions, options)
  await insertRows(tx, serviceDocuments, docs)
  await insertRows(tx, serviceDocumentOptions, tags)
  for (const t of ['support_option_groups', 'support_options', 'service_documents']) await resetSequence(tx, t)
}

/** Serial-number circuit diagrams with their PDFs (`documents/serial/<code>.pdf`). */
export async function insertCircuitSerials(tx: Tx, batch: FileBatch): Promise<void> {
  const rows = CIRCUIT_SERIALS.map((s, i) => {
    const id = i + 1
    const code = `${s.code1}-${s.code2}`
    const owner = { type: 'serial' as const, id }
    const lines = (edition: string) => [
      'Daehan Actuator Co., Ltd.',
      `Serial no.: DA${s.code1}${s.code2}-A    Model: ${s.model}`,
      `Edition: ${edition}`,
      '',
      ...(KINDS[2]?.body ?? []),
    ]
    batch.attach(
      owner,
      `documents/serial/${code}.pdf`,
      `${code}_${s.model}_결선도.pdf`,
      'KOR',
      makePdf(s.title_en, lines('Korean (sample text in English)')),
    )
    if (s.english) {
      batch.attach(
        owner,
        `documents/serial/${code}-en.pdf`,
        `${code}_${s.model}_Circuit_Diagram_EN.pdf`,
        'ENG',
        makePdf(s.title_en, lines('English')),
      )
    }
    const month = Number(s.code2) % (s.code1 === '26' ? 10 : 12)
    return {
      id,
      code1: s.code1,
      code2: s.code2,
      title: s.title,
      title_en: s.title_en,
      model: s.model,
      created_at: new Date(Date.UTC(2000 + Number(s.code1), month, 1 + (Number(s.code2) % 27), 9)),
    }
  })
  await insertRows(tx, circuitSerials, rows)
  await resetSequence(tx, 'circuit_serials')
}
