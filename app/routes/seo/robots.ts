import type { Route } from './+types/robots'

/** Everything public may be crawled; the API, member, restricted and console pages may not. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /mypage',
    'Disallow: /morgan',
    'Disallow: /confirm',
    'Disallow: /admin',
    `Sitemap: ${context.siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
