import { Link } from 'react-router'

export type RelatedItem = {
  id: number
  slug: string
  image: string | null
  /** The image's focal point as an `object-position` (app/utils/public-images.server.ts). */
  position: string | null
  title: string
  introduce: string
}

/** Type-1 products list their item types; each card goes to the current path plus the item's slug. */
export function RelatedItems({ basePath, items }: { basePath: string; items: RelatedItem[] }) {
  if (items.length === 0) return null
  return (
    <ul className="related-items">
      {items.map((item) => (
        <li key={item.id}>
          <Link className="related-items__card" to={`${basePath}/${item.slug}`}>
            <span className="related-items__frame">
              {item.image ? (
                <img
                  src={item.image}
                  alt=""
                  width={600}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  style={item.position ? { objectPosition: item.position } : undefined}
                />
              ) : null}
            </span>
            <span className="related-items__title">{item.title}</span>
            {item.introduce ? <span className="related-items__intro">{item.introduce}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  )
}
