import type { Readable } from 'node:stream'
import type { Db } from '#server/db/client.ts'
import type { Storage } from '#server/services/files/storage.ts'
import { koreanFont } from '#server/services/pdf/korean-font.ts'
import type { RestrictedService, Viewer } from '#server/services/restricted/index.ts'
import type { OrderDetail } from '#server/services/restricted/queries.ts'
import type { OrderSystem } from '#shared/order-rules.ts'
import { orderPackageFileName } from '#shared/order-package.ts'
import { circuitCodes, circuitDiagramFiles, manualFiles, type UnitFile } from './unit-files.ts'

/** The folders of the package. */
const FOLDERS = { circuit: '결선도', manual: '취급설명서' }

export type OrderPackage = { fileName: string; stream: Readable }

/** Korea's day (UTC+9, no daylight saving), dotted as the detail page prints it: `2026.11.30`. */
function koreaDay(date: Date): string {
  const korea = new Date(date.getTime() + 9 * 60 * 60 * 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${korea.getUTCFullYear()}.${two(korea.getUTCMonth() + 1)}.${two(korea.getUTCDate())}`
}

/** Control and bidirectional characters, never kept in an entry's name. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** A stored name made safe as a ZIP entry: no folders, no controls, never empty. */
function entryName(name: string): string {
  const clean = name
    .replace(UNSAFE, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .trim()
  return clean && clean !== '.' && clean !== '..' ? clean : 'file'
}

/** Names unique within the archive: a second `a.pdf` becomes `a (2).pdf`. */
function uniqueNames() {
  const taken = new Set<string>()
  return (path: string) => {
    let name = path
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = path.replace(/(\.[^./]*)?$/, ` (${n})$1`)
    taken.add(name.toLowerCase())
    return name
  }
}

/**
 * The order package (docs/decisions/059-order-package.md): one ZIP, streamed as it is made, of the
 * order's specification sheet (a PDF made here), its unit's circuit-diagram files and its model's
 * manuals in Korean and English. The restricted service checks the member's access and logs the
 * download. Nothing is held in memory but the pieces on their way: the files stream from storage
 * into the archive one after the other, stored without recompression (PDFs and drawings are
 * compressed already).
 */
export function createOrderPackageService({
  db,
  storage,
  restricted,
  clock,
}: {
  db: Db
  storage: Storage
  restricted: RestrictedService
  clock: () => Date
}) {
  async function filesOf(order: OrderDetail) {
    const value = (key: string) =>
      order.groups.flatMap((g) => g.sections.flatMap((s) => s.fields)).find((f) => f.key === key)?.value ?? ''
    const [circuits, manuals] = await Promise.all([
      circuitDiagramFiles(db, circuitCodes(value('serial_no'), value('circuit_no'))),
      manualFiles(db, value('model')),
    ])
    return { ordNo: value('ord_no'), circuits, manuals }
  }

  return {
    /**
     * The package of one order, or null for an unknown work number. Throws RestrictedAccessError
     * (before anything else is read) when the viewer may not have it.
     */
    async open(viewer: Viewer | { user: null; ip: string }, system: OrderSystem, workNo: string) {
      const order = await restricted.packaged(viewer, system, workNo)
      if (!order) return null
      const now = clock()
      // yazl and pdfkit on first use: the public site never loads them (ADR 031, decision 2).
      const [{ ordNo, circuits, manuals }, font, { default: yazl }, { specSheetPdf }] = await Promise.all([
        filesOf(order),
        koreanFont(),
        import('yazl'),
        import('./spec-sheet.ts'),
      ])
      const unique = uniqueNames()
      const stored: { path: string; file: UnitFile }[] = [
        ...circuits.map((file) => ({ path: `${FOLDERS.circuit}/${entryName(file.origin_file_name)}`, file })),
        ...manuals.map((file) => ({ path: `${FOLDERS.manual}/${entryName(file.origin_file_name)}`, file })),
      ]
      const zip = new yazl.ZipFile()
      const options = { compress: false, mtime: now }
      // A file whose bytes are missing from storage is left out rather than failing the whole package.
      const opened = await Promise.all(stored.map(async (s) => ({ ...s, bytes: await storage.open(s.file.file_name) })))
      for (const { path, bytes } of opened)
        if (bytes) zip.addReadStream(bytes.stream, unique(path), { ...options, size: bytes.size })
      // The sheet last, made when the archive reaches it: the stored files are on their way by then,
      // so the answer starts at once although making the sheet takes the CPU for a few hundred ms.
      zip.addReadStreamLazy(unique(`사양서-${order.work_no}.pdf`), options, (done) =>
        done(null, specSheetPdf({ order, ordNo, printedOn: koreaDay(now), font })),
      )
      zip.end()
      // A download cut short: the files not yet reached are closed too.
      zip.outputStream.once('close', () => {
        for (const { bytes } of opened) bytes?.stream.destroy()
      })
      return {
        fileName: orderPackageFileName(order.work_no),
        stream: zip.outputStream as Readable,
      } satisfies OrderPackage
    },
  }
}

export type OrderPackageService = ReturnType<typeof createOrderPackageService>
