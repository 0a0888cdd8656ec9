import { expect, test, type Page } from '@playwright/test'
import { bannerData, productBannerData, videoData } from '#server/seed/demo/company/home.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hidePopups, hydrated, serverHtml, testIn } from './helpers.ts'

const langs = ['ko', 'en'] as const
type Lang = (typeof langs)[number]

const text = {
  ko: {
    products: '제품소개',
    news: '뉴스',
    cs: '고객센터',
    hours: '평일 09:00 - 18:00',
    popups: '공지 팝업',
    hideToday: '오늘 하루 보지 않기',
    close: '닫기',
    closeNamed: (t: string) => `${t} 닫기`,
    next: '다음 제품',
    prev: '이전 제품',
    pause: '자동 넘김 멈춤',
    play: '자동 넘김 다시 시작',
    goTo: (n: number) => `${n}번째 슬라이드 보기`,
    top: '첫 화면으로',
    company: '㈜대한액추에이터',
    popupTitles: ['TM SMART 신제품 출시', '홈페이지 개편 안내'],
  },
  en: {
    products: 'Introduction of item',
    news: 'News',
    cs: 'Customer Center',
    hours: 'Weekdays 09:00 - 18:00',
    popups: 'Notices',
    hideToday: "Don't show again today",
    close: 'Close',
    closeNamed: (t: string) => `Close ${t}`,
    next: 'Next item',
    prev: 'Previous item',
    pause: 'Pause automatic sliding',
    play: 'Resume automatic sliding',
    goTo: (n: number) => `Show slide ${n}`,
    top: 'Back to the first section',
    company: 'Daehan Actuator Co., Ltd.',
    popupTitles: ['New TM SMART released', 'Our website has been renewed'],
  },
} satisfies Record<Lang, unknown>

const field = <T extends Record<string, unknown>>(row: T, name: string, lang: Lang) =>
  row[lang === 'en' ? `${name}_en` : name] as string
/** HTML-escaped the way React writes text and attributes. */
const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;')

/**
 * The news videos talk to youtube-nocookie.com: answer locally (the test machine is offline) with
 * a page that, like the real player, has a control to focus.
 */
async function stubVideos(page: Page) {
  await page.context().route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>video</title><body style="margin:0;background:#000"><button type="button">Play</button></body>',
    }),
  )
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))
/** Scroll targets of the full-page sections: each section's top, the footer at the end of the page. */
const sectionTargets = (page: Page) =>
  page.evaluate(() => {
    const max = document.documentElement.scrollHeight - window.innerHeight
    return [...document.querySelectorAll('[data-fullpage-section], footer')].map((el) =>
      Math.min(max, Math.round(el.getBoundingClientRect().top + window.scrollY)),
    )
  })
const currentBanner = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.banner__dot')].findIndex((d) => d.getAttribute('aria-current') === 'true'),
  )
const currentProduct = (page: Page) =>
  page.evaluate(() => document.querySelector('.products__item.is-current .products__name')?.textContent ?? '')

// Fake clocks, reloads and a second tab on a 2-core machine shared with other suites: allow time.
test.slow()

async function openHome(page: Page, lang: Lang = 'ko', { popups = false } = {}) {
  await stubVideos(page)
  if (!popups) await hidePopups(page)
  await page.goto(`/?lang=${lang}`)
  await hydrated(page)
}

