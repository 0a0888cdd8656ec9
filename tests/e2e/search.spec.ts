import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hidePopups, hydrated, navigate, serverHtml, testIn } from './helpers.ts'

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']

const text = {
  ko: {
    nav: '검색',
    title: '검색',
    resultTitle: '검색 결과',
    label: '검색어',
    placeholder: '검색어를 입력하세요',
    submit: '검색',
    prompt: '검색어를 입력해 주세요.',
    none: '검색 결과가 없습니다.',
    tooLong: '검색어는 100자 이내로 입력해 주세요.',
    tooShort: '한 글자로는 한글만 찾을 수 있습니다. 영문과 숫자는 두 글자 이상 입력해 주세요.',
    count: (keyword: string, total: number) => `"${keyword}" 검색 결과 ${total}건`,
    pages: '페이지 이동',
    page: (n: number) => `${n} 페이지`,
    banner: '제품소개',
    // More than 15 hits in Korean content.
    keyword: '액추에이터',
    encoded: '%EC%95%A1%EC%B6%94%EC%97%90%EC%9D%B4%ED%84%B0',
  },
  en: {
    nav: 'Search',
    title: 'Search',
    resultTitle: 'Search Results',
    label: 'Search word',
    placeholder: 'Enter a search word',
    submit: 'Search',
    prompt: 'Enter a search word.',
    none: 'No search results found.',
    tooLong: 'Please enter a search word of at most 100 characters.',
    tooShort: 'One character finds only Korean syllables: enter at least two letters or digits.',
    count: (keyword: string, total: number) => `${total} results for "${keyword}"`,
    pages: 'Pages',
    page: (n: number) => `Page ${n}`,
    banner: 'Products',
    keyword: 'actuator',
    encoded: 'actuator',
  },
} as const

const HOSTILE = '<img src=x onerror=alert(1)>'

type Hit = {
  title: string
  description: string
  url: string
  oneDepth: string
  highlights: { title: [number, number][]; description: [number, number][] }
}
type HitList = { list: Hit[]; pagination: { totalRecordCountAll: number } }

/** The same search through the API, in the page's language. */
async function apiSearch(page: Page, keyword: string, lang: Lang, pageNo = 1): Promise<HitList> {
  const query = new URLSearchParams({ keyword, language: lang === 'ko' ? 'KOR' : 'ENG', page: String(pageNo) })
  const response = await page.request.get(`/api/search/list?${query}`)
  return ((await response.json()) as { data: HitList }).data
}

async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, domain: 'localhost', path: '/' }])
}

const main = (page: Page) => page.locator('main')
const searchBox = (page: Page) => main(page).getByRole('searchbox')
const submit = (page: Page, lang: Lang) => main(page).getByRole('button', { name: text[lang].submit, exact: true })
const hits = (page: Page) => page.locator('.search-hit')
const hitLink = (hit: Locator) => hit.locator('.search-hit__title a')
const dialogs: string[] = []

test.beforeEach(async ({ page }) => {
  dialogs.length = 0
  // A dialog would mean the hostile keyword ran as markup.
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await hidePopups(page)
})
test.afterEach(() => expect(dialogs, 'no script dialog opened').toEqual([]))

