import { defaultLang, locales } from '#shared/locales.ts'
import { SERVICE_PAGES } from '#shared/service-pages.ts'
import { TERMS_TYPE, type TermsType } from '#shared/type-codes.ts'
import type { Route } from './+types/sitemap'

/** Public pages that exist whatever the content. */
const STATIC_PATHS = [
  '/',
  '/company/introduction/info',
  '/company/introduction/management',
  '/company/introduction/client',
  '/company/introduction/place',
  '/company/introduction/agency',
  '/investment/stock',
  '/investment/public',
  '/recruitment',
]
/** Korean-only pages: listed without an English alternate. */
const KOREAN_ONLY = ['/investment/shareholder', '/investment/internal', '/investment/settlement']

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

function entry(site: string, path: string, langs: readonly string[], lastmod?: Date) {
  const href = (lang: string) => escape(lang === defaultLang ? `${site}${path}` : `${site}${path}?lang=${lang}`)
  const alternates = langs.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`).join('')
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
  return langs.map((l) => `<url><loc>${href(l)}</loc>${modified}${langs.length > 1 ? alternates : ''}</url>`).join('\n')
}

/** The terms pages, with the date their version in force took effect. */
async function termsEntries(context: Route.LoaderArgs['context']): Promise<string[]> {
  return Promise.all(
    (Object.entries(TERMS_TYPE) as [string, TermsType][]).map(async ([slug, type]) => {
      const current = await context.services.terms.current(type)
      return entry(context.siteUrl, `/terms/${slug}`, locales, current?.updated_at)
    }),
  )
}

/** Product pages the public sees, at their slug addresses only (old addresses answer 301: docs/decisions/020). */
async function productPaths(context: Route.LoaderArgs['context']): Promise<string[]> {
  const { nodes, addresses } = await context.services.products.publicAddresses()
  return nodes.flatMap((node) => {
    const path = addresses.get(node.id)
    return path ? [path] : []
  })
}

/**
 * Every public page in both languages, with hreflang alternates. Built from the database on every
 * request (the page cache keeps HTML only) and not kept by browsers or a CDN for longer than they
 * revalidate, so it follows a published change at once, as the pages do.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const paths = [
    ...STATIC_PATHS,
    ...(await productPaths(context)),
    '/related-data',
    ...SERVICE_PAGES.map((p) => p.path),
  ]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...paths.map((p) => entry(context.siteUrl, p, locales)),
    ...(await termsEntries(context)),
    ...KOREAN_ONLY.map((p) => entry(context.siteUrl, p, ['ko'])),
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, no-cache' },
  })
}
