import PDFDocument from 'pdfkit'
import type { OrderDetail } from '#server/services/restricted/queries.ts'
import type { KoreanFont } from '#server/services/pdf/korean-font.ts'

/** The sheet's words: Korean, like the restricted area it comes from (docs/decisions/013-restricted-area.md). */
const WORDS = {
  title: (system: string) => `${system} 제작사양서`,
  workNo: '작업번호',
  ord: 'ORD 번호',
  printedOn: '출력일',
  page: (n: number, of: number) => `${n} / ${of}`,
  empty: '-',
}

const MARGIN = 42
const LABEL_WIDTH = 150
const GAP = 10

/** `2026-03-09` as the detail page shows a date: `2026.03.09`. */
const dotted = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1.$2.$3')

export type SpecSheetInput = { order: OrderDetail; ordNo: string; printedOn: string; font: KoreanFont }

/**
 * The order's specification as an A4 PDF in Korean: the system, work number, ORD number and print
 * date at the top, then every group and section of the detail page with each field's label and
 * value (a dash when empty). The document is a readable stream; it is written as it is read.
 */
export function specSheetPdf({ order, ordNo, printedOn, font }: SpecSheetInput): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${WORDS.title(order.system)} ${order.work_no}`, Author: '대한액추에이터' },
  })
  // pdfkit's types name only a file or bytes; a fontkit font is taken as well (KoreanFont).
  doc.font(font as unknown as string)
  const width = doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN - 20
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage()
  }

  doc.fontSize(18).text(WORDS.title(order.system), { width })
  doc.moveDown(0.4)
  doc.fontSize(10.5)
  for (const [label, value] of [
    [WORDS.workNo, order.work_no],
    [WORDS.ord, ordNo || WORDS.empty],
    [WORDS.printedOn, printedOn],
  ] as const)
    doc.text(`${label}  ${value}`, { width })
  doc.moveDown(0.6)

  const row = (label: string, value: string) => {
    doc.fontSize(9.5)
    // Room for a two-line field; a longer one may run onto the next page (laying each text out
    // twice to measure it first doubled the sheet's time).
    ensure(2 * doc.currentLineHeight(true) + 4)
    const y = doc.y
    doc.fillColor('#555').text(label, MARGIN, y, { width: LABEL_WIDTH })
    const labelEnd = doc.y
    doc.fillColor('#000').text(value, MARGIN + LABEL_WIDTH + GAP, y, { width: width - LABEL_WIDTH - GAP })
    doc.y = Math.max(labelEnd, doc.y) + 3
    doc
      .moveTo(MARGIN, doc.y - 1.5)
      .lineTo(MARGIN + width, doc.y - 1.5)
      .lineWidth(0.3)
      .strokeColor('#ccc')
      .stroke()
  }

  for (const group of order.groups) {
    ensure(60)
    doc.moveDown(0.5).fontSize(14).fillColor('#000').text(group.label, MARGIN, doc.y, { width })
    for (const section of group.sections) {
      if (section.label !== null) {
        ensure(40)
        doc.moveDown(0.3).fontSize(11.5).text(section.label, MARGIN, doc.y, { width })
      }
      doc.moveDown(0.2)
      for (const field of section.fields) {
        const value = field.key === 'delivery_date' ? dotted(field.value) : field.value
        row(field.label, value || WORDS.empty)
      }
    }
  }

  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    // The footer sits in the bottom margin: without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0
    doc
      .fontSize(8)
      .fillColor('#555')
      .text(`${order.work_no} · ${WORDS.page(i + 1, range.count)}`, MARGIN, doc.page.height - MARGIN, {
        width,
        align: 'right',
        lineBreak: false,
      })
  }
  doc.end()
  return doc
}
