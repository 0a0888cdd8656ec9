import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  attachments,
  products,
  referenceDocuments,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptionGroups,
  supportOptions,
} from '#server/db/schema.ts'
import {
  CLASSIFICATION_CODES,
  compareRevisions,
  DOCUMENT_NUMBER,
  nextRevision,
  REVISION,
  type DocumentArchive,
} from '#shared/document-numbers.ts'
import type { MessageKey, MessageVars } from '#shared/i18n/messages.ts'
import type { TableFile } from '../../files/table-file.ts'
import {
  integerIn,
  listOf,
  mapTable,
  webAddress,
  type ColumnSpec,
  type ImportProblem,
  type Parsed,
} from '../columns.ts'
import { CHECK_TURN, inChunks, nextTurn, type ImportKindSpec, type WriteContext } from '../kind.ts'
import { storeZipEntries, zipEntryProblem, zipPath, type ZipFiles } from '../zip-files.ts'
import { archiveRevision } from '../../documents/document-files.ts'

type DocRow = {
  row: number
  doc_number: string | null
  /** As given; null when the cell is empty (see `revisionOf`). */
  revision: string | null
  type: number
  product_id: number | null
  title: string
  title_en: string
  url: string
  url_en: string
  /** ZIP paths per language; null when the row names none (an update keeps the files it had). */
  files: { ko: string[] | null; en: string[] | null }
  /** Option ids (service documents); null when the column is absent or empty. */
  options: number[] | null
}

/** 1..12, or the classification's code (`MAN`). */
const classification = (text: string): Parsed<number> => {
  const byCode = CLASSIFICATION_CODES.indexOf(text.toUpperCase() as (typeof CLASSIFICATION_CODES)[number])
  if (byCode > 0) return { value: byCode }
  const n = Number(text)
  return /^\d+$/.test(text) && n >= 1 && n <= 12 ? { value: n } : { problem: 'import.error.classification' }
}
const docNumber = (text: string): Parsed<string> =>
  DOCUMENT_NUMBER.test(text.toUpperCase()) ? { value: text.toUpperCase() } : { problem: 'import.error.docNumber' }
const revision = (text: string): Parsed<string> =>
  REVISION.test(text.toUpperCase()) ? { value: text.toUpperCase() } : { problem: 'import.error.revision' }

function columnsOf(archive: DocumentArchive): ColumnSpec[] {
  const prefix = archive === 'reference' ? 'DA' : 'DS'
  return [
    { key: 'doc_number', label: '문서번호', example: `${prefix}-MAN-0101`, max: 40, parse: docNumber },
    { key: 'revision', label: '개정', example: 'A', max: 7, parse: revision },
    { key: 'type', label: '분류', required: true, example: 'MAN', parse: classification },
    ...(archive === 'reference'
      ? [{ key: 'product_id', label: '제품 ID', example: '', parse: integerIn(1, 2_147_483_647) }]
      : []),
    { key: 'title', label: '제목', required: true, max: 300, example: 'TM 시리즈 설치 설명서' },
    { key: 'title_en', label: '영문 제목', required: true, max: 300, example: 'TM series installation manual' },
    { key: 'url', label: '링크', max: 1000, example: '', parse: webAddress },
    { key: 'url_en', label: '영문 링크', max: 1000, example: '', parse: webAddress },
    { key: 'file_ko', label: '국문 파일', max: 1000, example: 'manuals/tm-ko.pdf', parse: listOf() },
    { key: 'file_en', label: '영문 파일', max: 1000, example: 'manuals/tm-en.pdf', parse: listOf() },
    ...(archive === 'service' ? [{ key: 'options', label: '옵션', max: 1000, example: '', parse: listOf(true) }] : []),
  ]
}

/** Whether a row names files of its own (an update without any keeps the files it had). */
const namesFiles = (r: Pick<DocRow, 'files'>) => (r.files.ko?.length ?? 0) + (r.files.en?.length ?? 0) > 0

/**
 * The revision a row gives its document, or why it may not (issue 30; docs/decisions/022-bulk-import.md).
 * The dry run and the write both ask this, so the write applies exactly the rule the dry run showed.
 * - A new document: the row's revision, A when empty.
 * - An existing document, in the order of `compareRevisions`: a later revision is a new revision
 *   and must bring its own files; the same revision (or an empty cell) without files updates the
 *   metadata only; the same revision with files is refused (a changed file is a new revision); an
 *   older revision, or one that cannot be compared, is refused. An empty cell with files means the
 *   next revision, as in the console.
 */
