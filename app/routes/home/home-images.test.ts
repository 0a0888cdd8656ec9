import { describe, expect, it } from 'vitest'
import { bannerKeys, withSources } from './home-images.server.ts'
import { firstBannerIndex, homePreloads } from './home-images.ts'

const uploaded = { pcImage: '/media/uploads/2026/11/pc.png', mbImage: '/media/uploads/2026/11/mb.png' }
const demo = { pcImage: '/media/banners/main-1-pc-ko.svg', mbImage: '/media/banners/main-1-mobile-ko.svg' }

describe('home banner images', () => {
  it('offers AVIF and WebP srcsets for uploaded images with a recorded width, none for the rest', () => {
    const widths = new Map([
      ['uploads/2026/11/pc.png', 2400],
      ['uploads/2026/11/mb.png', 750],
    ])
    expect(bannerKeys([uploaded, demo])).toEqual([
      'uploads/2026/11/pc.png',
      'uploads/2026/11/mb.png',
      'banners/main-1-pc-ko.svg',
      'banners/main-1-mobile-ko.svg',
    ])
    const [up, svg] = withSources([uploaded, demo], widths)
    expect(up!.pcSources).toEqual({
      avif: '/media/uploads/2026/11/pc-480w.avif 480w, /media/uploads/2026/11/pc-960w.avif 960w, /media/uploads/2026/11/pc-1920w.avif 1920w',
      webp: '/media/uploads/2026/11/pc-480w.webp 480w, /media/uploads/2026/11/pc-960w.webp 960w, /media/uploads/2026/11/pc-1920w.webp 1920w',
    })
    expect(up!.mbSources?.avif).toBe(
      '/media/uploads/2026/11/mb-480w.avif 480w, /media/uploads/2026/11/mb-750w.avif 750w',
    )
    expect(svg!.pcSources).toBeNull()
    expect(svg!.mbSources).toBeNull()
  })

  it('preloads the first visible slide for phones and desktops, and the popup image', () => {
    const banners = withSources([demo, uploaded], new Map([['uploads/2026/11/pc.png', 1920]]))
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
