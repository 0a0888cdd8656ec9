import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/** The specification's route table (section 2). Later features add their routes here. */
export default [
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  // The restricted area has its own header and no site header or footer (docs/decisions/013).
  route('morgan', 'routes/morgan/morgan-layout.tsx', [
    index('routes/morgan/morgan-list.tsx'),
    route('detail/:type/:id', 'routes/morgan/morgan-detail.tsx'),
    route('*', 'routes/morgan/morgan-not-found.tsx'),
  ]),
  // The console (docs/decisions/014-console-staff-sign-in.md): its own frame, not the site's.
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/setup', 'routes/admin/setup.tsx'),
  route('admin/logout', 'routes/admin/logout.tsx'),
  route('admin', 'routes/admin/console-layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('content', 'routes/admin/content/content-home.tsx'),
    route('content/:kind', 'routes/admin/content/content-list.tsx'),
    route('content/:kind/:id', 'routes/admin/content/content-edit.tsx'),
    route('texts/:page', 'routes/admin/content/page-texts.tsx'),
    route('members', 'routes/admin/members.tsx'),
    route('members/export', 'routes/admin/members-export.ts'),
    route('members/:id', 'routes/admin/member.tsx'),
    route('access-log', 'routes/admin/access-log.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('terms', 'routes/admin/terms.tsx'),
    route('terms/:id', 'routes/admin/terms-version.tsx'),
    route('media', 'routes/admin/media.tsx'),
    route('*', 'routes/admin/console-not-found.tsx'),
  ]),
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('terms/:id', 'routes/terms/terms.tsx'),
    route('recruitment', 'routes/recruitment/recruitment.tsx'),
    route('investment', 'routes/investment/investment-layout.tsx', [
      index('routes/investment/index.tsx'),
      route('stock', 'routes/investment/stock.tsx'),
      route('public', 'routes/investment/public.tsx'),
      route('shareholder', 'routes/investment/shareholder.tsx'),
      route('internal', 'routes/investment/internal.tsx'),
      route('settlement', 'routes/investment/settlement.tsx'),
    ]),
    route('company/introduction', 'routes/company/introduction-layout.tsx', [
      index('routes/company/introduction-index.tsx'),
      route('info', 'routes/company/info.tsx'),
      route('management', 'routes/company/management.tsx'),
      route('client', 'routes/company/client.tsx'),
      route('place', 'routes/company/place.tsx'),
      route('agency', 'routes/company/agency.tsx'),
    ]),
    route('login', 'routes/members/login.tsx'),
    route('signup', 'routes/members/signup.tsx'),
    route('confirm', 'routes/members/confirm.tsx'),
    route('mypage', 'routes/members/mypage.tsx'),
    route('reset-password', 'routes/members/reset-password.tsx'),
    route('product/:first/:second/:third?', 'routes/product/product.tsx'),
    route('related-data', 'routes/related-data/related-data.tsx'),
    route('service/:group/:depth', 'routes/service/service.tsx'),
    route('search', 'routes/search/search-layout.tsx', [
      index('routes/search/search-prompt.tsx'),
      route('result', 'routes/search/search-result.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
