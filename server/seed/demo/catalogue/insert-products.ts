import { sanitizeRichText } from '#server/services/html.ts'
import { slugify, uniqueSlug } from '#shared/product-slugs.ts'
import { productImages, productOptions, products } from '#server/db/schema.ts'
import { makeSvg, type Tx } from '../demo-files.ts'
import { type FileBatch, insertRows, resetSequence } from '../file-batch.ts'
import { PRODUCT_OPTIONS } from './product-options.ts'
import { PRODUCTS, productDescription, productLabel } from './products.ts'

/** Options repeat across products: sanitize each distinct text once. */
const sanitized = new Map<string, string>()
const clean = (html: string) => {
  let out = sanitized.get(html)
  if (out === undefined) sanitized.set(html, (out = sanitizeRichText(html)))
  return out
}

/**
 * The images serve both languages (a product image has no language variant), so they carry no
 * words of either: the model name and the image's number (the page's alternative text says the rest).
 */
const imageNumber = (n: number, count: number) => `${n} / ${count}`

/** The product tree with fixed ids, its images (SVG) and the options of type-2 products. */
export async function insertProducts(tx: Tx, batch: FileBatch): Promise<void> {
  const order = new Map<number | null, number>()
  const slugs = new Map<number | null, Set<string>>()
  const rows = PRODUCTS.map((p) => {
    const sort_order = order.get(p.parent_id) ?? 0
    order.set(p.parent_id, sort_order + 1)
    // Address segments (electric-actuator/tm/basic), unique among siblings.
    const taken = slugs.get(p.parent_id) ?? new Set<string>()
    slugs.set(p.parent_id, taken)
    const slug = uniqueSlug(slugify(p.title_en), taken)
    taken.add(slug)
    const d = p.detail
    const label = productLabel(p)
    const image = d
      ? batch.file(
          `products/${p.id}-thumb.svg`,
          `${label.replace(/\s+/g, '_')}_thumbnail.svg`,
          makeSvg({
            width: 600,
            height: 600,
            label,
            hue: d.hue,
            shape: 'actuator',
          }),
        )
      : null
    return {
      id: p.id,
      parent_id: p.parent_id,
      depth: p.depth,
      type: p.type,
      title: p.title,
      title_en: p.title_en,
      introduce: p.introduce,
      introduce_en: p.introduce_en,
      description: sanitizeRichText(productDescription(p, 'ko')),
      description_en: sanitizeRichText(productDescription(p, 'en')),
      item: d?.item ?? '',
      item_en: d?.item_en ?? '',
      item_introduce: d?.item_introduce ?? '',
      item_introduce_en: d?.item_introduce_en ?? '',
      image,
      slug,
      sort_order,
    }
  })
  await insertRows(tx, products, rows)
  await resetSequence(tx, 'products')

  const images = PRODUCTS.flatMap((p) =>
    Array.from({ length: p.detail?.images ?? 0 }, (_, i) => {
      const n = i + 1
      const label = productLabel(p)
      const path = batch.file(
        `products/${p.id}-${n}.svg`,
        `${label.replace(/\s+/g, '_')}_${n}.svg`,
        makeSvg({
          width: 1200,
          height: 900,
          label,
          sublabel: imageNumber(n, p.detail?.images ?? n),
          hue: (p.detail?.hue ?? 210) + i * 8,
          shape: 'actuator',
        }),
      )
      return { product_id: p.id, path, sort_order: i }
    }),
  )
  await insertRows(tx, productImages, images)

  const options = Object.entries(PRODUCT_OPTIONS).flatMap(([id, list]) =>
    list.map((o, i) => ({
      product_id: Number(id),
      title: o.title,
      title_en: o.title_en,
      content: clean(o.content),
      content_en: clean(o.content_en),
      sort_order: i,
    })),
  )
  await insertRows(tx, productOptions, options)
}