function revisionOf(
  row: Pick<DocRow, 'doc_number' | 'revision' | 'files'>,
  current: { revision: string } | undefined,
): { revision: string; newRevision: boolean } | { problem: MessageKey; vars: MessageVars } {
  if (!current) return { revision: row.revision ?? 'A', newRevision: false }
  const files = namesFiles(row)
  const given = row.revision ?? (files ? nextRevision(current.revision) : current.revision)
  const vars = { number: row.doc_number ?? '', given, current: current.revision }
  const order = compareRevisions(given, current.revision)
  if (order === null || order < 0) return { problem: 'import.error.revisionOlder', vars }
  if (order === 0)
    return files
      ? { problem: 'import.error.revisionSameFiles', vars: { ...vars, next: nextRevision(current.revision) } }
      : { revision: current.revision, newRevision: false }
  return files ? { revision: given, newRevision: true } : { problem: 'import.error.revisionFiles', vars }
}

const tableOf = (archive: DocumentArchive) => (archive === 'reference' ? referenceDocuments : serviceDocuments)

/** Existing documents of the archive by number: id, revision and what an archived revision keeps. */
async function existingByNumber(db: WriteContext['tx'] | Db, archive: DocumentArchive, numbers: string[]) {
  const table = tableOf(archive)
  const rows = await inChunks(numbers, 1000, (chunk) =>
    db
      .select({
        id: table.id,
        doc_number: table.doc_number,
        revision: table.revision,
        title: table.title,
        title_en: table.title_en,
        revised_at: table.revised_at,
        version: table.version,
      })
      .from(table)
      .where(inArray(table.doc_number, chunk)),
  )
  return new Map(rows.map((r) => [r.doc_number, r]))
}

async function check(
  db: Db,
  archive: DocumentArchive,
  table: TableFile,
  zip: ZipFiles | null,
): Promise<{ rows: DocRow[]; problems: ImportProblem[] }> {
  const { rows: mapped, problems } = await mapTable(columnsOf(archive), table)
  // The documents the rows name, with their current revisions; cells the table refused have no revision check.
  const current = await existingByNumber(
    db,
    archive,
    mapped.flatMap((m) => (m.values.doc_number ? [m.values.doc_number as string] : [])),
  )
  const refusedCells = new Set(problems.map((p) => `${p.row}:${p.column}`))
  const productIds =
    archive === 'reference'
      ? new Set((await db.select({ id: products.id }).from(products)).map((p) => p.id))
      : new Set<number>()
  // Options belong to the option groups of one document type; a code is unique within its type.
  const optionIds = new Map<string, number>()
  if (archive === 'service') {
    const options = await db
      .select({ id: supportOptions.id, code: supportOptions.code, type: supportOptionGroups.type })
      .from(supportOptions)
      .innerJoin(supportOptionGroups, eq(supportOptionGroups.id, supportOptions.group_id))
    for (const o of options) {
      optionIds.set(`${o.type}:${o.id}`, o.id)
      if (o.code) optionIds.set(`${o.type}:${o.code.toUpperCase()}`, o.id)
    }
  }
  const seen = new Map<string, number>()
  const rows: DocRow[] = []
  for (const [i, { row, values: v, columns, ok }] of mapped.entries()) {
    if (i > 0 && i % CHECK_TURN === 0) await nextTurn()
    const before = problems.length
    const fail = (key: string, problem: ImportProblem['problem'], vars?: ImportProblem['vars']) =>
      problems.push({ row, column: columns[key]!, problem, ...(vars && { vars }) })
    const number = (v.doc_number as string | undefined) ?? null
    if (number) {
      const earlier = seen.get(number)
      if (earlier !== undefined) fail('doc_number', 'import.error.duplicateDocNumber', { row: earlier })
      else seen.set(number, row)
    }
    const productId = (v.product_id as number | undefined) ?? null
    if (productId !== null && !productIds.has(productId)) fail('product_id', 'import.error.product')
    let options: number[] | null = null
    if (v.options) {
      options = []
      for (const code of v.options as string[]) {
        const id = optionIds.get(`${v.type as number}:${code.toUpperCase()}`)
        if (id === undefined) fail('options', 'import.error.option', { value: code })
        else if (!options.includes(id)) options.push(id)
      }
    }
    const files = { ko: (v.file_ko as string[] | undefined) ?? null, en: (v.file_en as string[] | undefined) ?? null }
    for (const [key, paths] of [
      ['file_ko', files.ko],
      ['file_en', files.en],
    ] as const) {
      for (const name of paths ?? []) {
        const problem = await zipEntryProblem(zip, name)
        if (problem) fail(key, problem, { path: name })
      }
    }
    const revisionCell = (v.revision as string | undefined) ?? null
    if (number && !refusedCells.has(`${row}:${columns.revision}`)) {
      const plan = revisionOf({ doc_number: number, revision: revisionCell, files }, current.get(number))
      if ('problem' in plan) fail('revision', plan.problem, plan.vars)
    }
    if (!ok || problems.length > before) continue
    rows.push({
      row,
      doc_number: number,
      revision: revisionCell,
      type: v.type as number,
      product_id: productId,
      title: v.title as string,
      title_en: v.title_en as string,
      url: (v.url as string | undefined) ?? '',
      url_en: (v.url_en as string | undefined) ?? '',
      files,
      options,
    })
  }
  return { rows: problems.length > 0 ? [] : rows, problems }
}