test.describe('server HTML', () => {
  for (const lang of langs) {
    test(`carries the page's content from the database (${lang})`, async ({ page }) => {
      const html = await serverHtml(page, `/?lang=${lang}`)
      const t = text[lang]
      expect(html).toContain(`<html lang="${lang}"`)
      for (const heading of [t.products, t.news, t.cs]) expect(html).toContain(`>${heading}</h2>`)
      // Banners: the language's images, mobile image below 728 px, the title as alt text.
      bannerData.forEach((b, i) => {
        expect(html).toContain(`alt="${escaped(field(b, 'title', lang))}"`)
        expect(html).toContain(`/media/banners/main-${i + 1}-pc-${lang}.svg`)
        expect(html).toContain(`/media/banners/main-${i + 1}-mobile-${lang}.svg`)
      })
      expect(html).toContain('media="(max-width: 727.98px)"')
      // Product slider: title, introduction and link of every item.
      for (const p of productBannerData) {
        expect(html).toContain(escaped(field(p, 'title', lang)))
        expect(html).toContain(escaped(field(p, 'introduce', lang)))
        expect(html).toContain(`href="${p.url}"`)
      }
      // News: every video's title (the players themselves come later, in the browser).
      for (const v of videoData) expect(html).toContain(escaped(field(v, 'title', lang)))
      expect(html).not.toContain('<iframe')
      // Customer Center from the site settings.
      for (const value of [
        '031-880-1990',
        'sales@daehan-actuator.example',
        '031-880-1995',
        t.hours,
        'Quick Delivery',
        'Quick Service',
        'Quick Response',
      ]) {
        expect(html).toContain(value)
      }
      // Popups: every one in a hidden layer, the same HTML for everyone; an inline script picks them (browser storage).
      expect(html).toContain('<div class="popup-layer" hidden="">')
      for (const title of t.popupTitles) expect(html).toContain(`aria-label="${title}"`)
      expect(html).toMatch(
        /<\/div><\/div><script(?: nonce="[^"]+")?>\{const l=document\.currentScript\.previousElementSibling/,
      )
      // Own title, description, Open Graph; hreflang from the root.
      expect(html).toMatch(new RegExp(`<title>${t.company.replace(/[.()]/g, '\\$&')} — [^<]+</title>`))
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/)
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)
      expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/media\/banners\/main-1-pc-/)
      expect(html).toContain(`<meta property="og:locale" content="${lang === 'en' ? 'en_US' : 'ko_KR'}"`)
      expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="http[^"]+\?lang=en"/)
      expect(html).toMatch(/<link rel="alternate" hrefLang="ko" href="http[^"]+"/)
    })
  }

  test('every image has width, height and alt; only the first visible banner loads eagerly', async ({ page }) => {
    const html = await serverHtml(page, '/')
    const images = html.match(/<img [^>]*>/g) ?? []
    expect(images.length).toBeGreaterThan(10)
    for (const img of images) {
      expect(img).toMatch(/ width="\d+"/)
      expect(img).toMatch(/ height="\d+"/)
      expect(img).toMatch(/ alt="[^"]+"/)
    }
    const eager = images.filter((img) => !img.includes('loading="lazy"'))
    expect(eager).toHaveLength(1)
    // The banner starts at slide index 1: the second banner is the one shown first.
    expect(eager[0]).toContain(`alt="${escaped(bannerData[1]!.title)}"`)
    expect(eager[0]).toMatch(/fetchPriority="high"/i)
    const dots = html.match(/<button[^>]*class="banner__dot"[^>]*>/g) ?? []
    expect(dots).toHaveLength(bannerData.length)
    expect(dots.findIndex((d) => d.includes('aria-current="true"'))).toBe(1)
  })
})

