import { eq, inArray } from 'drizzle-orm'
import { agencies } from '#server/db/schema.ts'
import { AGENCY_TYPE } from '#shared/type-codes.ts'
import { integerIn, mapTable, type ColumnSpec, type ImportProblem, type Parsed } from '../columns.ts'
import { inChunks, type ImportKindSpec } from '../kind.ts'

type AgencyRow = Omit<typeof agencies.$inferInsert, 'id'> & { row: number; id: number | null }

const REGIONS = ['domestic', 'asia', 'middle_east', 'americas', 'europe'] as const

/** 1 or 2, or domestic/overseas (국내/해외). */
const agencyType = (text: string): Parsed<number> => {
  const t = text.toLowerCase()
  if (t === '1' || t === 'domestic' || t === '국내') return { value: AGENCY_TYPE.domestic }
  if (t === '2' || t === 'overseas' || t === '해외') return { value: AGENCY_TYPE.overseas }
  return { problem: 'import.error.agencyType' }
}
const region = (text: string): Parsed<string> => {
  const r = text.toLowerCase().replace(/[\s-]/g, '_')
  return (REGIONS as readonly string[]).includes(r)
    ? { value: r }
    : { problem: 'import.error.region', vars: { choices: REGIONS.join(', ') } }
}

const COLUMNS: ColumnSpec[] = [
  { key: 'id', label: 'ID', example: '', parse: integerIn(1, 2_147_483_647) },
  { key: 'type', label: '구분', required: true, example: '1', parse: agencyType },
  { key: 'region', label: '지역', required: true, example: 'domestic', parse: region },
  { key: 'name', label: '대리점명', required: true, max: 200, example: '대한기전' },
  { key: 'name_en', label: '영문 대리점명', required: true, max: 200, example: 'Daehan Electric' },
  { key: 'title', label: '담당 지역', required: true, max: 200, example: '부산·경남' },
  { key: 'title_en', label: '영문 담당 지역', required: true, max: 200, example: 'Busan, Gyeongnam' },
  { key: 'description', label: '연락처', required: true, max: 2000, example: 'Tel 051-000-0000' },
  { key: 'description_en', label: '영문 연락처', required: true, max: 2000, example: 'Tel +82-51-000-0000' },
  { key: 'sort_order', label: '순서', example: '0', parse: integerIn(-1_000_000, 1_000_000) },
]

/** Agencies (the columns of the agencies table): a row with the id of an existing agency updates it. */
export const agencyKind: ImportKindSpec<AgencyRow> = {
  columns: COLUMNS,
  async check(db, table) {
    const { rows: mapped, problems } = await mapTable(COLUMNS, table)
    const known = new Set((await db.select({ id: agencies.id }).from(agencies)).map((a) => a.id))
    const seen = new Map<number, number>()
    const rows: AgencyRow[] = []
    for (const { row, values: v, columns, ok } of mapped) {
      const fail = (problem: ImportProblem['problem'], vars?: ImportProblem['vars']) =>
        problems.push({ row, column: columns.id!, problem, ...(vars && { vars }) })
      const id = (v.id as number | undefined) ?? null
      if (id !== null && !known.has(id)) {
        fail('import.error.agencyId')
        continue
      }
      if (id !== null && seen.has(id)) {
        fail('import.error.duplicateId', { row: seen.get(id)! })
        continue
      }
      if (id !== null) seen.set(id, row)
      if (!ok) continue
      rows.push({
        row,
        id,
        type: v.type as number,
        region: v.region as string,
        name: v.name as string,
        name_en: v.name_en as string,
        title: v.title as string,
        title_en: v.title_en as string,
        description: v.description as string,
        description_en: v.description_en as string,
        sort_order: (v.sort_order as number | undefined) ?? 0,
      })
    }
    return { rows: problems.length > 0 ? [] : rows, problems }
  },
  async existing(_db, rows) {
    return rows.filter((r) => r.id !== null).length
  },
  async write({ tx, now, userId }, batch) {
    const fresh = batch.filter((r) => r.id === null)
    const ids = new Map<AgencyRow, number>()
    const values = ({ row: _row, id: _id, ...rest }: AgencyRow) => ({ ...rest, updated_at: now, updated_by: userId })
    if (fresh.length > 0) {
      const inserted = await tx.insert(agencies).values(fresh.map(values)).returning({ id: agencies.id })
      fresh.forEach((r, i) => ids.set(r, inserted[i]!.id))
    }
    const existing = batch.filter((r) => r.id !== null)
    const versions = new Map(
      (
        await inChunks(existing, 1000, (chunk) =>
          tx
            .select({ id: agencies.id, version: agencies.version })
            .from(agencies)
            .where(
              inArray(
                agencies.id,
                chunk.map((r) => r.id!),
              ),
            ),
        )
      ).map((r) => [r.id, r.version]),
    )
    for (const r of existing) {
      ids.set(r, r.id!)
      await tx
        .update(agencies)
        .set({ ...values(r), version: (versions.get(r.id!) ?? 0) + 1 })
        .where(eq(agencies.id, r.id!))
    }
    return { ids: batch.map((r) => ids.get(r)!), inserted: fresh.length, files: 0 }
  },
  search: 'agency',
  topics: ['agencies'],
}
