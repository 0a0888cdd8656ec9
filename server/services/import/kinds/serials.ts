import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { attachments, circuitSerials } from '#server/db/schema.ts'
import { mapTable, type ColumnSpec, type ImportProblem, type Parsed } from '../columns.ts'
import { inChunks, type ImportKindSpec, type WriteContext } from '../kind.ts'
import { storeZipEntries, zipEntryProblem, zipPath } from '../zip-files.ts'

type SerialRow = {
  row: number
  code1: string
  code2: string
  title: string
  title_en: string
  model: string
  file: string | null
}

const digits =
  (n: number, problem: 'import.error.code1' | 'import.error.code2') =>
  (text: string): Parsed<string> =>
    new RegExp(`^\\d{${n}}$`).test(text) ? { value: text } : { problem }

const COLUMNS: ColumnSpec[] = [
  { key: 'code1', label: '코드1', required: true, max: 2, example: '25', parse: digits(2, 'import.error.code1') },
  { key: 'code2', label: '코드2', required: true, max: 4, example: '0100', parse: digits(4, 'import.error.code2') },
  { key: 'title', label: '제목', required: true, max: 300, example: 'TM 기본 결선도' },
  { key: 'title_en', label: '영문 제목', required: true, max: 300, example: 'TM basic wiring diagram' },
  { key: 'model', label: '모델', max: 200, example: 'TM 05' },
  { key: 'file', label: '파일', max: 1000, example: 'diagrams/25-0100.pdf' },
]

const pairKey = (r: { code1: string; code2: string }) => `${r.code1}-${r.code2}`

/** The existing serial of each code pair (the oldest when a pair occurs twice). */
async function existingByCode(db: Db | WriteContext['tx'], rows: SerialRow[]) {
  const found = await inChunks(rows, 500, (chunk) =>
    db
      .select({ id: circuitSerials.id, code1: circuitSerials.code1, code2: circuitSerials.code2 })
      .from(circuitSerials)
      .where(or(...chunk.map((r) => and(eq(circuitSerials.code1, r.code1), eq(circuitSerials.code2, r.code2)))))
      .orderBy(asc(circuitSerials.id)),
  )
  const byCode = new Map<string, number>()
  for (const r of found) if (!byCode.has(pairKey(r))) byCode.set(pairKey(r), r.id)
  return byCode
}

/** Circuit-diagram serials (code1-code2) with an optional diagram file from the ZIP; an existing code pair is updated. */
export const serialKind: ImportKindSpec<SerialRow> = {
  columns: COLUMNS,
  async check(_db, table, zip) {
    const { rows: mapped, problems } = await mapTable(COLUMNS, table)
    const seen = new Map<string, number>()
    const rows: SerialRow[] = []
    for (const { row, values: v, columns, ok } of mapped) {
      const before = problems.length
      const fail = (key: string, problem: ImportProblem['problem'], vars?: ImportProblem['vars']) =>
        problems.push({ row, column: columns[key]!, problem, ...(vars && { vars }) })
      const code = v.code1 && v.code2 ? `${v.code1 as string}-${v.code2 as string}` : null
      const earlier = code === null ? undefined : seen.get(code)
      if (earlier !== undefined) fail('code2', 'import.error.duplicateSerial', { row: earlier })
      else if (code !== null) seen.set(code, row)
      const file = (v.file as string | undefined) ?? null
      if (file) {
        const problem = await zipEntryProblem(zip, file)
        if (problem) fail('file', problem, { path: file })
      }
      if (!ok || problems.length > before) continue
      rows.push({
        row,
        code1: v.code1 as string,
        code2: v.code2 as string,
        title: v.title as string,
        title_en: v.title_en as string,
        model: (v.model as string | undefined) ?? '',
        file,
      })
    }
    return { rows: problems.length > 0 ? [] : rows, problems }
  },
  async existing(db, rows) {
    return (await existingByCode(db, rows)).size
  },
  async write(ctx, batch) {
    const { tx, now, userId } = ctx
    const found = await existingByCode(tx, batch)
    const fresh = batch.filter((r) => !found.has(pairKey(r)))
    const idOf = new Map<SerialRow, number>()
    if (fresh.length > 0) {
      const inserted = await tx
        .insert(circuitSerials)
        .values(
          fresh.map((r) => ({
            code1: r.code1,
            code2: r.code2,
            title: r.title,
            title_en: r.title_en,
            model: r.model,
            created_at: now,
            updated_at: now,
            updated_by: userId,
          })),
        )
        .returning({ id: circuitSerials.id })
      fresh.forEach((r, i) => idOf.set(r, inserted[i]!.id))
    }
    for (const r of batch.filter((b) => found.has(pairKey(b)))) {
      const id = found.get(pairKey(r))!
      idOf.set(r, id)
      await tx
        .update(circuitSerials)
        .set({ title: r.title, title_en: r.title_en, model: r.model, updated_at: now, updated_by: userId })
        .where(eq(circuitSerials.id, id))
    }
    const withFile = batch.filter((r) => r.file)
    let files = 0
    if (withFile.length > 0 && ctx.zip) {
      const replaced = withFile.map((r) => idOf.get(r)!).filter((id) => !fresh.some((f) => idOf.get(f) === id))
      if (replaced.length > 0)
        await tx
          .delete(attachments)
          .where(and(eq(attachments.owner_type, 'serial'), inArray(attachments.owner_id, replaced)))
      const stored = await storeZipEntries(
        { ...ctx, zip: ctx.zip },
        withFile.map((r) => r.file!),
      )
      await tx.insert(attachments).values(
        withFile.map((r) => {
          const file = stored.get(zipPath(r.file!))!
          return {
            owner_type: 'serial',
            owner_id: idOf.get(r)!,
            file_name: file.key,
            origin_file_name: file.name,
            icon: 'PDF',
            sort_order: 0,
          }
        }),
      )
      files = stored.size
    }
    return { ids: batch.map((r) => idOf.get(r)!), inserted: fresh.length, files }
  },
  search: 'serial',
  topics: ['circuit-serials'],
}