test.describe('sliders', () => {
  /**
   * Lines up with the slider's own timer (one advance), then checks the next advance comes
   * `ms` later and not before. The browser clock is Playwright's, so the check is exact.
   */
  async function expectAdvanceEvery(page: Page, read: () => Promise<string | number>, ms: number) {
    const start = await read()
    let waited = 0
    while ((await read()) === start) {
      expect(waited, 'the slider did not advance on its own').toBeLessThanOrEqual(ms + 500)
      await page.clock.runFor(50)
      waited += 50
      await page.waitForTimeout(30)
    }
    const synced = await read()
    await page.clock.runFor(ms - 200)
    await page.waitForTimeout(250)
    expect(await read(), `no advance before ${ms} ms`).toBe(synced)
    await page.clock.runFor(300)
    await expect.poll(read, { message: `an advance at ${ms} ms` }).not.toBe(synced)
  }

  for (const lang of langs) {
    testIn(lang, 'ko')(
      `advance on their own: banner every 2500 ms, products every 1500 ms (${lang})`,
      async ({ page }) => {
        await page.clock.install()
        await openHome(page, lang)
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
        await expectAdvanceEvery(page, () => currentProduct(page), 1500)
        await expectAdvanceEvery(page, () => currentBanner(page), 2500)
        // The banner loops: from the last slide it goes on to the first.
        const steps: number[] = []
        for (let i = 0; i < bannerData.length + 1; i++) {
          await page.clock.runFor(2500)
          await page.waitForTimeout(700)
          steps.push(await currentBanner(page))
        }
        for (let i = 1; i < steps.length; i++) expect(steps[i]).toBe((steps[i - 1]! + 1) % bannerData.length)
      },
    )
  }

  test('dots choose a banner slide and autoplay goes on afterwards', async ({ page }) => {
    await page.clock.install()
    await openHome(page, 'en')
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await page.getByRole('button', { name: text.en.goTo(3) }).click()
    await expect(page.getByRole('button', { name: text.en.goTo(3) })).toHaveAttribute('aria-current', 'true')
    // The chosen slide is the one exposed to assistive technology.
    await expect(page.locator('.banner__slide[role="group"]:not([aria-hidden])')).toHaveAttribute(
      'aria-label',
      '3 of 3',
    )
    await page.clock.runFor(2600)
    await expect(page.getByRole('button', { name: text.en.goTo(1) })).toHaveAttribute('aria-current', 'true')
  })

  test('arrows move the product slider one item, autoplay keeps going, and an item opens its url', async ({ page }) => {
    await page.clock.install()
    await openHome(page, 'en')
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const titles = productBannerData.map((p) => p.title_en)
    const at = async () => titles.indexOf(await currentProduct(page))
    const first = await at()
    await page.getByRole('button', { name: text.en.next }).click()
    await expect.poll(at).toBe((first + 1) % titles.length)
    await page.getByRole('button', { name: text.en.prev }).click()
    await page.getByRole('button', { name: text.en.prev }).click()
    await expect.poll(at).toBe((first - 1 + titles.length) % titles.length)
    // Clicking did not stop autoplay.
    await page.clock.runFor(1600)
    await expect.poll(at).toBe(first)
    // The centred item links to its url.
    const item = productBannerData[first]!
    await page.waitForTimeout(600)
    await page.locator('.products__item.is-current .products__link').click()
    await expect(page).toHaveURL(new RegExp(`${item.url.replace(/\//g, '\\/')}$`))
  })

  test('the pause buttons stop and resume autoplay', async ({ page }) => {
    await page.clock.install()
    await openHome(page, 'ko')
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const products = page.getByRole('region', { name: text.ko.products })
    await products.getByRole('button', { name: text.ko.pause }).click()
    const held = await currentProduct(page)
    await page.clock.runFor(5000)
    await page.waitForTimeout(300)
    expect(await currentProduct(page)).toBe(held)
    await products.getByRole('button', { name: text.ko.play }).click()
    await page.clock.runFor(1600)
    await expect.poll(() => currentProduct(page)).not.toBe(held)
  })
})

