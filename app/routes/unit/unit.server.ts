import { data, type AppLoadContext } from 'react-router'
import type { DocumentRow } from '#app/components/ui/document-table.tsx'
import { getUser } from '#app/utils/session.server.ts'
import { hasRestrictedAccess } from '#server/services/restricted/index.ts'
import type { Unit, UnitsService } from '#server/services/units/index.ts'
import { downloadUrl } from '#shared/files.ts'
import { localized, type Lang } from '#shared/locales.ts'
import { CIRCUIT_DIAGRAM_TYPE, SERVICE_PAGES } from '#shared/service-pages.ts'
import { isUnitSerial, lookupPartsOfSerial, UNIT_SERIAL_MAX, unitHref } from '#shared/unit-serial.ts'
import { orderPackagePath } from '#shared/order-package.ts'
import { detailHref, dottedDate } from '../morgan/morgan-query.ts'
import { serialHref } from '../service/service-query.ts'

/** The public circuit-diagram page, where the serial lookup is. */
export const CIRCUIT_PAGE = SERVICE_PAGES.find((p) => p.type === CIRCUIT_DIAGRAM_TYPE)!.path

type Found = NonNullable<Awaited<ReturnType<UnitsService['findWithCatalogue']>>>

type FileOf = { file_list: { file_name: string; origin_file_name: string; icon: string }[] }
const filesOf = (row: FileOf) =>
  row.file_list.map((f) => ({ href: downloadUrl(f), label: f.origin_file_name, kind: f.icon }))

/** A serial nobody carries, or one that cannot be a serial: the lookup form, filled when the serial allows. */
function unknownUnit(asked: string, kind: 'unknown' | 'invalid') {
  const parts = kind === 'unknown' ? lookupPartsOfSerial(asked) : null
  return data(
    {
      kind,
      asked: asked.slice(0, UNIT_SERIAL_MAX),
      code: parts ? `${parts.code1}-${parts.code2}` : null,
      lookupPath: CIRCUIT_PAGE,
    } as const,
    { status: kind === 'unknown' ? 404 : 400 },
  )
}

/** The restricted part: the order's specification, its numbers and where to read more (members with access). */
async function restrictedView(context: AppLoadContext, user: Parameters<typeof hasRestrictedAccess>[0], unit: Unit) {
  if (!hasRestrictedAccess(user)) return null
  const part = await context.services.units.restrictedPart({ user, ip: context.clientIp }, unit)
  if (!part) return null
  return {
    system: part.order.system,
    workNo: part.order.work_no,
    ordNo: part.order.ord_no,
    delivery: part.order.delivery_date ? dottedDate(part.order.delivery_date) : null,
    detailHref: detailHref(part.order.system, part.order.work_no),
    packageHref: orderPackagePath(part.order.system, part.order.work_no),
    groups: part.groups,
    others: part.others.map((o) => ({
      key: `${o.system}-${o.work_no}`,
      workNo: o.work_no,
      ordNo: o.ord_no,
      href: detailHref(o.system, o.work_no),
    })),
  }
}

/** What anyone sees of a unit, in the page language. */
async function publicView(context: AppLoadContext, { unit, catalogue }: Found, lang: Lang) {
  const [part, settings] = await Promise.all([context.services.units.publicPart(unit, catalogue), context.settings()])
  const classes = new Map<number, (DocumentRow & { docNumber: string; revision: string })[]>()
  for (const doc of part.documents)
    classes.set(doc.type, [
      ...(classes.get(doc.type) ?? []),
      {
        id: doc.id,
        title: localized(doc, 'title', lang),
        url: localized(doc, 'url', lang),
        docNumber: doc.doc_number,
        revision: doc.revision,
        files: filesOf(doc),
      },
    ])
  return {
    product: part.product ? { title: localized(part.product, 'title', lang), href: part.product.href } : null,
    circuit: {
      code: part.code,
      lookupHref: serialHref(CIRCUIT_PAGE, new URLSearchParams(), part.code),
      total: part.diagrams?.total ?? 0,
      rows: (part.diagrams?.list ?? []).map((d) => ({
        id: d.id,
        title: localized(d, 'title', lang),
        files: filesOf(d),
      })),
    },
    documents: [...classes].map(([type, rows]) => ({ type, rows })),
    asPhone: settings.as_phone,
  }
}

/**
 * /id/{serial}: the unit of a serial, for anyone (never an order's customer, project or
 * quantities), and for a member with access its order too. The member is read with the session on
 * every request, so a revoked access ends at the next one.
 */
export async function loadUnitPage(request: Request, context: AppLoadContext, asked: string) {
  if (!isUnitSerial(asked)) return unknownUnit(asked, 'invalid')
  const [found, user] = await Promise.all([context.services.units.findWithCatalogue(asked), getUser(request, context)])
  if (!found) return unknownUnit(asked, 'unknown')
  const { unit } = found
  const [view, restricted] = await Promise.all([
    publicView(context, found, context.lang),
    restrictedView(context, user, unit),
  ])
  return data({
    kind: 'unit',
    serial: unit.serial,
    model: unit.model,
    signedIn: user !== null,
    signInHref: `/login?${new URLSearchParams({ next: unitHref(unit.serial) })}`,
    ...view,
    restricted,
  } as const)
}
