import type { ImportKind } from '#shared/import-kinds.ts'
import type { ColumnSpec } from './columns.ts'

/** A CSV field, quoted when it needs to be. */
export const csvField = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)

/**
 * The template of a kind: the header row (column keys; the Korean labels work too) and one example
 * row. CSV starts with a UTF-8 byte-order mark, so Excel opens the Korean text correctly.
 */
export async function importTemplate(
  kind: ImportKind,
  columns: readonly ColumnSpec[],
  format: 'csv' | 'xlsx',
): Promise<{ body: Buffer; fileName: string; contentType: string }> {
  const header = columns.map((c) => c.key)
  const example = columns.map((c) => c.example)
  if (format === 'csv') {
    const text = `\uFEFF${header.map(csvField).join(',')}\r\n${example.map(csvField).join(',')}\r\n`
    return { body: Buffer.from(text, 'utf8'), fileName: `import-${kind}.csv`, contentType: 'text/csv; charset=utf-8' }
  }
  const { default: Excel } = await import('exceljs') // on first use, as in table-file.ts
  const book = new Excel.Workbook()
  const sheet = book.addWorksheet(kind)
  sheet.addRow(header).font = { bold: true }
  // Every cell as text, so Excel keeps leading zeros (code2 0100) and dates as written.
  sheet.addRow(example)
  header.forEach((_, i) => {
    sheet.getColumn(i + 1).numFmt = '@'
    sheet.getColumn(i + 1).width = 18
  })
  const body = Buffer.from(await book.xlsx.writeBuffer())
  return {
    body,
    fileName: `import-${kind}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }
}