test.describe('popups', () => {
  test.use({ timezoneId: 'Asia/Seoul' })

  for (const lang of langs) {
    testIn(lang, 'en')(
      `"hide for today" keeps a popup hidden after reload today and it shows again the next day (${lang})`,
      async ({ page, context }) => {
        const t = text[lang]
        const [first, second] = t.popupTitles as [string, string]
        await page.clock.install({ time: new Date('2026-03-10T10:00:00+09:00') })
        await openHome(page, lang, { popups: true })
        const layer = page.getByRole('dialog', { name: t.popups })
        await expect(layer.getByRole('article')).toHaveCount(2)
        const popupImage = layer.getByRole('article', { name: first }).getByRole('img', { name: first })
        await expect(popupImage).toHaveAttribute('width', /\d+/)
        await layer.getByRole('article', { name: first }).getByRole('button', { name: t.hideToday }).click()
        await expect(layer.getByRole('article', { name: first })).toHaveCount(0)
        await expect(layer.getByRole('article', { name: second })).toBeVisible()
        const firstId = await page.evaluate(() =>
          Number(Object.keys(JSON.parse(localStorage.getItem('hiddenPopups') ?? '{}'))[0]),
        )
        expect(await page.evaluate(() => JSON.parse(localStorage.getItem('hiddenPopups') ?? '{}'))).toEqual({
          [firstId]: '2026-03-10',
        })
        expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('closedPopups') ?? '[]'))).toEqual([firstId])

        // Reload today: still hidden; the other popup, never closed, shows again.
        await page.reload()
        await hydrated(page)
        await expect(layer.getByRole('article', { name: second })).toBeVisible()
        await expect(layer.getByRole('article', { name: first })).toHaveCount(0)

        // A new tab (a new session, so no closed list) late the same evening: the date alone hides it.
        await page.clock.setSystemTime(new Date('2026-03-10T23:59:00+09:00'))
        const tab = await context.newPage()
        await tab.goto(`/?lang=${lang}`)
        await hydrated(tab)
        const tabLayer = tab.getByRole('dialog', { name: t.popups })
        await expect(tabLayer.getByRole('article', { name: second })).toBeVisible()
        await expect(tabLayer.getByRole('article', { name: first })).toHaveCount(0)

        // The next day it shows again.
        await page.clock.setSystemTime(new Date('2026-03-11T00:01:00+09:00'))
        await tab.reload()
        await hydrated(tab)
        await expect(tabLayer.getByRole('article', { name: first })).toBeVisible()
        await expect(tabLayer.getByRole('article', { name: second })).toBeVisible()
      },
    )
  }

  test("before the page's JavaScript arrives the popups show, except one hidden for today", async ({ page }) => {
    const t = text.ko
    const [first, second] = t.popupTitles as [string, string]
    await stubVideos(page)
    // No module script ever runs: only the server's HTML and its inline scripts.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto('/?lang=ko')
    const layer = page.getByRole('dialog', { name: t.popups })
    await expect(layer.getByRole('article', { name: first })).toBeVisible()
    await expect(layer.getByRole('article', { name: second })).toBeVisible()
    // The shown popup's image, lazy in the HTML, is fetched at once.
    const image = layer.getByRole('article', { name: first }).getByRole('img', { name: first })
    await expect(image).toHaveAttribute('loading', 'eager')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    const firstId = Number(await layer.getByRole('article', { name: first }).getAttribute('data-popup-id'))
    await page.evaluate((id) => {
      const d = new Date()
      const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
      localStorage.setItem('hiddenPopups', JSON.stringify({ [id]: today }))
    }, firstId)
    await page.reload()
    await expect(layer.getByRole('article', { name: second })).toBeVisible()
    await expect(layer.getByRole('article', { name: first })).toBeHidden()
    expect(
      await page.evaluate(() =>
        Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
      ),
    ).toBe(false)
  })

  test('close, the cross and Escape close for the session; focus stays in the popups; the page does not scroll meanwhile', async ({
    page,
  }) => {
    const t = text.ko
    const [first, second] = t.popupTitles as [string, string]
    await openHome(page, 'ko', { popups: true })
    const layer = page.getByRole('dialog', { name: t.popups })
    await expect(layer.getByRole('button', { name: t.closeNamed(first) })).toBeFocused()
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    // The description is the service's HTML.
    await expect(layer.getByRole('article', { name: first }).getByRole('heading', { level: 3 })).toHaveText(first)
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.popup-layer')))).toBe(true)
    }
    // The page underneath does not move.
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(1200)
    expect(await scrollY(page)).toBe(0)

    await page.keyboard.press('Escape')
    await expect(layer.getByRole('article', { name: first })).toHaveCount(0)
    await expect(layer.getByRole('button', { name: t.closeNamed(second) })).toBeFocused()
    await layer.getByRole('article', { name: second }).getByRole('button', { name: t.close, exact: true }).click()
    await expect(layer).toHaveCount(0)
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
    expect(await page.evaluate(() => sessionStorage.getItem('closedPopups'))).not.toBeNull()
    expect(await page.evaluate(() => localStorage.getItem('hiddenPopups'))).toBeNull()
    await page.reload()
    await hydrated(page)
    await page.waitForTimeout(300)
    await expect(page.locator('.popup-layer')).toHaveCount(0)

    // The cross closes too (a new session shows both again).
    await page.evaluate(() => sessionStorage.clear())
    await page.reload()
    await hydrated(page)
    await layer.getByRole('button', { name: t.closeNamed(second) }).click()
    await expect(layer.getByRole('article')).toHaveCount(1)
    await expect(layer.getByRole('article', { name: first })).toBeVisible()
  })
})

