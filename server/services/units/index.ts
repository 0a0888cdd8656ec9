import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { FileItem } from '../attachments.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import { lookupPartsOfSerial } from '#shared/unit-serial.ts'
import type { Db } from '#server/db/client.ts'
import { attachments, referenceDocuments } from '#server/db/schema.ts'
import { PUBLIC_DOCUMENT_COLUMNS, type ProductsService } from '../products.ts'
import type { RestrictedService, Viewer } from '../restricted/index.ts'
import type { SupportService } from '../support.ts'
import { findUnit, type Unit } from './find-unit.ts'
import { productOfModel } from './model-product.ts'

export type { Unit } from './find-unit.ts'
export type UnitsService = ReturnType<typeof createUnitsService>
type Catalogue = Awaited<ReturnType<ProductsService['publicAddresses']>>

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

    /**
     * `find`, with the public catalogue (which `publicPart` matches the model in) read at the same
     * time: the unit page's first round trip.
     */
    async findWithCatalogue(serial: string): Promise<{ unit: Unit; catalogue: Catalogue } | null> {
      const [unit, catalogue] = await Promise.all([findUnit(db, serial), products.publicAddresses()])
      return unit ? { unit, catalogue } : null
    },

    /**
     * What the public sees of a unit: nothing of its orders but the serial and the model. Its
     * diagrams, its model's documents and their files are read at once (one round trip after the
     * catalogue).
     */
    async publicPart(unit: Unit, catalogue?: Catalogue) {
      const parts = lookupPartsOfSerial(unit.serial)
      const { nodes, addresses } = catalogue ?? (await products.publicAddresses())
      const product = unit.model ? productOfModel(unit.model, nodes) : null
      // The product and the series above it: a series' documents hold for its item types.
      const ids = product ? [product.id, ...(product.depth === 3 && product.parent_id ? [product.parent_id] : [])] : []
      const [diagrams, documents] = await Promise.all([
        parts ? support.serials({ ...parts, page: 1, ...LIST_SIZES.serial }) : null,
        publicDocumentsOf(db, ids),
      ])
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

/**
 * The public documents of these products (newest revision first within each class) with their
 * files: the documents and the files of the products' public documents are two queries sent at
 * once, not one after the other.
 */
async function publicDocumentsOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return []
  const ofProducts = and(eq(referenceDocuments.published, true), inArray(referenceDocuments.product_id, productIds))
  const [rows, files] = await Promise.all([
    db
      .select(PUBLIC_DOCUMENT_COLUMNS)
      .from(referenceDocuments)
      .where(ofProducts)
      .orderBy(asc(referenceDocuments.type), desc(referenceDocuments.revised_at), desc(referenceDocuments.id))
      .limit(DOCUMENTS_MAX),
    db
      .select({
        owner_id: attachments.owner_id,
        file_name: attachments.file_name,
        origin_file_name: attachments.origin_file_name,
        icon: attachments.icon,
      })
      .from(attachments)
      .innerJoin(referenceDocuments, eq(attachments.owner_id, referenceDocuments.id))
      .where(and(eq(attachments.owner_type, 'reference'), ofProducts))
      .orderBy(asc(attachments.owner_id), asc(attachments.sort_order), asc(attachments.id)),
  ])
  const byDocument = new Map<number, FileItem[]>()
  for (const { owner_id, ...file } of files) byDocument.set(owner_id, [...(byDocument.get(owner_id) ?? []), file])
  return rows.map((row) => ({ ...row, file_list: byDocument.get(row.id) ?? [] }))
}
