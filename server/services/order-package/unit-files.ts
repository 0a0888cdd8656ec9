import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  attachments,
  circuitSerials,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptions,
} from '#server/db/schema.ts'
import { ORD_NUMBER_PATTERN } from '#shared/order-rules.ts'

/** A stored file that goes into a package: its key and the name it was offered under. */
export type UnitFile = { file_name: string; origin_file_name: string }

/**
 * The service page whose documents are the models' manuals: as › guidelines (type 9, "Maintenance
 * Guidelines"), where each model's instruction manual and inspection guidelines are filed under
 * the model's option (shared/service-pages.ts).
 */
export const MANUAL_TYPE = 9
/** The file kinds of a manual that go into the package: Korean and English. */
const MANUAL_LANGUAGES = ['KOR', 'ENG']
/** At most this many manual documents (the newest first). */
const MANUAL_DOCUMENTS_MAX = 8

/**
 * The circuit-diagram codes of a unit: the six digits of its nameplate serial (`TM250142-3` →
 * `25`, `0142`, as the public serial lookup reads a serial, shared/serial.ts) and the order's own
 * circuit-diagram number (`결선도 번호`, `25-0100`), when it has one.
 */
export function circuitCodes(serialNo: string, circuitNo: string): { code1: string; code2: string }[] {
  const codes: { code1: string; code2: string }[] = []
  const digits = /^[A-Za-z]{2}-?(\d{2})(\d{4})/.exec(serialNo.trim())
  if (digits) codes.push({ code1: digits[1]!, code2: digits[2]! })
  const own = circuitNo.trim()
  if (ORD_NUMBER_PATTERN.test(own)) {
    const [code1, code2] = own.split('-') as [string, string]
    if (!codes.some((c) => c.code1 === code1 && c.code2 === code2)) codes.push({ code1, code2 })
  }
  return codes
}

/**
 * The option codes a model name may be filed under, most specific first: `TM-BASIC 10` →
 * `TM-BASIC`, `TM`; `LTMD-O 30` → `LTMD-O`, `LTMD`; `TM 200 (수문)` → `TM`.
 */
export function modelCodes(model: string): string[] {
  const word = model.trim().split(/\s+/)[0]?.toUpperCase() ?? ''
  if (!word) return []
  const series = word.split('-')[0]!
  return series && series !== word ? [word, series] : [word]
}

/** The files of the unit's published circuit diagrams, in the lookup's order. */
export async function circuitDiagramFiles(db: Db, codes: { code1: string; code2: string }[]): Promise<UnitFile[]> {
  if (codes.length === 0) return []
  const matches = sql.join(
    codes.map((c) => sql`(${circuitSerials.code1} = ${c.code1} and ${circuitSerials.code2} = ${c.code2})`),
    sql` or `,
  )
  return db
    .select({ file_name: attachments.file_name, origin_file_name: attachments.origin_file_name })
    .from(circuitSerials)
    .innerJoin(attachments, and(eq(attachments.owner_type, 'serial'), eq(attachments.owner_id, circuitSerials.id)))
    .where(and(eq(circuitSerials.published, true), sql`(${matches})`))
    .orderBy(asc(circuitSerials.code1), asc(circuitSerials.code2), asc(attachments.sort_order), asc(attachments.id))
}

/** The Korean and English files of the model's published manuals, the newest documents first. */
export async function manualFiles(db: Db, model: string): Promise<UnitFile[]> {
  const codes = modelCodes(model)
  if (codes.length === 0) return []
  const documents = await db
    .selectDistinct({ id: serviceDocuments.id, revised_at: serviceDocuments.revised_at })
    .from(serviceDocuments)
    .innerJoin(serviceDocumentOptions, eq(serviceDocumentOptions.document_id, serviceDocuments.id))
    .innerJoin(supportOptions, eq(supportOptions.id, serviceDocumentOptions.option_id))
    .where(
      and(
        eq(serviceDocuments.type, MANUAL_TYPE),
        eq(serviceDocuments.published, true),
        inArray(supportOptions.code, codes),
      ),
    )
    .orderBy(desc(serviceDocuments.revised_at), desc(serviceDocuments.id))
    .limit(MANUAL_DOCUMENTS_MAX)
  if (documents.length === 0) return []
  const files = await db
    .select({
      owner_id: attachments.owner_id,
      file_name: attachments.file_name,
      origin_file_name: attachments.origin_file_name,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.owner_type, 'service'),
        inArray(
          attachments.owner_id,
          documents.map((d) => d.id),
        ),
        inArray(attachments.icon, MANUAL_LANGUAGES),
      ),
    )
    .orderBy(asc(attachments.sort_order), asc(attachments.id))
  const order = new Map(documents.map((d, i) => [d.id, i]))
  return files
    .sort((a, b) => order.get(a.owner_id)! - order.get(b.owner_id)!)
    .map(({ file_name, origin_file_name }) => ({ file_name, origin_file_name }))
}