test.describe('full-page scrolling', () => {
  test('the wheel moves one section in 1000 ms and ignores input while moving', async ({ page }) => {
    // The browser's clock (timers, animation frames, performance.now) is Playwright's: exact timing whatever the load.
    await page.clock.install()
    await openHome(page)
    const targets = await sectionTargets(page)
    expect(targets).toEqual([0, 900, 1800, targets[3]])
    expect(targets[3]).toBeGreaterThan(1800)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await page.mouse.move(700, 450)
    await page.mouse.wheel(0, 100)
    await page.clock.runFor(500)
    // Halfway through the time, halfway through the (ease-in-out) way.
    expect(Math.abs((await scrollY(page)) - 450)).toBeLessThan(40)
    // More input while moving is ignored.
    await page.mouse.wheel(0, 100)
    await page.keyboard.press('PageDown')
    await page.clock.runFor(400)
    expect(await scrollY(page)).toBeLessThan(900)
    expect(await scrollY(page)).toBeGreaterThan(850)
    await page.clock.runFor(150)
    expect(await scrollY(page)).toBe(900)
    await page.clock.runFor(1500)
    expect(await scrollY(page)).toBe(900)
    await page.clock.resume()
    // Down to the News section and back up.
    await page.mouse.wheel(0, 100)
    await expect.poll(() => scrollY(page)).toBe(1800)
    await page.waitForTimeout(300)
    // Over the videos the wheel reaches their frames, not the page: the page scrolls natively, then settles one section on.
    await page.mouse.wheel(0, -100)
    await expect.poll(() => scrollY(page)).toBe(900)
  })

  test('scrolling by other means (scroll bar, find in page) settles on a section', async ({ page }) => {
    await openHome(page)
    const [, second, third, footer] = await sectionTargets(page)
    await page.keyboard.press('PageDown')
    await expect.poll(() => scrollY(page)).toBe(second)
    // A small scroll moves on one section in its direction…
    await page.evaluate(() => window.scrollTo(0, window.scrollY + 120))
    await expect.poll(() => scrollY(page)).toBe(third)
    await page.evaluate(() => window.scrollTo(0, window.scrollY - 120))
    await expect.poll(() => scrollY(page)).toBe(second)
    // …a long one settles on the nearest section.
    await page.evaluate((y) => window.scrollTo(0, y - 40), footer!)
    await expect.poll(() => scrollY(page)).toBe(footer)
  })

  test('keys move between sections, the footer is the last one, and the top button jumps to the first', async ({
    page,
  }) => {
    await openHome(page, 'en')
    const [, second, third, footer] = await sectionTargets(page)
    const moveWith = async (key: string, to: number) => {
      await page.keyboard.press(key)
      await expect.poll(() => scrollY(page)).toBe(to)
    }
    await moveWith('PageDown', second!)
    await moveWith('ArrowDown', third!)
    await moveWith('Space', footer!)
    await moveWith('Shift+Space', third!)
    await moveWith('PageUp', second!)
    await moveWith('ArrowUp', 0)
    await moveWith('End', footer!)
    await moveWith('Home', 0)
    await moveWith('End', footer!)
    // The floating button jumps at once.
    await page.getByRole('link', { name: text.en.top }).click()
    expect(await scrollY(page)).toBe(0)
    await expect(page.locator('#top')).toBeFocused()
  })

  test('a vertical swipe moves a section; a sideways one does not', async ({ page }) => {
    await openHome(page)
    const swipe = (dx: number, dy: number) =>
      page.evaluate(
        ({ dx, dy }) => {
          const target = document.querySelector('.home-section--banner')!
          const touch = (x: number, y: number) => new Touch({ identifier: 1, target, clientX: x, clientY: y })
          const fire = (type: string, x: number, y: number, active: boolean) =>
            target.dispatchEvent(
              new TouchEvent(type, {
                touches: active ? [touch(x, y)] : [],
                changedTouches: [touch(x, y)],
                bubbles: true,
                cancelable: true,
              }),
            )
          fire('touchstart', 700, 600, true)
          fire('touchmove', 700 + dx / 2, 600 + dy / 2, true)
          fire('touchend', 700 + dx, 600 + dy, false)
        },
        { dx, dy },
      )
    await swipe(-300, 10)
    await page.waitForTimeout(400)
    expect(await scrollY(page)).toBe(0)
    await swipe(0, -200)
    await expect.poll(() => scrollY(page)).toBe(900)
    await page.waitForTimeout(100)
    await swipe(0, 200)
    await expect.poll(() => scrollY(page)).toBe(0)
  })

  test('Tab into another section brings that whole section into view', async ({ page }) => {
    await openHome(page, 'en')
    await page.locator('.banner__pause').focus()
    await page.keyboard.press('Tab')
    await expect(page.locator('.products__link:focus')).toHaveCount(1)
    await expect.poll(() => scrollY(page)).toBe(900)
    await expect(page.locator('.products__link:focus')).toBeInViewport()
    await page.keyboard.press('Shift+Tab')
    await expect(page.locator('.banner__pause')).toBeFocused()
    await expect.poll(() => scrollY(page)).toBe(0)
  })

  test('with reduced motion a section change is an instant jump', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openHome(page)
    await page.keyboard.press('PageDown')
    expect(await scrollY(page)).toBe(900)
  })

  for (const size of [
    { width: 375, height: 740 },
    { width: 1280, height: 600 },
  ]) {
    test(`at ${size.width} × ${size.height} the page scrolls normally`, async ({ page }) => {
      await page.setViewportSize(size)
      await openHome(page)
      await page.mouse.move(size.width / 2, size.height / 2)
      await page.mouse.wheel(0, 150)
      await expect.poll(() => scrollY(page)).toBeGreaterThan(100)
      await page.waitForTimeout(600)
      const y = await scrollY(page)
      expect(y).toBeGreaterThan(100)
      expect(y).toBeLessThan(200)
    })
  }
})

