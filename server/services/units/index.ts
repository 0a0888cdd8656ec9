import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { LIST_SIZES } from '#shared/list-rules.ts'
import { lookupPartsOfSerial } from '#shared/unit-serial.ts'
import type { Db } from '#server/db/client.ts'
import { referenceDocuments } from '#server/db/schema.ts'
import { withAttachments } from '../attachments.ts'
import { PUBLIC_DOCUMENT_COLUMNS, type ProductsService } from '../products.ts'
import type { RestrictedService, Viewer } from '../restricted/index.ts'
import type { SupportService } from '../support.ts'
import { findUnit, type Unit } from './find-unit.ts'
import { productOfModel } from './model-product.ts'

export type { Unit } from './find-unit.ts'
export type UnitsService = ReturnType<typeof createUnitsService>

/** A model's documents are a few dozen; this many at most are listed. */
const DOCUMENTS_MAX = 100

/**
 * The unit pages /id/{serial} (docs/decisions/058-unit-pages.md): the unit of a serial, what anyone
 * may see of it (its model's product and public documents, its circuit diagrams as the public
 * serial lookup finds them) and, for a member with restricted-area access, its order's
 * specification through the restricted area's own call (which checks the access and writes the
 * access log).
 */
export function createUnitsService({
  db,
  products,
  support,
  restricted,
}: {
  db: Db
  products: ProductsService
  support: SupportService
  restricted: RestrictedService
}) {
  return {
    /** The unit of a serial (any case, with or without its hyphen), or null when no order carries it. */
    find: (serial: string) => findUnit(db, serial),

    /** What the public sees of a unit: nothing of its orders but the serial and the model. */
    async publicPart(unit: Unit) {
      const parts = lookupPartsOfSerial(unit.serial)
      const [{ nodes, addresses }, diagrams] = await Promise.all([
        products.publicAddresses(),
        parts ? support.serials({ ...parts, page: 1, ...LIST_SIZES.serial }) : null,
      ])
      const product = unit.model ? productOfModel(unit.model, nodes) : null
      // The product and the series above it: a series' documents hold for its item types.
      const ids = product ? [product.id, ...(product.depth === 3 && product.parent_id ? [product.parent_id] : [])] : []
      const documents = ids.length
        ? await withAttachments(
            db,
            'reference',
            await db
              .select(PUBLIC_DOCUMENT_COLUMNS)
              .from(referenceDocuments)
              .where(and(eq(referenceDocuments.published, true), inArray(referenceDocuments.product_id, ids)))
              .orderBy(asc(referenceDocuments.type), desc(referenceDocuments.revised_at), desc(referenceDocuments.id))
              .limit(DOCUMENTS_MAX),
            'file_list',
          )
        : []
      return {
        product: product
          ? {
              id: product.id,
              title: product.title,
              title_en: product.title_en,
              href: addresses.get(product.id) ?? null,
            }
          : null,
        /** The lookup's code (`25-0142`), or null when the serial is not of the nameplate form. */
        code: parts ? `${parts.code1}-${parts.code2}` : null,
        diagrams: diagrams ? { total: diagrams.pagination.totalRecordCountAll, list: diagrams.list } : null,
        documents,
      }
    },

    /**
     * The newest order's specification for a member with access, through `restricted.detail`
     * (the access check and the access-log entry of a restricted-area detail view), and the other
     * orders carrying the serial, if any. Null when the order has gone since `find`.
     */
    async restrictedPart(viewer: Viewer, unit: Unit) {
      const [order, ...others] = unit.orders
      if (!order) return null
      const detail = await restricted.detail(viewer, order.system, order.work_no)
      return detail ? { order, groups: detail.groups, others } : null
    },
  }
}
