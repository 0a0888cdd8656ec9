import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { ORD_NUMBER_PATTERN, ORDER_NAME_MAX } from './order-rules.ts'

/**
 * The console's nameplate labels (docs/decisions/060-nameplate-labels.md): how orders are chosen,
 * the two layouts and the two codes, and the limits, written once for the form and the server.
 */

/** What the orders are chosen by. */
export const LABEL_SELECTIONS = ['ord', 'project', 'delivery', 'serials'] as const
export type LabelSelection = (typeof LABEL_SELECTIONS)[number]

/**
 * The layouts: an A4 sheet of 3 × 8 labels of 70 × 37 mm (the common 24-up sheet, edge to edge),
 * or one 60 × 40 mm label a page for a label printer.
 */
export const LABEL_LAYOUTS = ['sheet', 'single'] as const
export type LabelLayout = (typeof LABEL_LAYOUTS)[number]

/** The symbol carrying the identification link: QR (error correction Q) or Data Matrix (ECC 200). */
export const LABEL_CODES = ['qr', 'datamatrix'] as const
export type LabelCode = (typeof LABEL_CODES)[number]

export const LABEL_LIMITS = {
  /** Labels in one PDF: ten A4 sheets. A larger choice is refused, to be narrowed. */
  labelsMax: 240,
  /** Serials pasted into the list. */
  serialsMax: 240,
  /** The list's characters (240 serials with separators, generously). */
  serialsTextMax: 6000,
  /** Longest delivery-date range. */
  rangeDaysMax: 366,
  /** The orders listed on the screen before the PDF is made. */
  previewMax: 50,
} as const

/** A nameplate serial as typed: two letters, six digits, a suffix; case and the hyphen free (`tm2501423`). */
const SERIAL = /^[A-Z]{2}-?\d{6}-?[A-Z0-9]{1,3}$/

/** The form of a serial that comparisons use: upper case, without hyphens or spaces. */
export const serialKey = (serial: string) => serial.toUpperCase().replace(/[\s-]/g, '')

/** The serials of the pasted list: split on spaces, commas, semicolons and line breaks, upper case, each once. */
export function splitSerials(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ]
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .optional()
    .transform((v) => (v ?? '').normalize('NFC').trim())

/**
 * The label form (a GET form: the choice is an address that can be opened again). Only the field of
 * the chosen selection is read and checked; the layout and the code default to the sheet and QR.
 */
export const labelRequestSchema = z
  .object({
    by: z.enum(LABEL_SELECTIONS).catch('ord'),
    ord: text(20),
    project: text(ORDER_NAME_MAX),
    from: text(10),
    to: text(10),
    serials: z
      .string()
      .max(LABEL_LIMITS.serialsTextMax, messageKey('console.labels.error.serialsLong'))
      .optional()
      .transform((v) => v ?? ''),
    layout: z.enum(LABEL_LAYOUTS).catch('sheet'),
    code: z.enum(LABEL_CODES).catch('qr'),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (v.by === 'ord' && !ORD_NUMBER_PATTERN.test(v.ord)) fail('ord', messageKey('console.labels.error.ord'))
    if (v.by === 'project' && (v.project.length < 2 || v.project.length > ORDER_NAME_MAX))
      fail('project', messageKey('console.labels.error.project'))
    if (v.by === 'delivery') {
      if (!isDay(v.from) || !isDay(v.to)) fail('from', messageKey('console.labels.error.dates'))
      else {
        const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000
        if (days < 0 || days > LABEL_LIMITS.rangeDaysMax) fail('from', messageKey('console.labels.error.range'))
      }
    }
    if (v.by === 'serials') {
      const serials = splitSerials(v.serials)
      if (serials.length === 0) fail('serials', messageKey('console.labels.error.serialsEmpty'))
      else if (serials.length > LABEL_LIMITS.serialsMax) fail('serials', messageKey('console.labels.error.serialsMany'))
      else if (serials.some((s) => !SERIAL.test(s))) fail('serials', messageKey('console.labels.error.serial'))
    }
  })

export type LabelRequest = z.output<typeof labelRequestSchema>

/** The query of a request, for the form's own links (the PDF's address): only what the selection reads. */
export function labelQuery(request: LabelRequest): URLSearchParams {
  const params = new URLSearchParams({ by: request.by })
  if (request.by === 'ord') params.set('ord', request.ord)
  if (request.by === 'project') params.set('project', request.project)
  if (request.by === 'delivery') {
    params.set('from', request.from)
    params.set('to', request.to)
  }
  if (request.by === 'serials') params.set('serials', splitSerials(request.serials).join(' '))
  params.set('layout', request.layout)
  params.set('code', request.code)
  return params
}