test.describe('news', () => {
  for (const lang of langs) {
    testIn(lang, 'ko')(`videos are embedded only once the list comes into view (${lang})`, async ({ page }) => {
      await openHome(page, lang)
      const frames = page.locator('.news iframe')
      await expect(frames).toHaveCount(0)
      await page.keyboard.press('End')
      await expect(frames).toHaveCount(videoData.length)
      for (const [i, video] of videoData.entries()) {
        await expect(frames.nth(i)).toHaveAttribute('src', field(video, 'url', lang))
        await expect(frames.nth(i)).toHaveAttribute('title', field(video, 'title', lang))
      }
      // The list scrolls sideways from the keyboard.
      const list = page.getByRole('region', {
        name: lang === 'ko' ? '뉴스 영상 목록 (좌우로 스크롤)' : 'News videos (scroll sideways)',
      })
      await list.focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    })
  }
})

test.describe('layout from 320 to 2560 px', () => {
  const sizes = [
    [320, 640],
    [375, 740],
    [450, 800],
    [727, 900],
    [728, 900],
    [767, 900],
    [768, 1024],
    [769, 601],
    [1024, 768],
    [1440, 900],
    [1739, 980],
    [1740, 980],
    [2560, 1440],
  ] as const

  test('no sideways overflow, one screen per section in full-page mode, the 728 px image switch and the 768 px gap', async ({
    page,
  }) => {
    await stubVideos(page)
    await hidePopups(page)
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height })
      await page.goto('/?lang=en')
      await page.waitForFunction(
        () => (document.querySelector('img[fetchpriority="high"]') as HTMLImageElement | null)?.complete,
      )
      const facts = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        sections: [...document.querySelectorAll('[data-fullpage-section]')].map((s) =>
          Math.round(s.getBoundingClientRect().height),
        ),
        gap: getComputedStyle(document.querySelector('.products__track')!).columnGap,
        banner: (document.querySelector('img[fetchpriority="high"]') as HTMLImageElement).currentSrc,
      }))
      const where = `${width} × ${height}`
      expect(facts.overflow, where).toBeLessThanOrEqual(0)
      if (width > 768 && height > 600) for (const h of facts.sections) expect(h, where).toBe(height)
      expect(facts.gap, where).toBe(width >= 768 ? '55px' : '45px')
      expect(facts.banner, where).toContain(width < 728 ? '-mobile-en.svg' : '-pc-en.svg')
    }
  })

  for (const size of [
    { width: 1440, height: 900 },
    { width: 375, height: 740 },
  ]) {
    test(`nothing shifts while the page loads (${size.width} px)`, async ({ page }) => {
      await page.setViewportSize(size)
      await openHome(page)
      await page.waitForTimeout(800)
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
                if (!entry.hadRecentInput) total += entry.value
            }).observe({ type: 'layout-shift', buffered: true })
            setTimeout(() => resolve(total), 300)
          }),
      )
      expect(shift).toBeLessThan(0.01)
    })
  }
})

