import { data, Link, redirect, useLoaderData, useLocation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { TreeSideMenu } from '#app/components/ui/tree-side-menu.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { localized } from '#shared/locales.ts'
import { shownImage, imageKeys } from '#app/utils/public-images.server.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { Route } from './+types/product'
import { ProductGallery } from './product-gallery.tsx'
import { ProductOptions } from './product-options.tsx'
import { nestTree, productMenuTree, resolveProductPath } from './product-path.ts'
import { RelatedItems } from './related-items.tsx'
import './product.css'
import { PRODUCT_TYPE } from '#shared/type-codes.ts'
import { keptPage } from '#app/utils/kept-page.ts'
import { inquiryHref } from '#shared/service-request-paths.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

/** Id of the product title: the side menu's links scroll it to the centre (focus=product_title_id). */
export const PRODUCT_TITLE_ID = 'product_title_id'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: '404' }]
  const { product } = loaderData
  return routeMeta(matches, product.title, product.introduce || { key: 'product.description' })
}

/** 301 to `to`, keeping the query (an explicit ?lang overrides the cookie; the menu's focus query). */
function moved(request: Request, to: string): never {
  throw redirect(`${to}${new URL(request.url).search}`, 301)
}

/**
 * /product/{family}/{series}[/{item}] by slug: the deepest one's detail with the three-level menu.
 * The specification's id addresses and every old address of a renamed or moved product answer
 * 301 with the current one (docs/decisions/020-product-slugs-and-redirects.md); anything else 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { lang } = context
  // A staff preview (`?preview=all`) sees hidden products too, at the address they will have.
  const view = await context.view()
  const { nodes } = await context.services.products.publicAddresses(view)
  const tree = nestTree(nodes, (node) => localized(node, 'title', lang))
  const path = resolveProductPath(tree, params.first, params.second, params.third)
  if (path.kind === 'redirect') moved(request, path.to)
  if (path.kind === 'notFound') {
    const to = await context.services.products.redirectFor(new URL(request.url).pathname)
    if (to) moved(request, to)
    throw data(null, { status: 404 })
  }
  const detail = await context.services.products.detail(path.id, view)
  if (!detail) throw data(null, { status: 404 })
  const title = localized(detail, 'title', lang)
  const images = await context.services.media.publicImages(
    imageKeys([...detail.image_list.map((image) => image.path), ...detail.relate_list.map((item) => item.image_path)]),
  )
  return {
    menu: productMenuTree(tree),
    current: { first: path.first, second: path.second, ...(path.third ? { third: path.third } : {}) },
    basePath: `/product/${path.first}/${path.second}`,
    product: {
      id: detail.id,
      type: detail.type,
      title,
      introduce: localized(detail, 'introduce', lang),
      description: localized(detail, 'description', lang),
      item: localized(detail, 'item', lang),
      itemIntroduce: localized(detail, 'item_introduce', lang),
      images: detail.image_list.map((image, i) => ({
        src: image.path,
        ...shownImage(images, image.path, lang, translate(lang, 'product.imageAlt', { title, n: i + 1 })),
      })),
      related: detail.relate_list.map((item) => ({
        id: item.id,
        slug: item.slug,
        image: item.image_path,
        // The card's image says what its title beside it says (alt ""): only its focal point is read.
        position: shownImage(images, item.image_path, lang, '').position,
        title: localized(item, 'title', lang),
        introduce: localized(item, 'introduce', lang),
      })),
      options: detail.option_list.map((option) => ({
        title: localized(option, 'title', lang),
        content: localized(option, 'content', lang),
      })),
    },
  }
}

export default function Product() {
  const { menu, current, basePath, product } = useLoaderData<typeof loader>()
  const t = useT()
  const location = useLocation()
  return (
    <SubPage
      section="product"
      title={t('product.banner')}
      menu={
        <TreeSideMenu
          section="product"
          title={t('product.banner')}
          tree={menu}
          current={current}
          foldOnPhone={{ show: t('product.tree.show'), hide: t('product.tree.hide') }}
        />
      }
    >
      <article className="product" aria-labelledby={PRODUCT_TITLE_ID}>
        <div className="product__head">
          {/* Keyed by the navigation: the first image shows again after every navigation. */}
          <ProductGallery key={location.key} images={product.images} />
          <div className="product__summary">
            <h2 id={PRODUCT_TITLE_ID} className="product__title">
              {product.title}
            </h2>
            {product.introduce ? <p className="product__intro">{product.introduce}</p> : null}
            {/* The inquiry / quotation form with this model filled in (docs/decisions/069-inquiries.md). */}
            <Link className="button button--outline product__inquiry" to={inquiryHref(product.title)}>
              {t('inquiry.productLink')}
            </Link>
            {product.type === PRODUCT_TYPE.options ? (
              <Link
                className="button button--primary product__reference"
                to={`/related-data?id=${product.id}`}
                state={{ path: location.pathname }}
              >
                {t('product.reference')}
              </Link>
            ) : null}
          </div>
        </div>
        {product.description ? (
          // Sanitized when stored and again by the products service.
          <div className="product__description rich-text" dangerouslySetInnerHTML={{ __html: product.description }} />
        ) : null}
        {product.item || product.related.length > 0 || product.options.length > 0 ? (
          <section className="product__items" aria-labelledby="product_item_title">
            <TitleBlock
              id="product_item_title"
              as="h3"
              title={
                product.item || t(product.type === PRODUCT_TYPE.relatedItems ? 'product.related' : 'product.options')
              }
              description={product.itemIntroduce}
            />
            {product.type === PRODUCT_TYPE.relatedItems ? (
              <RelatedItems basePath={basePath} items={product.related} />
            ) : (
              <ProductOptions options={product.options} />
            )}
          </section>
        ) : null}
      </article>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
