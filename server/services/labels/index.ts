import type { Db } from '#server/db/client.ts'
import { koreanFont } from '#server/services/pdf/korean-font.ts'
import { LABEL_LIMITS, type LabelRequest } from '#shared/label-rules.ts'
import { findLabelOrders, type LabelOrder } from './label-orders.ts'

/** What a label request chose: the orders with a serial (a label needs one), those without, and whether it was too many. */
export type LabelChoice = { orders: LabelOrder[]; withoutSerial: LabelOrder[]; tooMany: boolean }

/**
 * Nameplate labels (docs/decisions/060-nameplate-labels.md): the identification link of each chosen
 * order's unit, `{SITE_URL}/id/{serial}`, as a QR code or Data Matrix with the serial, model and
 * ORD number, in a PDF for a label sheet or a label printer. The console's editors and
 * administrators use it (the route checks the role).
 */
export function createLabelsService({ db, siteUrl }: { db: Db; siteUrl: string }) {
  const origin = siteUrl.replace(/\/+$/, '')

  async function choose(request: LabelRequest): Promise<LabelChoice> {
    const found = await findLabelOrders(db, request)
    const tooMany = found.length > LABEL_LIMITS.labelsMax
    const kept = found.slice(0, LABEL_LIMITS.labelsMax)
    return {
      orders: kept.filter((o) => o.serial_no),
      withoutSerial: kept.filter((o) => !o.serial_no),
      tooMany,
    }
  }

  return {
    choose,

    /** The address a unit's label carries. */
    identificationLink: (serial: string) => `${origin}/id/${encodeURIComponent(serial)}`,

    /** The labels' PDF, or why there is none: the request chose too many orders, or none with a serial. */
    async pdf(request: LabelRequest) {
      const choice = await choose(request)
      if (choice.tooMany) return { ok: false as const, reason: 'too-many' as const }
      if (choice.orders.length === 0) return { ok: false as const, reason: 'none' as const }
      // bwip-js and pdfkit on first use: the public site never loads them (ADR 031, decision 2).
      const [{ codePng }, { labelsPdf }] = await Promise.all([import('./label-codes.ts'), import('./label-sheet.ts')])
      const [font, codes] = await Promise.all([
        koreanFont(),
        Promise.all(
          choice.orders.map((o) => codePng(request.code, `${origin}/id/${encodeURIComponent(o.serial_no!)}`)),
        ),
      ])
      const labels = choice.orders.map((o, i) => ({
        code: codes[i]!,
        serial: o.serial_no!,
        model: o.model ?? '',
        ord: `ORD ${o.ord_no ?? '-'}`,
      }))
      return { ok: true as const, count: labels.length, stream: labelsPdf(labels, request.layout, font) }
    },
  }
}

export type LabelsService = ReturnType<typeof createLabelsService>