test.describe('site search', () => {
  for (const lang of langs) {
    const l = text[lang]

    test(`the header icon reaches the prompt: heading, labelled box with its placeholder, Search button, prompt message (${lang})`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${lang}`)
      await hydrated(page)
      await page.locator('header.site-header').getByRole('link', { name: l.nav, exact: true }).first().click()
      await expect(page).toHaveURL(/\/search$/)
      await expect(page.getByRole('heading', { level: 2, name: l.title, exact: true })).toBeVisible()
      const form = main(page).getByRole('search', { name: l.title })
      await expect(form).toHaveAttribute('method', 'get')
      await expect(form).toHaveAttribute('action', '/search/result')
      await expect(form.getByLabel(l.label)).toHaveAttribute('placeholder', l.placeholder)
      await expect(submit(page, lang)).toBeVisible()
      await expect(main(page).getByText(l.prompt, { exact: true })).toBeVisible()
      // Indexable, unlike the results.
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    })

    testIn(lang, 'ko')(
      `Enter searches: URL-encoded keyword, prefilled box, count, breadcrumb, linked title and every occurrence marked (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto('/search')
        await hydrated(page)
        await searchBox(page).fill(l.keyword)
        await searchBox(page).press('Enter')
        await expect(page).toHaveURL(new RegExp(`/search/result\\?keyword=${l.encoded}$`))
        await expect(page.getByRole('heading', { level: 2, name: l.resultTitle })).toBeVisible()
        await expect(searchBox(page)).toHaveValue(l.keyword)
        // The focus stays in the box, ready for the next search.
        await expect(searchBox(page)).toBeFocused()

        const api = await apiSearch(page, l.keyword, lang)
        const total = api.pagination.totalRecordCountAll
        expect(total).toBeGreaterThan(15)
        await expect(page.locator('.search-results__count')).toHaveText(l.count(l.keyword, total))
        await expect(hits(page)).toHaveCount(15)
        for (const [i, hit] of api.list.entries()) {
          const row = hits(page).nth(i)
          await expect(row.locator('.search-hit__depth').first()).toHaveText(hit.oneDepth)
          await expect(row.locator('.search-hit__trail')).toContainText(' > ')
          await expect(hitLink(row)).toHaveText(hit.title)
          await expect(hitLink(row)).toHaveAttribute('href', hit.url)
          if (lang === 'en') expect(hit.url).toContain('lang=en')
          // One <mark> per occurrence the service found, in the title and in the excerpt.
          await expect(hitLink(row).locator('mark')).toHaveCount(hit.highlights.title.length)
          await expect(row.locator('.search-hit__excerpt mark')).toHaveCount(hit.highlights.description.length)
          if (hit.description) await expect(row.locator('.search-hit__excerpt')).toHaveText(hit.description)
        }
        // Every mark is the keyword (case aside), and every occurrence of it in a title is marked.
        const marks = await main(page).locator('mark').allTextContents()
        expect(marks.length).toBeGreaterThan(15)
        for (const mark of marks) expect(mark.toLowerCase()).toBe(l.keyword)
        const titleOccurrences = api.list.reduce((n, hit) => n + hit.title.toLowerCase().split(l.keyword).length - 1, 0)
        await expect(main(page).locator('.search-hit__title mark')).toHaveCount(titleOccurrences)
        // Marks are readable: axe checks their contrast too.
        await expectNoSeriousA11yViolations(page)
      },
    )

    testIn(lang, 'en')(`a hit's link leads to its page (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto(`/search/result?keyword=${l.encoded}`)
      await hydrated(page)
      const first = hitLink(hits(page).first())
      const href = (await first.getAttribute('href'))!
      expect(href).toMatch(/^\/product\//)
      await first.click()
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.banner)
      await expect(page.locator('.error-page')).toHaveCount(0)
    })

    testIn(lang, 'ko')(`more than 15 hits page: to page 2 and back (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto(`/search/result?keyword=${l.encoded}`)
      await hydrated(page)
      const [one, two] = await Promise.all([apiSearch(page, l.keyword, lang, 1), apiSearch(page, l.keyword, lang, 2)])
      const pager = page.getByRole('navigation', { name: l.pages })
      await expect(pager.getByRole('link', { name: l.page(1) })).toHaveAttribute('aria-current', 'page')
      const total = one.pagination.totalRecordCountAll
      await expect(pager.locator('.pagination__number')).toHaveCount(Math.min(5, Math.ceil(total / 15)))

      await pager.getByRole('link', { name: l.page(2) }).click()
      await expect(page).toHaveURL(new RegExp(`/search/result\\?keyword=${l.encoded}&page=2$`))
      await expect(pager.getByRole('link', { name: l.page(2) })).toHaveAttribute('aria-current', 'page')
      await expect(hitLink(hits(page).first())).toHaveText(two.list[0]!.title)
      await expect(hits(page)).toHaveCount(two.list.length)
      await expect(searchBox(page)).toHaveValue(l.keyword)

      await pager.getByRole('link', { name: l.page(1) }).click()
      await expect(page).toHaveURL(new RegExp(`/search/result\\?keyword=${l.encoded}&page=1$`))
      await expect(hitLink(hits(page).first())).toHaveText(one.list[0]!.title)
      await page.goBack()
      await expect(page).toHaveURL(/&page=2$/)
      await expect(hitLink(hits(page).first())).toHaveText(two.list[0]!.title)
    })

    testIn(lang, 'en')(
      `an empty or blank keyword does nothing; without a keyword the results page prompts (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto('/search')
        await hydrated(page)
        for (const blank of ['', '   ']) {
          await searchBox(page).fill(blank)
          await searchBox(page).press('Enter')
          await page.waitForTimeout(300)
          await expect(page).toHaveURL(/\/search$/)
          await expect(searchBox(page)).toBeFocused()
        }
        await submit(page, lang).click()
        await page.waitForTimeout(300)
        await expect(page).toHaveURL(/\/search$/)
        await expect(searchBox(page)).toBeFocused()

        await page.goto('/search/result')
        await expect(main(page).getByText(l.prompt, { exact: true })).toBeVisible()
        await expect(hits(page)).toHaveCount(0)
        await page.goto('/search/result?keyword=%20%20')
        await expect(main(page).getByText(l.prompt, { exact: true })).toBeVisible()
        await expect(searchBox(page)).toHaveValue('')
      },
    )

    testIn(lang, 'en')(`a nonsense keyword finds nothing; one Latin letter says why (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/search')
      await hydrated(page)
      await searchBox(page).fill('zqxjvw')
      await submit(page, lang).click()
      await expect(page).toHaveURL(/\/search\/result\?keyword=zqxjvw$/)
      await expect(main(page).locator('.empty-state')).toHaveText(l.none)
      await expect(page.locator('.search-results__count')).toHaveText(l.count('zqxjvw', 0))
      await expect(hits(page)).toHaveCount(0)
      await expect(page.locator('.pagination')).toHaveCount(0)

      await searchBox(page).fill('a')
      await searchBox(page).press('Enter')
      await expect(page).toHaveURL(/\/search\/result\?keyword=a$/)
      await expect(main(page).locator('.empty-state')).toHaveText(l.tooShort)
      await expect(searchBox(page)).toBeFocused()
      await expectNoSeriousA11yViolations(page)
    })

    testIn(lang, 'ko')(`a hostile keyword is shown as text and never runs (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/search')
      await hydrated(page)
      await searchBox(page).fill(HOSTILE)
      await searchBox(page).press('Enter')
      await expect(page).toHaveURL(/\/search\/result\?keyword=%3Cimg\+src%3Dx\+onerror%3Dalert%281%29%3E$/)
      await expect(searchBox(page)).toHaveValue(HOSTILE)
      // Shown as text (some of its words may find entries: `error` is in the body of a few).
      await expect(page.locator('.search-results__count')).toContainText(HOSTILE)
      await expect(main(page).locator('img[src="x"]')).toHaveCount(0)
      // Server-rendered too: the markup arrives escaped.
      await page.reload()
      await hydrated(page)
      await expect(page.locator('.search-results__count')).toContainText(HOSTILE)
      await expect(page.locator('img[src="x"]')).toHaveCount(0)
      const html = await serverHtml(page, `/search/result?keyword=${encodeURIComponent(HOSTILE)}`)
      expect(html).not.toContain(HOSTILE)
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    })

    testIn(lang, 'ko')(
      `a keyword over 100 characters: the message in the form, 400 from the server, no results (${lang})`,
      async ({ page }) => {
        const long = 'b'.repeat(101)
        await useLanguage(page, lang)
        await page.goto(`/search/result?keyword=${l.encoded}`)
        await hydrated(page)
        // In the browser: the form's own check, nothing sent.
        await searchBox(page).fill(long)
        await searchBox(page).press('Enter')
        await expect(main(page).getByRole('alert')).toHaveText(l.tooLong)
        await expect(page).toHaveURL(new RegExp(`keyword=${l.encoded}$`))
        await expect(searchBox(page)).toBeFocused()
        await expect(searchBox(page)).toHaveAttribute(
          'aria-describedby',
          (await main(page).getByRole('alert').getAttribute('id'))!,
        )
        // Typing again clears it; 100 characters are allowed.
        await searchBox(page).fill('b'.repeat(100))
        await expect(main(page).getByRole('alert')).toHaveCount(0)

        // The address itself: the server answers 400 with the same message.
        const response = await page.goto(`/search/result?keyword=${long}`)
        expect(response?.status()).toBe(400)
        await hydrated(page)
        await expect(main(page).getByRole('alert')).toHaveText(l.tooLong)
        await expect(searchBox(page)).toHaveValue(long)
        await expect(page.locator('.search-results')).toHaveCount(0)
        // Reached by client-side navigation (history), the same page.
        await navigate(page, `/search/result?keyword=${l.encoded}`)
        await expect(hits(page)).toHaveCount(15)
        await navigate(page, `/search/result?keyword=${'c'.repeat(101)}`)
        await expect(main(page).getByRole('alert')).toHaveText(l.tooLong)
        await expect(page.locator('.search-results')).toHaveCount(0)
        await expectNoSeriousA11yViolations(page)
      },
    )

    testIn(lang, 'en')(
      `keyboard: Tab reaches the box, then Search, then the hit links; Enter follows one (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto(`/search/result?keyword=${l.encoded}`)
        await hydrated(page)
        // From the start of the content: the first stops are the box and the button.
        await page.locator('#main').focus()
        await page.keyboard.press('Tab')
        await expect(searchBox(page)).toBeFocused()
        await page.keyboard.press('Tab')
        await expect(submit(page, lang)).toBeFocused()
        await page.keyboard.press('Tab')
        const first = hitLink(hits(page).first())
        await expect(first).toBeFocused()
        await page.keyboard.press('Tab')
        await expect(hitLink(hits(page).nth(1))).toBeFocused()
        await page.keyboard.press('Shift+Tab')
        await expect(first).toBeFocused()
        const href = (await first.getAttribute('href'))!
        await page.keyboard.press('Enter')
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href)
      },
    )

    testIn(lang, 'ko')(`no JavaScript: the GET form searches and the pager is links (${lang})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(lang === 'ko' ? '/search' : '/search?lang=en')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await searchBox(page).fill(l.keyword)
      await searchBox(page).press('Enter')
      await expect(page).toHaveURL(
        new RegExp(`/search/result\\?keyword=${l.encoded}${lang === 'en' ? '&lang=en' : ''}$`),
      )
      await expect(page.getByRole('heading', { level: 2, name: l.resultTitle })).toBeVisible()
      await expect(searchBox(page)).toHaveValue(l.keyword)
      await expect(hits(page)).toHaveCount(15)
      await expect(hits(page).first().locator('mark').first()).toHaveText(new RegExp(l.keyword, 'i'))
      await page
        .getByRole('navigation', { name: l.pages })
        .getByRole('link', { name: l.page(2) })
        .click()
      await expect(page).toHaveURL(/&page=2$/)
      await expect(hits(page).first()).toBeVisible()
      // The button submits too; too long answers 400 with the message.
      await searchBox(page).fill('d'.repeat(101))
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/search/result?keyword=ddd')),
        submit(page, lang).click(),
      ])
      expect(response.status()).toBe(400)
      await expect(main(page).getByRole('alert')).toHaveText(l.tooLong)
      await context.close()
    })

    testIn(lang, 'en')(`pages at 320 px: no sideways scrolling (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 })
      await useLanguage(page, lang)
      for (const url of [
        `/search`,
        `/search/result?keyword=${l.encoded}`,
        `/search/result?keyword=${'e'.repeat(101)}`,
        `/search/result?keyword=${'f'.repeat(100)}`,
      ]) {
        await page.goto(url)
        await hydrated(page)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, url).toBeLessThanOrEqual(0)
      }
    })
  }

  test('initial consonants find 전동 액추에이터 and mark its syllables', async ({ page }) => {
    await page.goto('/search')
    await hydrated(page)
    await searchBox(page).fill('ㅈㄷㅇㅊ')
    await searchBox(page).press('Enter')
    await expect(page).toHaveURL(/\/search\/result\?keyword=%E3%85%88%E3%84%B7%E3%85%87%E3%85%8A$/)
    const link = main(page)
      .locator('.search-hit__title a', { hasText: /^전동 액추에이터$/ })
      .first()
    await expect(link).toBeVisible()
    await expect(link.locator('mark')).toHaveText('전동 액추')
  })

  test('results carry noindex and are cached like every public page; the prompt is indexable', async ({ page }) => {
    const url = `/search/result?keyword=${text.ko.encoded}`
    const html = await serverHtml(page, url)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(await serverHtml(page, '/search')).not.toContain('name="robots"')
    // Stored once its compressed forms are made.
    await expect.poll(async () => (await page.request.get(url)).headers()['x-cache']).toBe('hit')
    const tooLong = await page.request.get(`/search/result?keyword=${'g'.repeat(101)}`)
    expect(tooLong.status()).toBe(400)
    expect(tooLong.headers()['x-cache']).toBeUndefined()
  })
})
