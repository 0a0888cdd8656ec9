import PDFDocument from 'pdfkit'
import type { KoreanFont } from '#server/services/pdf/korean-font.ts'
import type { LabelLayout } from '#shared/label-rules.ts'

const MM = 72 / 25.4

/** The page and label sizes of a layout, in points. */
type Geometry = { page: [number, number]; label: [number, number]; columns: number; rows: number; top: number }

const A4: [number, number] = [210 * MM, 297 * MM]
export const GEOMETRY: Record<LabelLayout, Geometry> = {
  // 3 × 8 labels of 70 × 37 mm, edge to edge across the width, 0.5 mm left at top and bottom.
  sheet: { page: A4, label: [70 * MM, 37 * MM], columns: 3, rows: 8, top: 0.5 * MM },
  // One 60 × 40 mm label a page (a label printer's roll).
  single: { page: [60 * MM, 40 * MM], label: [60 * MM, 40 * MM], columns: 1, rows: 1, top: 0 },
}

/** What one label shows: its symbol (PNG) and three lines. */
export type Label = { code: Buffer; serial: string; model: string; ord: string }

/**
 * The labels laid out in a PDF: the symbol on the left, the serial, model and ORD number beside it,
 * in Noto Sans CJK KR (a model name may be Korean). No cut lines: the sheet is pre-cut. Written as
 * it is read.
 */
export function labelsPdf(labels: Label[], layout: LabelLayout, font: KoreanFont): PDFKit.PDFDocument {
  const g = GEOMETRY[layout]
  const doc = new PDFDocument({ size: g.page, margin: 0, autoFirstPage: false, info: { Title: 'Nameplate labels' } })
  // pdfkit's types name only a file or bytes; a fontkit font is taken as well (KoreanFont).
  doc.font(font as unknown as string)
  const [w, h] = g.label
  const pad = 3 * MM
  const size = Math.min(h - 2 * pad, w * 0.45)
  const perPage = g.columns * g.rows
  labels.forEach((label, i) => {
    if (i % perPage === 0) doc.addPage({ size: g.page, margin: 0 })
    const slot = i % perPage
    const x = (slot % g.columns) * w
    const y = g.top + Math.floor(slot / g.columns) * h
    doc.image(label.code, x + pad, y + (h - size) / 2, { width: size, height: size })
    const textX = x + pad + size + 2.5 * MM
    const width = x + w - pad - textX
    const line = (text: string, fontSize: number, at: number) =>
      doc.fontSize(fontSize).text(text, textX, at, { width, height: fontSize * 1.3, lineBreak: false, ellipsis: true })
    const top = y + (h - 40) / 2
    line(label.serial, 10.5, top)
    line(label.model, 8, top + 15)
    line(label.ord, 8, top + 27)
  })
  doc.end()
  return doc
}
