import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '#server/db/schema.ts'
import { memoryRuntimePerFile } from '#tests/helpers/memory-runtime.ts'
import { sanitizeRichText } from '#server/services/html.ts'

const runtime = memoryRuntimePerFile('catalogue')
const db = () => runtime().database.db

describe('product tree', () => {
  it('has the fixed ids, parents, depths and types', async () => {
    const rows = await db()
      .select({
        id: s.products.id,
        parent: s.products.parent_id,
        depth: s.products.depth,
        type: s.products.type,
        title: s.products.title_en,
      })
      .from(s.products)
      .orderBy(asc(s.products.id))
    expect(rows.map((r) => [r.id, r.parent, r.depth, r.title])).toEqual([
      [1, null, 1, 'Electric actuator'],
      [2, 1, 2, 'TM'],
      [3, 2, 3, 'BASIC'],
      [4, 2, 3, 'INTEGRAL'],
      [5, 2, 3, 'SMART'],
      [6, 1, 2, 'TX'],
      [7, 1, 2, 'TQ'],
      [8, 7, 3, 'BASIC'],
      [9, 1, 2, 'LTMD-O'],
      [10, 1, 2, 'WT'],
      [11, null, 1, 'Hydrological gate hoist'],
      [12, 11, 2, 'TM'],
      [13, 11, 2, 'TX'],
    ])
    const type = Object.fromEntries(rows.map((r) => [r.id, r.type]))
    expect([type[2], type[7]]).toEqual([1, 1])
    for (const id of [6, 9, 10, 12, 13]) expect(type[id]).toBe(2)
  })

  it('moves the id sequence past the fixed ids', async () => {
    const [seq] = await db()
      .select({ last: sql<string>`last_value` })
      .from(sql`products_id_seq`)
    expect(Number(seq?.last)).toBe(13)
  })

  it('gives every depth-2 and depth-3 product a full bilingual detail with sanitized HTML', async () => {
    const rows = await db()
      .select()
      .from(s.products)
      .where(sql`${s.products.depth} > 1`)
    expect(rows).toHaveLength(11)
    for (const p of rows) {
      for (const field of ['title', 'introduce', 'description', 'item', 'item_introduce'] as const) {
        expect(p[field], `${p.id} ${field}`).not.toBe('')
        expect(p[`${field}_en`], `${p.id} ${field}_en`).not.toBe('')
      }
      expect(p.introduce).toMatch(/[가-힣]/)
      expect(p.introduce_en).not.toMatch(/[가-힣]/)
      expect(sanitizeRichText(p.description)).toBe(p.description)
      expect(sanitizeRichText(p.description_en)).toBe(p.description_en)
      expect(p.description_en).toContain('IP68')
      expect(p.image).toMatch(/^products\/\d+-thumb\.svg$/)
      expect(await runtime().storage.read(p.image!)).not.toBeNull()
    }
  })

  it('has 1–6 images per detail and 6 for TM, stored as SVG', async () => {
    const images = await db()
      .select()
      .from(s.productImages)
      .orderBy(asc(s.productImages.product_id), asc(s.productImages.sort_order))
    const byProduct = new Map<number, string[]>()
    for (const img of images) byProduct.set(img.product_id, [...(byProduct.get(img.product_id) ?? []), img.path])
    expect(byProduct.get(2)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `products/2-${n}.svg`))
    for (const id of [3, 4, 5, 6, 7, 8, 9, 10, 12, 13]) {
      const list = byProduct.get(id) ?? []
      expect(list.length, `product ${id}`).toBeGreaterThanOrEqual(1)
      expect(list.length).toBeLessThanOrEqual(6)
    }
    const svg = (await runtime().storage.read('products/2-1.svg'))!.toString()
    expect(svg).toContain('<svg')
    expect(svg).toContain('width="1200"')
  })

  it('gives every type-2 product 3–6 sanitized options', async () => {
    const type2 = await db().select({ id: s.products.id }).from(s.products).where(eq(s.products.type, 2))
    expect(type2.map((p) => p.id).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 8, 9, 10, 12, 13])
    const options = await db().select().from(s.productOptions)
    for (const { id } of type2) {
      const list = options.filter((o) => o.product_id === id)
      expect(list.length, `product ${id}`).toBeGreaterThanOrEqual(3)
      expect(list.length).toBeLessThanOrEqual(6)
      for (const o of list) {
        expect(o.title_en).not.toBe('')
        expect(sanitizeRichText(o.content)).toBe(o.content)
        expect(o.content_en).toMatch(/^<p>/)
      }
    }
    expect(options.filter((o) => o.product_id === 2 || o.product_id === 7)).toHaveLength(0)
  })
})

