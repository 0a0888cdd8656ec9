import type { MessageKey, MessageVars } from '#shared/i18n/messages.ts'
import type { TableFile } from '../files/table-file.ts'
import { CHECK_TURN, nextTurn } from './kind.ts'

/** One problem of an import file: the spreadsheet row (1 = header, 0 = the whole file), the column as written, what is wrong. */
export type ImportProblem = { row: number; column: string; problem: MessageKey; vars?: MessageVars }

/** What a cell turns into, or the problem it has. */
export type Parsed<T> = { value: T } | { problem: MessageKey; vars?: MessageVars }

/** One column an import kind reads: its key, its Korean header, and how a cell is checked. */
export type ColumnSpec = {
  key: string
  /** The Korean header the template writes (the key works as a header too). */
  label: string
  required?: boolean
  /** Longest text (default 500). */
  max?: number
  /** An example value for the template. */
  example: string
  /** Turns a non-empty cell into its value (default: the text itself). */
  parse?: (text: string) => Parsed<unknown>
}

/** A checked row: the values of its good cells, the header of each column, whether every cell was good. */
export type MappedRow = { row: number; values: Record<string, unknown>; columns: Record<string, string>; ok: boolean }

/**
 * Maps the header to the kind's columns (by key, case-insensitively, or Korean label) and checks
 * every cell: unknown, repeated and missing columns, then per row required values, lengths and
 * each column's parser. Rows with problems come with `ok: false` and their good cells, so checks
 * across rows (a repeated number) still see them.
 */
export async function mapTable(
  columns: readonly ColumnSpec[],
  table: TableFile,
): Promise<{ rows: MappedRow[]; problems: ImportProblem[] }> {
  const problems: ImportProblem[] = []
  const byName = new Map<string, ColumnSpec>()
  for (const c of columns) {
    byName.set(c.key.toLowerCase(), c)
    byName.set(c.label, c)
  }
  const specs = table.header.map((cell) => {
    if (cell === '') return null
    const spec = byName.get(cell) ?? byName.get(cell.toLowerCase())
    if (!spec) problems.push({ row: 1, column: cell, problem: 'import.error.unknownColumn' })
    return spec ?? null
  })
  specs.forEach((spec, i) => {
    if (spec && specs.indexOf(spec) !== i)
      problems.push({ row: 1, column: table.header[i]!, problem: 'import.error.repeatedColumn' })
  })
  for (const c of columns)
    if (c.required && !specs.includes(c))
      problems.push({ row: 1, column: c.key, problem: 'import.error.missingColumn' })
  if (problems.length > 0) return { rows: [], problems }
  if (table.rows.length === 0) return { rows: [], problems: [{ row: 2, column: '', problem: 'import.error.empty' }] }

  const rows: MappedRow[] = []
  for (const [i, { row, cells }] of table.rows.entries()) {
    // A turn of the event loop every CHECK_TURN rows: a large file is checked without holding the server.
    if (i > 0 && i % CHECK_TURN === 0) await nextTurn()
    const values: Record<string, unknown> = {}
    const names: Record<string, string> = {}
    let bad = false
    specs.forEach((spec, i) => {
      if (!spec) return
      const column = table.header[i]!
      names[spec.key] = column
      const text = cells[i] ?? ''
      const fail = (problem: MessageKey, vars?: MessageVars) => {
        bad = true
        problems.push({ row, column, problem, ...(vars && { vars }) })
      }
      if (text === '') {
        if (spec.required) fail('import.error.required')
        return
      }
      const max = spec.max ?? 500
      if (text.length > max) return fail('import.error.tooLong', { max })
      if (!spec.parse) {
        values[spec.key] = text
        return
      }
      const parsed = spec.parse(text)
      if ('problem' in parsed) return fail(parsed.problem, parsed.vars)
      values[spec.key] = parsed.value
    })
    for (const c of columns) names[c.key] ??= c.key
    rows.push({ row, values, columns: names, ok: !bad })
  }
  return { rows, problems }
}

/** A whole number within bounds. */
export const integerIn =
  (min: number, max: number) =>
  (text: string): Parsed<number> => {
    const n = Number(text)
    return /^-?\d+$/.test(text) && n >= min && n <= max
      ? { value: n }
      : { problem: 'import.error.integer', vars: { min, max } }
  }

/** An address a visitor may follow: http or https only. */
export const webAddress = (text: string): Parsed<string> => {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? { value: text } : { problem: 'import.error.url' }
  } catch {
    return { problem: 'import.error.url' }
  }
}

/** A list written in one cell, `a; b` or `a | b` (file paths may hold commas); `commas` also splits on `,`. */
export const listOf =
  (commas = false) =>
  (text: string): Parsed<string[]> => ({
    value: text
      .split(commas ? /[;,|\n]/ : /[;|\n]/)
      .map((s) => s.trim())
      .filter(Boolean),
  })
