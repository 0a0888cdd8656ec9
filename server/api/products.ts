import type { FastifyInstance } from 'fastify'
import {
  productDetailQuery,
  productDetailSchema,
  productSupportListQuery,
  productSupportListSchema,
  productTreeSchema,
} from '#shared/api-schemas/products.ts'
import { notFound } from './errors.ts'
import type { ApiCall } from './openapi.ts'
import { ok, parseQuery } from './query.ts'

export const productCalls = {
  tree: {
    path: '/product/list',
    kept: 'always',
    tag: 'products',
    summary: 'Product tree: families → series → item types, ordered by sort_order, id',
    response: productTreeSchema,
  },
  detail: {
    path: '/product/detail',
    kept: 'always',
    tag: 'products',
    summary: 'One product with images (≤6), related items (type 1) and options',
    query: productDetailQuery,
    response: productDetailSchema,
    notFound: true,
  },
  supportList: {
    path: '/product/support/list',
    kept: 'always',
    tag: 'products',
    summary: 'Reference archive, newest first, filtered by classification and product',
    query: productSupportListQuery,
    response: productSupportListSchema,
  },
} satisfies Record<string, ApiCall>

export async function productRoutes(app: FastifyInstance) {
  const { products } = app.services
  app.get(productCalls.tree.path, async () => ok(await products.tree()))

  app.get(productCalls.detail.path, async (request) => {
    const { info_id } = parseQuery(productDetailQuery, request.query)
    const product = await products.detail(info_id)
    if (!product) throw notFound()
    // The contract of the specification: related items without the page's slugs.
    return ok({ ...product, relate_list: product.relate_list.map(({ slug: _slug, ...item }) => item) })
  })

  app.get(productCalls.supportList.path, async (request) =>
    ok(await products.referenceDocuments(parseQuery(productSupportListQuery, request.query))),
  )
}