describe('reference archive', () => {
  it('has at least 65 documents covering all 12 classifications, at least 4 each', async () => {
    const rows = await db().select().from(s.referenceDocuments)
    expect(rows.length).toBeGreaterThanOrEqual(65)
    for (let type = 1; type <= 12; type++)
      expect(rows.filter((r) => r.type === type).length, `type ${type}`).toBeGreaterThanOrEqual(4)
    expect(rows.filter((r) => r.product_id === 6).length).toBeGreaterThanOrEqual(16)
    expect(rows.filter((r) => r.product_id === 12).length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((r) => r.product_id === 13).length).toBeGreaterThanOrEqual(3)
    const years = new Set(rows.map((r) => r.created_at.getUTCFullYear()))
    for (let y = 2019; y <= 2026; y++) expect(years.has(y), `year ${y}`).toBe(true)
  })

  it('gives each document either an external link or 1–3 attachments', async () => {
    const rows = await db().select().from(s.referenceDocuments)
    const links = await db().select().from(s.attachments).where(eq(s.attachments.owner_type, 'reference'))
    const linked = rows.filter((r) => r.url !== '')
    expect(linked.length).toBeGreaterThanOrEqual(2)
    for (const r of linked) {
      expect(r.url).toMatch(/^https:\/\//)
      expect(r.url_en).toMatch(/^https:\/\//)
    }
    for (const r of rows.filter((x) => x.url === '')) {
      const n = links.filter((l) => l.owner_id === r.id).length
      expect(n, `reference ${r.id}`).toBeGreaterThanOrEqual(1)
      expect(n).toBeLessThanOrEqual(3)
    }
    const catalog = links.find((l) => l.origin_file_name === 'TM_BASIC_카탈로그_국문.pdf')
    expect(catalog).toMatchObject({
      icon: 'KOR',
      file_name: expect.stringMatching(/^documents\/reference\/\d+-ko\.pdf$/),
    })
    expect(links.some((l) => l.origin_file_name === 'TM_BASIC_Catalog_EN.pdf' && l.icon === 'ENG')).toBe(true)
    expect(links.some((l) => l.icon === 'CAD' && l.file_name.endsWith('.dwg'))).toBe(true)
  })
})

describe('service & support', () => {
  it('has 2–3 option groups per type, with at least one disabled option each', async () => {
    const groups = await db().select().from(s.supportOptionGroups)
    const options = await db().select().from(s.supportOptions)
    for (let type = 1; type <= 12; type++) {
      const own = groups.filter((g) => g.type === type)
      expect(own.length, `type ${type}`).toBeGreaterThanOrEqual(2)
      expect(own.length).toBeLessThanOrEqual(4)
      const opts = options.filter((o) => own.some((g) => g.id === o.group_id))
      expect(
        opts.some((o) => o.show_yn === 'N'),
        `type ${type} show_yn N`,
      ).toBe(true)
      for (const o of opts) {
        expect(o.code).not.toBe('')
        expect(o.title).not.toBe('')
        expect(o.title_en).not.toBe('')
      }
    }
  })

  it('orders the circuit-diagram groups model, power, control, option', async () => {
    const groups = await db()
      .select()
      .from(s.supportOptionGroups)
      .where(eq(s.supportOptionGroups.type, 2))
      .orderBy(asc(s.supportOptionGroups.sort_order))
    expect(groups.map((g) => [g.title, g.title_en])).toEqual([
      ['모델명', 'Model name'],
      ['전원', 'Power'],
      ['제어 방식', 'Control'],
      ['옵션', 'Option'],
    ])
  })

  it('has at least 8 documents per type, each tagged with options of its own type and 1–2 attachments', async () => {
    const docs = await db().select().from(s.serviceDocuments)
    const tags = await db()
      .select({
        doc: s.serviceDocumentOptions.document_id,
        option: s.serviceDocumentOptions.option_id,
        type: s.supportOptionGroups.type,
        show: s.supportOptions.show_yn,
      })
      .from(s.serviceDocumentOptions)
      .innerJoin(s.supportOptions, eq(s.supportOptions.id, s.serviceDocumentOptions.option_id))
      .innerJoin(s.supportOptionGroups, eq(s.supportOptionGroups.id, s.supportOptions.group_id))
    const links = await db().select().from(s.attachments).where(eq(s.attachments.owner_type, 'service'))
    for (let type = 1; type <= 12; type++)
      expect(docs.filter((d) => d.type === type).length, `type ${type}`).toBeGreaterThanOrEqual(8)
    for (const d of docs) {
      const own = tags.filter((t) => t.doc === d.id)
      expect(own.length, `document ${d.id}`).toBeGreaterThanOrEqual(1)
      for (const t of own) {
        expect(t.type).toBe(d.type)
        expect(t.show).toBe('Y')
      }
      const n = links.filter((l) => l.owner_id === d.id).length
      expect(n, `document ${d.id}`).toBeGreaterThanOrEqual(1)
      expect(n).toBeLessThanOrEqual(2)
    }
    expect(docs.some((d) => d.title.includes('결선도') && d.title.includes('TM'))).toBe(true)
    expect(docs.some((d) => d.title.includes('카탈로그'))).toBe(true)
    expect(docs.some((d) => d.title.includes('취급설명서'))).toBe(true)
    expect(docs.some((d) => d.title_en.includes('Circuit Diagram'))).toBe(true)
  })

  it('narrows every standard circuit diagram selection (model, power, control) to 1–3 documents', async () => {
    const rows = await db()
      .select({
        doc: s.serviceDocumentOptions.document_id,
        group: s.supportOptionGroups.sort_order,
        code: s.supportOptions.code,
      })
      .from(s.serviceDocumentOptions)
      .innerJoin(s.supportOptions, eq(s.supportOptions.id, s.serviceDocumentOptions.option_id))
      .innerJoin(s.supportOptionGroups, eq(s.supportOptionGroups.id, s.supportOptions.group_id))
      .where(eq(s.supportOptionGroups.type, 2))
    const combos = new Map<number, string[]>()
    for (const r of rows) {
      const list = combos.get(r.doc) ?? ['', '', '', '']
      expect(list[r.group]).toBe('')
      list[r.group] = r.code
      combos.set(r.doc, list)
    }
    const keys = [...combos.values()]
    for (const k of keys) {
      expect(k.every((c) => c !== '')).toBe(true)
      const same = keys.filter((x) => x[0] === k[0] && x[1] === k[1] && x[2] === k[2]).length
      expect(same).toBeGreaterThanOrEqual(1)
      expect(same).toBeLessThanOrEqual(3)
      expect(keys.filter((x) => x.join() === k.join())).toHaveLength(1)
    }
  })
})

describe('circuit serials', () => {
  it('has at least 30 serials with two- and four-digit codes, including 25-0100', async () => {
    const rows = await db().select().from(s.circuitSerials)
    expect(rows.length).toBeGreaterThanOrEqual(30)
    for (const r of rows) {
      expect(r.code1).toMatch(/^\d{2}$/)
      expect(r.code2).toMatch(/^\d{4}$/)
      expect(r.model).not.toBe('')
      expect(r.title).toContain('결선도')
      expect(r.title_en).toContain('Circuit Diagram')
    }
    expect(rows.filter((r) => r.code1 === '25' && r.code2.startsWith('01')).length).toBeGreaterThanOrEqual(5)
    const serial = rows.find((r) => r.code1 === '25' && r.code2 === '0100')
    expect(serial).toBeDefined()
    const links = await db()
      .select()
      .from(s.attachments)
      .where(sql`${s.attachments.owner_type} = 'serial' and ${s.attachments.owner_id} = ${serial!.id}`)
    expect(links.map((l) => l.file_name)).toContain('documents/serial/25-0100.pdf')
    const pdf = await runtime().storage.read('documents/serial/25-0100.pdf')
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-')
  })
})

describe('files', () => {
  it('stores every attached file and records it in files with its size', async () => {
    const rows = await db()
      .select({
        key: s.attachments.file_name,
        owner: s.attachments.owner_type,
        size: s.files.size,
        type: s.files.content_type,
      })
      .from(s.attachments)
      .innerJoin(s.files, eq(s.files.file_name, s.attachments.file_name))
      .where(sql`${s.attachments.owner_type} in ('reference', 'service', 'serial')`)
    expect(rows.length).toBeGreaterThan(200)
    for (const r of rows) {
      const data = await runtime().storage.read(r.key)
      expect(data, r.key).not.toBeNull()
      expect(data!.length).toBe(r.size)
      if (r.key.endsWith('.pdf')) {
        expect(r.type).toBe('application/pdf')
        expect(data!.subarray(0, 5).toString()).toBe('%PDF-')
      }
    }
  })
})
