import ExcelJS from 'exceljs'

/**
 * A large .xlsx of reference documents (document number, type, Korean and English titles), with
 * shared strings as Excel writes them; ExcelJS's streaming writer puts the worksheet before
 * workbook.xml. Used by the XLSX memory test and `scripts/bench-xlsx.ts`.
 */
export async function writeLargeWorkbook(file: string, rows: number): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true })
  const sheet = book.addWorksheet('reference')
  sheet.addRow(['doc_number', 'type', 'title', 'title_en']).commit()
  for (let i = 0; i < rows; i++)
    sheet
      .addRow([
        `BX-${i}`,
        (i % 12) + 1,
        `전동 액추에이터 유지보수 설명서 ${i}호`,
        `Electric actuator maintenance manual no. ${i}`,
      ])
      .commit()
  await book.commit()
}
