import { ORDER_GROUPS } from '#shared/order-fields.ts'
import { ORD_NUMBER_PATTERN, type OrderSystem } from '#shared/order-rules.ts'
import type { MessageKey, MessageVars } from '#shared/i18n/messages.ts'
import type { TableFile } from '../files/table-file.ts'
import type { ImportProblem } from '../import/columns.ts'
import type { OrderRow } from './order-row.ts'

const VALUE_MAX = 500
const PROJECT_MAX = 200
const WORK_NO = /^[0-9A-Za-z][0-9A-Za-z-]{0,39}$/
const REQUIRED = ['work_no', 'project_name'] as const

/**
 * How a header cell may name a field: its key (`valve_tag`), its Korean label when that is unique
 * in the system (`밸브 태그`), or section and label (`개도 지시계 > 리밋 스위치`).
 */
function headerNames(system: OrderSystem): { byName: Map<string, string[]> } {
  const byName = new Map<string, string[]>()
  const add = (name: string, key: string) => {
    const keys = byName.get(name) ?? []
    if (!keys.includes(key)) byName.set(name, [...keys, key])
  }
  for (const group of ORDER_GROUPS[system]) {
    for (const section of group.sections) {
      for (const field of section.fields) {
        add(field.key.toLowerCase(), field.key)
        add(field.label, field.key)
        add(`${section.label ?? group.label} > ${field.label}`, field.key)
      }
    }
  }
  return { byName }
}

/** A date as written in a sheet (`2025-03-07`, `2025.3.7`, `2025/03/07`) as YYYY-MM-DD, or null. */
function isoDate(text: string): string | null {
  const m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?$/.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** Every problem of the file, or its rows ready to write: nothing is written while any problem remains. */
export function validateOrderTable(
  system: OrderSystem,
  table: TableFile,
): { rows: OrderRow[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = []
  const { byName } = headerNames(system)
  const keys: (string | null)[] = table.header.map((cell) => {
    if (cell === '') return null
    const found = byName.get(cell) ?? byName.get(cell.toLowerCase())
    if (!found) problems.push({ row: 1, column: cell, problem: 'import.error.unknownColumn' })
    else if (found.length > 1)
      problems.push({
        row: 1,
        column: cell,
        problem: 'import.error.ambiguousColumn',
        vars: { choices: found.join("', '") },
      })
    return found?.length === 1 ? found[0]! : null
  })
  keys.forEach((key, i) => {
    if (key && keys.indexOf(key) !== i)
      problems.push({ row: 1, column: table.header[i]!, problem: 'import.error.repeatedColumn' })
  })
  for (const key of REQUIRED)
    if (!keys.includes(key)) problems.push({ row: 1, column: key, problem: 'import.error.missingColumn' })
  if (problems.length > 0) return { rows: [], problems }
  if (table.rows.length === 0) return { rows: [], problems: [{ row: 2, column: '', problem: 'import.error.empty' }] }

  const rows: OrderRow[] = []
  const seen = new Map<string, number>()
  for (const { row, cells } of table.rows) {
    const order: OrderRow = {
      work_no: '',
      ord_no: null,
      serial_no: null,
      project_name: '',
      customer: null,
      model: null,
      delivery_date: null,
      spec: {},
    }
    const problem = (column: number, key: MessageKey, vars?: MessageVars) =>
      problems.push({ row, column: table.header[column]!, problem: key, ...(vars && { vars }) })
    keys.forEach((key, i) => {
      if (!key) return
      const value = cells[i] ?? ''
      const max = key === 'project_name' ? PROJECT_MAX : VALUE_MAX
      if (value.length > max) return problem(i, 'import.error.tooLong', { max })
      if (key === 'work_no') {
        if (value === '') return problem(i, 'import.error.required')
        if (!WORK_NO.test(value)) return problem(i, 'import.error.workNo')
        const earlier = seen.get(value)
        if (earlier !== undefined) return problem(i, 'import.error.duplicate', { row: earlier })
        seen.set(value, row)
        order.work_no = value
      } else if (key === 'project_name') {
        if (value === '') return problem(i, 'import.error.required')
        order.project_name = value
      } else if (key === 'ord_no') {
        if (value !== '' && !ORD_NUMBER_PATTERN.test(value)) return problem(i, 'import.error.ord')
        order.ord_no = value || null
      } else if (key === 'delivery_date') {
        const date = value === '' ? null : isoDate(value)
        if (value !== '' && !date) return problem(i, 'import.error.date')
        order.delivery_date = date
      } else if (key === 'serial_no' || key === 'customer' || key === 'model') {
        order[key] = value || null
      } else if (value !== '') {
        order.spec[key] = value
      }
    })
    rows.push(order)
  }
  return { rows: problems.length > 0 ? [] : rows, problems }
}