async function write(archive: DocumentArchive, ctx: WriteContext, batch: DocRow[]) {
  const { tx, now, userId } = ctx
  const table = tableOf(archive)
  const found = await existingByNumber(
    tx,
    archive,
    batch.flatMap((r) => (r.doc_number ? [r.doc_number] : [])),
  )
  const fresh = batch.filter((r) => !r.doc_number || !found.has(r.doc_number))
  const updates = batch.filter((r) => r.doc_number && found.has(r.doc_number))
  const columns = (r: DocRow, revision: string) => ({
    type: r.type,
    ...(archive === 'reference' && { product_id: r.product_id }),
    title: r.title,
    title_en: r.title_en,
    url: r.url,
    url_en: r.url_en,
    revision,
  })
  const idOf = new Map<DocRow, number>()
  if (fresh.length > 0) {
    // RETURNING gives the rows in the order of VALUES.
    const inserted = await tx
      .insert(table)
      .values(
        fresh.map((r) => ({
          ...columns(r, r.revision ?? 'A'),
          ...(r.doc_number && { doc_number: r.doc_number }),
          revised_at: now,
          created_at: now,
          updated_at: now,
          updated_by: userId,
        })),
      )
      .returning({ id: table.id })
    fresh.forEach((r, i) => idOf.set(r, inserted[i]!.id))
  }
  for (const r of updates) {
    const current = found.get(r.doc_number!)!
    idOf.set(r, current.id)
    // The check's rule again, on the row as this transaction reads it: a change since the check fails the import.
    const plan = revisionOf(r, current)
    if ('problem' in plan)
      throw new Error(`row ${r.row}: ${r.doc_number} changed since the check (${plan.problem}); nothing was imported`)
    const { revision, newRevision } = plan
    await tx
      .update(table)
      .set({
        ...columns(r, revision),
        ...(newRevision && { revised_at: now }),
        version: sql`${table.version} + 1`,
        updated_at: now,
        updated_by: userId,
      })
      .where(eq(table.id, current.id))
    // A new revision keeps the previous one (ADR 019): its number, titles and files move to
    // document_revisions, and the row's files are the new revision's. The same revision brings no files.
    if (newRevision) await archiveRevision(tx, archive, current, { userId, now })
    if (archive === 'service' && r.options !== null)
      await tx.delete(serviceDocumentOptions).where(eq(serviceDocumentOptions.document_id, current.id))
  }

  const paths = batch.flatMap((r) => [...(r.files.ko ?? []), ...(r.files.en ?? [])])
  let files = 0
  if (paths.length > 0 && ctx.zip) {
    const stored = await storeZipEntries({ ...ctx, zip: ctx.zip }, paths)
    const rows = batch.flatMap((r) =>
      (['ko', 'en'] as const).flatMap((lang) =>
        (r.files[lang] ?? []).map((name, i) => {
          const file = stored.get(zipPath(name))!
          return {
            owner_type: archive,
            owner_id: idOf.get(r)!,
            file_name: file.key,
            origin_file_name: file.name,
            icon: lang === 'ko' ? 'KOR' : 'ENG',
            sort_order: (lang === 'ko' ? 0 : 100) + i,
          }
        }),
      ),
    )
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(attachments).values(rows.slice(i, i + 1000))
    files = stored.size
  }
  if (archive === 'service') {
    const links = batch.flatMap((r) => (r.options ?? []).map((option_id) => ({ document_id: idOf.get(r)!, option_id })))
    if (links.length > 0) await tx.insert(serviceDocumentOptions).values(links)
  }
  return { ids: batch.map((r) => idOf.get(r)!), inserted: fresh.length, files }
}

/** Reference or service documents (with a ZIP of their files): a row whose number exists updates that document. */
export function documentKind(archive: DocumentArchive): ImportKindSpec<DocRow> {
  return {
    columns: columnsOf(archive),
    check: (db, table, zip) => check(db, archive, table, zip),
    async existing(db, rows) {
      return (
        await existingByNumber(
          db,
          archive,
          rows.flatMap((r) => (r.doc_number ? [r.doc_number] : [])),
        )
      ).size
    },
    write: (ctx, batch) => write(archive, ctx, batch),
    search: archive,
    topics: [archive === 'reference' ? 'reference-documents' : 'service-documents'],
  }
}
