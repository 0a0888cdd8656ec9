import type { FastifyInstance } from 'fastify'
import {
  agencyListSchema,
  agencyQuery,
  bannerListSchema,
  historyListSchema,
  patentListSchema,
  patentQuery,
  popupListSchema,
  productBannerDetailQuery,
  productBannerListSchema,
  productBannerSchema,
  termsQuery,
  termsSchema,
  videoListSchema,
} from '#shared/api-schemas/content.ts'
import { notFound } from './errors.ts'
import type { ApiCall } from './openapi.ts'
import { ok, parseQuery } from './query.ts'

export const contentCalls = {
  patents: {
    path: '/patent',
    kept: 'always',
    tag: 'content',
    summary: 'Patents (type 1) or certificates (type 2)',
    query: patentQuery,
    response: patentListSchema,
  },
  history: {
    path: '/history',
    kept: 'always',
    tag: 'content',
    summary: 'Company history entries',
    response: historyListSchema,
  },
  banners: {
    path: '/banner',
    kept: 'always',
    tag: 'content',
    summary: 'Home banner slider',
    response: bannerListSchema,
  },
  agencies: {
    path: '/agency',
    kept: 'always',
    tag: 'content',
    summary: 'Domestic (type 1) or overseas (type 2) agencies',
    query: agencyQuery,
    response: agencyListSchema,
  },
  terms: {
    path: '/terms',
    kept: 'always',
    tag: 'content',
    summary:
      'Service terms (type 1) or privacy policy (type 2): the version in force (updated_at: when it took effect)',
    query: termsQuery,
    response: termsSchema,
    notFound: true,
  },
  productBanners: {
    path: '/product/banner/list',
    kept: 'always',
    tag: 'content',
    summary: 'Home "Introduction of item" slider',
    response: productBannerListSchema,
  },
  productBanner: {
    path: '/product/banner/detail=:id',
    kept: 'always',
    docPath: '/product/banner/detail={id}',
    tag: 'content',
    summary: 'One product-slider entry (id in the path, e.g. /api/product/banner/detail=3)',
    params: productBannerDetailQuery,
    response: productBannerSchema,
    notFound: true,
  },
  productBannerByQuery: {
    path: '/product/banner/detail',
    kept: 'always',
    tag: 'content',
    summary: 'One product-slider entry (id in the query)',
    query: productBannerDetailQuery,
    response: productBannerSchema,
    notFound: true,
  },
  videos: {
    path: '/youtube/list',
    kept: 'always',
    tag: 'content',
    summary: 'News videos (embed URLs per language)',
    response: videoListSchema,
  },
  popups: {
    path: '/popup',
    kept: 'always',
    tag: 'content',
    summary: 'Home popups whose [starts_at, ends_at) window holds the current time',
    response: popupListSchema,
  },
} satisfies Record<string, ApiCall>

export async function contentRoutes(app: FastifyInstance) {
  const { content, terms } = app.services
  const c = contentCalls

  app.get(c.patents.path, async (request) => ok(await content.patents(parseQuery(patentQuery, request.query).type)))
  app.get(c.history.path, async () => ok(await content.history()))
  app.get(c.banners.path, async () => ok(await content.banners()))
  app.get(c.agencies.path, async (request) => ok(await content.agencies(parseQuery(agencyQuery, request.query).type)))

  app.get(c.terms.path, async (request) => {
    const row = await terms.current(parseQuery(termsQuery, request.query).type)
    if (!row) throw notFound()
    return ok(row)
  })

  app.get(c.productBanners.path, async () => ok(await content.productBanners()))

  const productBanner = async (id: number) => {
    const row = await content.productBanner(id)
    if (!row) throw notFound()
    return ok(row)
  }
  app.get(c.productBanner.path, async (request) =>
    productBanner(parseQuery(productBannerDetailQuery, request.params).id),
  )
  app.get(c.productBannerByQuery.path, async (request) =>
    productBanner(parseQuery(productBannerDetailQuery, request.query).id),
  )

  app.get(c.videos.path, async () => ok(await content.videos()))
  app.get(c.popups.path, async () => ok(await content.popups()))
}
