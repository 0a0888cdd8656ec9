import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hydrated, serverHtml, settledScrollY } from './helpers.ts'

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']

/** Per route and language: the page title, and text that only the database can have put in the server HTML. */
const routes: { path: string; title: Record<Lang, string>; dbText: Record<Lang, string[]> }[] = [
  {
    path: 'info',
    title: { ko: '회사소개', en: 'Company' },
    dbText: {
      ko: [
        '㈜대한액추에이터 설립',
        'ESG 전담 조직 신설',
        '전동 액추에이터의 토크 감지 장치',
        '특허 제10-1123456호',
        '김도현',
      ],
      en: [
        'Daehan Actuator founded',
        'ESG office created',
        'Torque sensing device for electric actuators',
        'Patent No. 10-1123456',
        'Kim Do-hyeon',
      ],
    },
  },
  {
    path: 'management',
    title: { ko: 'ESG 경영', en: 'ESG Management' },
    // Static copy only: the ESG pages have no database content.
    dbText: {
      ko: ['ESG의 중요성', '2023년 ESG 사무국을 신설'],
      en: ['Importance of ESG', 'created its ESG office in 2023'],
    },
  },
  {
    path: 'client',
    title: { ko: '고객사', en: 'Clients' },
    dbText: {
      ko: ['alt="한국수력원자력"', 'alt="한국수자원공사"', '/media/clients/'],
      en: ['alt="KHNP"', 'alt="K-water"', '/media/clients/'],
    },
  },
  {
    path: 'place',
    title: { ko: '사업장', en: 'Workplaces' },
    dbText: {
      ko: [
        '경기도 여주시 가남읍 산업단지로 87',
        '031-880-1987',
        '베트남 공장',
        '수문 권양기·대형 액추에이터 생산 (2022년 설립)',
      ],
      en: [
        '87 Saneopdanji-ro, Ganam-eup, Yeoju-si',
        '031-880-1987',
        'Vietnam Factory',
        'Gate hoists and large actuators (opened 2022)',
      ],
    },
  },
  {
    path: 'agency',
    title: { ko: '대리점', en: 'Agencies' },
    dbText: {
      ko: ['세진플로우텍㈜', 'Rijnmond Actuator Services B.V.', 'Al Noor Valve Trading Est.'],
      en: ['Sejin Flowtech Co., Ltd.', 'Rijnmond Actuator Services B.V.', 'Al Noor Valve Trading Est.'],
    },
  },
]
const company: Record<Lang, string> = { ko: '㈜대한액추에이터', en: 'Daehan Actuator Co., Ltd.' }

/** The map frames point outside; the test network is closed, so answer them locally. */
async function stubMaps(page: Page) {
  await page.route(/openstreetmap\.org/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title><p>map</p>' }),
  )
}

const scrollLeftOf = (page: Page) => page.locator('.overseas-map__scroller').evaluate((el) => el.scrollLeft)