/**
 * Presses Tab and returns the element that focus settles on, once it has left the previous one.
 * Tab into or out of a video's frame (another origin, so another process) moves focus
 * asynchronously: read at once, document.activeElement may still be <body>, and the next Tab
 * would then start from wherever focus lands meanwhile, skipping that element.
 */
async function tabToNext(page: Page, reached: readonly string[]): Promise<string> {
  await page.keyboard.press('Tab')
  const settled = await page
    .waitForFunction(
      () => {
        const w = window as unknown as { lastTabbed?: Element }
        const el = document.activeElement
        if (!el || el === document.body || el === w.lastTabbed) return null
        w.lastTabbed = el
        const label =
          el.getAttribute('aria-label') ??
          el.getAttribute('href') ??
          el.getAttribute('title') ??
          el.textContent?.trim().slice(0, 30) ??
          ''
        return `${el.tagName.toLowerCase()}.${el.className}|${label}`
      },
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {
      throw new Error(`Tab left focus nowhere after:\n${reached.join('\n')}`)
    })
  return (await settled.jsonValue()) as string
}

/**
 * The news videos are embedded once the list comes into view (focusing it brings it there). A Tab
 * into a frame whose player is still loading loses focus to <body> when the player's document
 * replaces the frame's first, empty one, and Tab then goes on from an arbitrary place: wait for
 * the players, as a person sees them appear before moving on.
 */
async function videosLoaded(page: Page, lang: Lang) {
  const frames = page.locator('.news iframe')
  await expect(frames).toHaveCount(videoData.length)
  for (const [i, video] of videoData.entries()) {
    const frame = await (await frames.nth(i).elementHandle())!.contentFrame()
    await frame!.waitForURL(field(video, 'url', lang))
    await frame!.waitForLoadState('load')
  }
}

test.describe('keyboard', () => {
  test('every control of the page is reached with Tab and works from the keyboard', async ({ page }) => {
    await openHome(page, 'en')
    const reached: string[] = []
    for (let i = 0; i < 90 && !reached.at(-1)?.startsWith('a.site-footer__terms'); i++) {
      reached.push(await tabToNext(page, reached))
      if (reached.at(-1)!.startsWith('div.news__scroller')) await videosLoaded(page, 'en')
    }
    const order = reached.join('\n')
    const has = (prefix: string) => reached.filter((r) => r.startsWith(prefix)).length
    // Each control once, in one pass ending at the footer.
    expect(new Set(reached).size, order).toBe(reached.length)
    expect(has('button.banner__dot'), order).toBe(bannerData.length)
    expect(has('button.slider-pause banner__pause'), order).toBe(1)
    expect(has('button.slider-pause products__pause'), order).toBe(1)
    expect(has('button.products__arrow'), order).toBe(2)
    expect(has('a.products__link'), order).toBe(productBannerData.length)
    expect(has('div.news__scroller'), order).toBe(1)
    // Every video player, then the customer center's numbers and address.
    for (const video of videoData) expect(has(`iframe.|${field(video, 'title', 'en')}`), order).toBe(1)
    for (const href of ['tel:0318801990', 'mailto:sales@daehan-actuator.example', 'tel:0318801995'])
      expect(has(`a.|${href}`), order).toBe(1)
    expect(has('a.home-top-button'), order).toBe(1)
    expect(has('a.site-footer__terms'), order).toBe(1)

    // Operate the controls with Enter.
    await page.keyboard.press('Home')
    await page.getByRole('button', { name: text.en.goTo(3) }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: text.en.goTo(3) })).toHaveAttribute('aria-current', 'true')
    const before = await currentProduct(page)
    await page.getByRole('button', { name: text.en.next }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => currentProduct(page)).not.toBe(before)
    const pause = page.getByRole('region', { name: text.en.products }).getByRole('button', { name: text.en.pause })
    await pause.focus()
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('region', { name: text.en.products }).getByRole('button', { name: text.en.play }),
    ).toBeFocused()
  })
})

test.describe('accessibility', () => {
  for (const lang of langs) {
    test(`no serious violations with the popups open, then closed (${lang})`, async ({ page }) => {
      await openHome(page, lang, { popups: true })
      await expect(page.getByRole('dialog', { name: text[lang].popups })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await expect(page.locator('.popup-layer')).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    })
  }

  test('no serious violations on a phone (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await openHome(page, 'ko', { popups: true })
    await expectNoSeriousA11yViolations(page)
  })
})
