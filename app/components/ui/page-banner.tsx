import './page-banner.css'

export type PageBannerProps = {
  /** The page's h1. */
  title: string
  /** Desktop image. */
  image: string
  /** Image used at 728 px and narrower; the desktop image is used when omitted. */
  mobileImage?: string
  /** Banner images are decorative (the title is real text), so the default is an empty alt. */
  alt?: string
  /** Intrinsic sizes of the two images; they reserve the space before the images load. */
  width?: number
  height?: number
  mobileWidth?: number
  mobileHeight?: number
  className?: string
}

/** Full-width banner under the fixed header: the page's h1 over a responsive image. */
export function PageBanner({
  title,
  image,
  mobileImage,
  alt = '',
  width = 1920,
  height = 400,
  mobileWidth = 728,
  mobileHeight = 400,
  className,
}: PageBannerProps) {
  // The banner is the page's largest paint: fetched at high priority as soon as the parser sees it.
  return (
    <div className={`page-banner ${className ?? ''}`}>
      <div className="page-banner__media">
        <picture>
          {mobileImage ? (
            <source media="(max-width: 728px)" srcSet={mobileImage} width={mobileWidth} height={mobileHeight} />
          ) : null}
          <img
            className="page-banner__image"
            src={image}
            alt={alt}
            width={width}
            height={height}
            fetchPriority="high"
            decoding="async"
          />
        </picture>
        <h1 className="page-banner__title">{title}</h1>
      </div>
    </div>
  )
}