test.describe('company pages: server HTML', () => {
  for (const route of routes) {
    for (const lang of langs) {
      test(`${route.path} (${lang}) renders database content, title, description, Open Graph and hreflang on the server`, async ({
        page,
      }) => {
        const html = await serverHtml(page, `/company/introduction/${route.path}?lang=${lang}`)
        for (const text of route.dbText[lang]) expect(html, text).toContain(text)
        const title = `${route.title[lang]} | ${company[lang]}`
        expect(html).toContain(`<title>${title}</title>`)
        expect(html).toContain(`<meta property="og:title" content="${title}"/>`)
        expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/>/)
        expect(html).toContain(`<meta property="og:locale" content="${lang === 'en' ? 'en_US' : 'ko_KR'}"/>`)
        for (const alt of ['ko', 'en', 'x-default']) {
          expect(html).toMatch(
            new RegExp(
              `<link rel="alternate" hreflang="${alt}" href="http[^"]*/company/introduction/${route.path}[?"]`,
              'i',
            ),
          )
        }
        expect(html).toContain(`<link rel="canonical" href="`)
        // Every image carries its size (no layout shift) and an alt attribute.
        for (const img of html.match(/<img [^>]*>/g) ?? []) {
          expect(img).toMatch(/ width="\d+"/)
          expect(img).toMatch(/ height="\d+"/)
          expect(img).toMatch(/ alt="/)
        }
      })
    }
  }

  test('/company/introduction redirects to the overview, keeping the query', async ({ page }) => {
    const response = await page.request.get('/company/introduction?lang=en', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/company/introduction/info?lang=en')
    await page.goto('/company/introduction')
    await expect(page).toHaveURL(/\/company\/introduction\/info$/)
  })

  test('the agency copy states the counts of the specification in each language', async ({ page }) => {
    expect(await serverHtml(page, '/company/introduction/agency?lang=ko')).toContain(
      '전국 21개 대리점과 해외 19개 파트너',
    )
    expect(await serverHtml(page, '/company/introduction/agency?lang=en')).toContain(
      '17 domestic agencies and 19 overseas partners',
    )
  })
})

test.describe('company pages: anchors and side menu', () => {
  const anchors: [string, string][] = [
    ['info', 'company_step_02'],
    ['info', 'company_step_05'],
    ['management', 'esg_step_02'],
    ['client', 'client_step_04'],
    ['place', 'place_step_03'],
    ['agency', 'agency_step_02'],
  ]
  for (const [path, id] of anchors) {
    test(`?focus=${id} scrolls its section into view`, async ({ page }) => {
      await stubMaps(page)
      await page.goto(`/company/introduction/${path}?focus=${id}`)
      await expect(page.locator(`#${id}`)).toBeInViewport()
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
      // The side menu marks the anchor's entry as current.
      await expect(page.locator(`.side-menu a[href$="focus=${id}"]`)).toHaveAttribute('aria-current', 'page')
    })
  }

  test('side menu anchors navigate with ?focus= replacing the history entry, and pages switch', async ({ page }) => {
    await page.goto('/company/introduction/info?lang=en')
    await hydrated(page)
    const menu = page.getByRole('navigation', { name: 'About Us' })
    const historyLength = await page.evaluate(() => window.history.length)
    await menu.getByRole('link', { name: 'Organization' }).click()
    await expect(page).toHaveURL(/\/company\/introduction\/info\?focus=company_step_03$/)
    await expect(page.locator('#company_step_03')).toBeInViewport()
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength)
    await menu.getByRole('link', { name: 'Agencies' }).click()
    await expect(page).toHaveURL(/\/company\/introduction\/agency$/)
    await expect(page.getByRole('heading', { name: 'Domestic agencies' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Overseas' })).toBeVisible()
  })
})

test.describe('patents and certificates', () => {
  test('tabs switch by click and arrow keys, keep the query and the scroll position', async ({ page }) => {
    await page.goto('/company/introduction/info?lang=en&focus=company_step_05')
    await hydrated(page)
    await expect(page.locator('#company_step_05')).toBeInViewport()
    const tablist = page.getByRole('tablist', { name: 'Patents and certificates' })
    const patentTab = tablist.getByRole('tab', { name: 'Patent' })
    const certificateTab = tablist.getByRole('tab', { name: 'Certificates' })
    const panel = page.getByRole('tabpanel', { name: 'Patent' })
    await expect(patentTab).toHaveAttribute('aria-selected', 'true')
    await expect(panel).toContainText('Torque sensing device for electric actuators')
    const before = await settledScrollY(page)

    await certificateTab.click()
    await expect(page).toHaveURL(/[?&]tab=certificate/)
    await expect(page).toHaveURL(/[?&]lang=en/)
    await expect(certificateTab).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Certificates' })).toContainText(
      'ISO 9001 Quality Management System',
    )
    await expect(page.getByRole('tabpanel')).not.toContainText('Torque sensing device')
    expect(Math.abs((await settledScrollY(page)) - before)).toBeLessThan(50)

    await page.keyboard.press('ArrowLeft')
    await expect(patentTab).toBeFocused()
    await expect(patentTab).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(/[?&]tab=patent/)
    await page.keyboard.press('End')
    await expect(certificateTab).toBeFocused()
    await expect(page.getByRole('tabpanel')).toContainText('ISO 14001')
    // Only the selected tab is in the Tab order.
    await expect(patentTab).toHaveAttribute('tabindex', '-1')
  })

  const downloads: { lang: Lang; title: string; button: string; confirm: string; ok: string; file: string }[] = [
    {
      lang: 'en',
      title: 'Torque sensing device for electric actuators',
      button: 'Download Torque sensing device for electric actuators',
      confirm: 'Are you sure you want to download it?',
      ok: 'Download',
      file: 'Patent_Certificate_Actuator_Torque_Sensing_Device.pdf',
    },
    {
      lang: 'ko',
      title: '전동 액추에이터의 토크 감지 장치',
      button: '다운로드: 전동 액추에이터의 토크 감지 장치',
      confirm: '다운로드 하시겠습니까?',
      ok: '다운로드',
      file: '특허증_전동액추에이터_토크감지장치.pdf',
    },
  ]
  for (const d of downloads) {
    test(`download asks for confirmation, then delivers the PDF (${d.lang})`, async ({ page }) => {
      await page.goto(`/company/introduction/info?lang=${d.lang}&focus=company_step_05`)
      await hydrated(page)
      const button = page.getByRole('button', { name: d.button })
      await button.click()
      const dialog = page.getByRole('dialog', { name: d.title })
      await expect(dialog).toContainText(d.confirm)
      // Escape cancels without downloading; focus returns to the button.
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(button).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible()
      const downloadEvent = page.waitForEvent('download')
      await dialog.getByRole('button', { name: d.ok, exact: true }).click()
      const download = await downloadEvent
      expect(download.suggestedFilename()).toBe(d.file)
      const bytes = fs.readFileSync((await download.path())!)
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      await expect(dialog).toBeHidden()
    })
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('tabs are links to ?tab= and downloads are links to the file', async ({ page }) => {
      await page.goto('/company/introduction/info?lang=en')
      await page.getByRole('tab', { name: 'Certificates' }).click()
      await expect(page).toHaveURL(/\?lang=en&tab=certificate#company_step_05$/)
      await expect(page.getByRole('tabpanel')).toContainText('ISO 9001 Quality Management System')
      const link = page.getByRole('link', { name: 'Download ISO 9001 Quality Management System' })
      const href = await link.getAttribute('href')
      expect(href).toMatch(/^\/api\/s3\/download\?file_name=/)
      const response = await page.request.get(href!)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-disposition']).toMatch(/^attachment;/)
      expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    })
  })
})

test.describe('workplaces', () => {
  for (const lang of langs) {
    test(`maps load only when scrolled into view, in the page language (${lang})`, async ({ page }) => {
      await stubMaps(page)
      await page.goto(`/company/introduction/place?lang=${lang}`)
      await hydrated(page)
      const last = page.locator('section[aria-labelledby="place_step_04"]')
      await expect(last.locator('iframe')).toHaveCount(0)
      await expect(last.locator('.place-map__placeholder')).toContainText(
        lang === 'en' ? 'Ho Chi Minh City' : '호찌민시',
      )
      await last.locator('.place-map').scrollIntoViewIfNeeded()
      const frame = last.locator('iframe')
      await expect(frame).toHaveAttribute('title', lang === 'en' ? 'Map of Vietnam Factory' : '베트남 공장 위치 지도')
      await expect(frame).toHaveAttribute('loading', 'lazy')
      await expect(frame).toHaveAttribute('width', '800')
      await expect(frame).toHaveAttribute('height', '450')
      const src = await frame.getAttribute('src')
      expect(src).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/)
      expect(src!.endsWith('&lang=en')).toBe(lang === 'en')
      await expect(last.getByRole('term')).toHaveText([
        lang === 'en' ? 'Address' : '주소',
        lang === 'en' ? 'Tel' : '전화',
        lang === 'en' ? 'Fax' : '팩스',
      ])
      await expect(last).toContainText('+84-28-3815-1988')
    })
  }
})

test.describe('overseas agency map', () => {
  test('drags only after 10 px, hides the guide once scrolling rests, and scrolls with the keyboard', async ({
    page,
  }) => {
    await page.goto('/company/introduction/agency?lang=en&focus=agency_step_02')
    await hydrated(page)
    const region = page.getByRole('region', { name: 'Overseas agency map (scrolls sideways)' })
    await region.scrollIntoViewIfNeeded()
    const guide = page.locator('.overseas-map__guide')
    await expect(guide).toBeVisible()
    await expect(guide).toHaveText('Drag to see more')
    await expect(region.getByRole('img')).toHaveAttribute('alt', /World map of the overseas agencies/)

    const box = (await region.boundingBox())!
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x - 6, y)
    expect(await scrollLeftOf(page)).toBe(0)
    await page.mouse.move(x - 300, y, { steps: 10 })
    await page.mouse.up()
    // The scroll follows the pointer in the next frames: on a busy machine a frame can come late.
    await expect.poll(() => scrollLeftOf(page)).toBeGreaterThan(250)
    await expect(guide).toBeHidden()

    await page.evaluate(() => (document.querySelector('.overseas-map__scroller') as HTMLElement).scrollTo({ left: 0 }))
    await region.focus()
    await expect(region).toBeFocused()
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
    await expect.poll(() => scrollLeftOf(page)).toBeGreaterThan(0)
  })

  test('domestic and overseas grids list every agency by region', async ({ page }) => {
    await page.goto('/company/introduction/agency?lang=en')
    await expect(page.locator('#agency01 .agency-card')).toHaveCount(21)
    await expect(page.locator('#agency02 .agency-card')).toHaveCount(19)
    await expect(page.locator('#agency02').getByRole('heading', { level: 3 })).toHaveText([
      'Asia',
      'Middle East',
      'Americas',
      'Europe',
    ])
  })
})

test.describe('company pages: small screens', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true })
  for (const route of routes) {
    test(`${route.path} fits 320 px without sideways page scrolling`, async ({ page }) => {
      await stubMaps(page)
      await page.goto(`/company/introduction/${route.path}?lang=en`)
      await hydrated(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    })
  }
})

// Each page in both languages is scanned in a11y-routes.spec.ts; here, what only an interaction opens.
test.describe('company pages: accessibility', () => {
  test('axe: the download confirm dialog and the certificate tab', async ({ page }) => {
    await page.goto('/company/introduction/info?lang=en&tab=certificate&focus=company_step_05')
    await hydrated(page)
    await page.getByRole('button', { name: 'Download ISO 9001 Quality Management System' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})
