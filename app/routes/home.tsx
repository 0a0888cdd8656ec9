import type { Route } from './+types/home'
import { ErrorPage } from '#app/components/error-page.tsx'
import { translate } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { rootFromMatches, useSiteFacts } from '#app/utils/root-data.ts'
import { pageMeta } from '#app/utils/seo.ts'
import { localized } from '#shared/locales.ts'
import { BannerSlider } from './home/banner-slider.tsx'
import { CustomerCenter } from './home/customer-center.tsx'
import { homePreloads } from './home/home-images.ts'
import { withSources } from './home/home-images.server.ts'
import { imageKeys, shownImage } from '#app/utils/public-images.server.ts'
import { FullPage } from './home/full-page.tsx'
import { NewsSection } from './home/news-section.tsx'
import { Popups } from './home/popups.tsx'
import { ProductSlider } from './home/product-slider.tsx'
import './home/home.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootFromMatches(matches)
  const lang = root?.lang ?? 'ko'
  const company = root?.site.companyName ?? ''
  const image = loaderData?.banners[0]?.pcImage
  return [
    ...pageMeta({
      title: translate(lang, 'home.title', { company }),
      description: translate(lang, 'home.description', { company }),
      lang,
      siteName: company,
    }),
    ...(image && root ? [{ property: 'og:image', content: `${root.siteUrl}${image}` }] : []),
    ...(loaderData ? homePreloads(loaderData.banners, loaderData.popups.find((p) => p.image)?.image) : []),
  ]
}

export async function loader({ context }: Route.LoaderArgs) {
  const { lang, services } = context
  const view = await context.view()
  const [banners, products, videos, popups, settings] = await Promise.all([
    services.content.banners(view),
    services.content.productBanners(view),
    services.content.videos(view),
    services.content.popups(view),
    context.settings(),
  ])
  const slides = banners.map((b) => ({
    id: b.id,
    title: localized(b, 'title', lang),
    pcImage: localized(b, 'pc_image', lang),
    mbImage: localized(b, 'mb_image', lang),
  }))
  const images = await services.media.publicImages(
    imageKeys([
      ...slides.flatMap((b) => [b.pcImage, b.mbImage]),
      ...products.map((p) => p.image),
      ...popups.map((p) => p.image),
    ]),
  )
  return {
    banners: withSources(slides, images, lang),
    products: products.map((p) => {
      const title = localized(p, 'title', lang)
      return {
        id: p.id,
        image: p.image,
        ...shownImage(images, p.image, lang, translate(lang, 'home.products.imageAlt', { title })),
        url: p.url,
        title,
        introduce: localized(p, 'introduce', lang),
      }
    }),
    videos: videos.map((v) => ({ id: v.id, title: localized(v, 'title', lang), url: localized(v, 'url', lang) })),
    popups: popups.map((p) => {
      const title = localized(p, 'title', lang)
      return {
        id: p.id,
        title,
        image: p.image,
        ...shownImage(images, p.image, lang, title),
        description: localized(p, 'description', lang),
      }
    }),
    contacts: { salesPhone: settings.sales_phone, salesEmail: settings.sales_email, asPhone: settings.as_phone },
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const site = useSiteFacts()
  const { banners, products, videos, popups, contacts } = loaderData
  return (
    <main id="main" className="home" tabIndex={-1}>
      <FullPage>
        <section className="home-section home-section--banner" data-fullpage-section>
          <BannerSlider banners={banners} companyName={site.companyName} />
        </section>

        <section className="home-section home-section--products" data-fullpage-section aria-labelledby="home-products">
          <div className="home-section__inner">
            <h2 id="home-products" className="home-heading">
              {t('home.products.title')}
            </h2>
          </div>
          {products.length > 0 ? (
            <ProductSlider products={products} headingId="home-products" />
          ) : (
            <p className="home-empty">{t('empty.default')}</p>
          )}
        </section>

        <section className="home-section home-section--news" data-fullpage-section aria-labelledby="home-news">
          <div className="home-section__inner home-news">
            <NewsSection videos={videos} headingId="home-news" />
            <CustomerCenter contacts={contacts} headingId="home-customer-center" />
          </div>
        </section>
      </FullPage>
      <Popups popups={popups} />
    </main>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
