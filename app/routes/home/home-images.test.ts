import { describe, expect, it } from 'vitest'
import { imageKeys } from '#app/utils/public-images.server.ts'
import { withSources } from './home-images.server.ts'
import { firstBannerIndex, homePreloads } from './home-images.ts'

const uploaded = {
  title: '밸브 구동기',
  pcImage: '/media/uploads/2026/11/pc.png',
  mbImage: '/media/uploads/2026/11/mb.png',
}
const demo = {
  title: '데모',
  pcImage: '/media/banners/main-1-pc-ko.svg',
  mbImage: '/media/banners/main-1-mobile-ko.svg',
}
const image = (frameWidth: number | null, alt = '', alt_en = '', focalX = 0.5, focalY = 0.5) => ({
  frameWidth,
  alt,
  alt_en,
  focalX,
  focalY,
})

describe('home banner images', () => {
  it('offers AVIF and WebP srcsets for uploaded images with a recorded width, none for the rest', () => {
    const images = new Map([
      ['uploads/2026/11/pc.png', image(2400, '공장 전경', '', 0.25, 1)],
      ['uploads/2026/11/mb.png', image(750)],
    ])
    expect(imageKeys([uploaded, demo].flatMap((b) => [b.pcImage, b.mbImage]))).toEqual([
      'uploads/2026/11/pc.png',
      'uploads/2026/11/mb.png',
      'banners/main-1-pc-ko.svg',
      'banners/main-1-mobile-ko.svg',
    ])
    const [up, svg] = withSources([uploaded, demo], images, 'ko')
    expect(up!.pcSources).toEqual({
      avif: '/media/uploads/2026/11/pc-480w.avif 480w, /media/uploads/2026/11/pc-960w.avif 960w, /media/uploads/2026/11/pc-1920w.avif 1920w',
      webp: '/media/uploads/2026/11/pc-480w.webp 480w, /media/uploads/2026/11/pc-960w.webp 960w, /media/uploads/2026/11/pc-1920w.webp 1920w',
    })
    expect(up!.mbSources?.avif).toBe(
      '/media/uploads/2026/11/mb-480w.avif 480w, /media/uploads/2026/11/mb-750w.avif 750w',
    )
    expect(svg!.pcSources).toBeNull()
    expect(svg!.mbSources).toBeNull()
    // The image's own alternative text, its focal point for the cover fit; the title when it has none.
    expect(up).toMatchObject({ alt: '공장 전경', pcPosition: '25% 100%', mbPosition: '50% 50%' })
    expect(svg).toMatchObject({ alt: '데모', pcPosition: null, mbPosition: null })
  })

  it('takes the English alternative text on English pages, else the title, else the Korean text', () => {
    const alt = (en: string, title: string) =>
      withSources(
        [{ ...uploaded, title }],
        new Map([['uploads/2026/11/pc.png', image(2400, '공장 전경', en)]]),
        'en',
      )[0]!.alt
    expect(alt('The plant', 'Actuators')).toBe('The plant')
    expect(alt('', 'Actuators')).toBe('Actuators')
    expect(alt('', '')).toBe('공장 전경')
  })

  it('preloads the first visible slide for phones and desktops, and the popup image', () => {
    const banners = withSources([demo, uploaded], new Map([['uploads/2026/11/pc.png', image(1920)]]), 'ko')
    expect(firstBannerIndex(banners.length)).toBe(1)
    const links = homePreloads(banners, '/media/popups/popup-1.svg')
    expect(links).toEqual([
      {
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        media: '(max-width: 727.98px)',
        href: uploaded.mbImage,
        fetchPriority: 'high',
      },
      {
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        media: '(min-width: 728px)',
        type: 'image/avif',
        imageSizes: '100vw',
        fetchPriority: 'high',
        imageSrcSet:
          '/media/uploads/2026/11/pc-480w.avif 480w, /media/uploads/2026/11/pc-960w.avif 960w, /media/uploads/2026/11/pc-1920w.avif 1920w',
      },
      { tagName: 'link', rel: 'preload', as: 'image', href: '/media/popups/popup-1.svg' },
    ])
    expect(homePreloads([], null)).toEqual([])
  })
})
