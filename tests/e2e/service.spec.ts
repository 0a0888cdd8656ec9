import { expect, test, type Locator, type Page } from '@playwright/test'
import fs from 'node:fs'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hydrated, serverHtml, testIn } from './helpers.ts'

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']
type Text = Record<Lang, string>

const ui = {
  ko: {
    search: '검색',
    reset: '초기화',
    word: '검색어',
    empty: '검색 결과가 없습니다.',
    pages: '페이지 이동',
    page: (n: number) => `${n} 페이지`,
    total: (n: number) => `총 ${n}건`,
    part1: '시리얼 번호 앞 2자리',
    part2: '시리얼 번호 뒤 4자리',
    firstError: '시리얼 번호 앞 2자리 숫자를 입력하세요.',
    model: '모델명',
    power: '전원',
    control: '제어 방식',
    option: '옵션',
    chooseModel: '먼저 모델명을 선택하세요.',
    count: (n: number) => `표준 결선도 ${n}건`,
  },
  en: {
    search: 'Search',
    reset: 'Initialization',
    word: 'Search word',
    empty: 'No search results found.',
    pages: 'Pages',
    page: (n: number) => `Page ${n}`,
    total: (n: number) => `${n} results`,
    part1: 'First 2 digits of the serial number',
    part2: 'Next 4 digits of the serial number',
    firstError: 'Enter the first two digits of the serial number.',
    model: 'Model name',
    power: 'Power',
    control: 'Control',
    option: 'Option',
    chooseModel: 'Choose a model name first.',
    count: (n: number) => `${n} standard circuit diagrams`,
  },
} as const

async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, domain: 'localhost', path: '/' }])
}

type ApiDocs = { list: { id: number; title: string; title_en: string }[]; pagination: { totalRecordCountAll: number } }
async function apiDocs(page: Page, type: number, keyword: string, ids: string[] = []): Promise<ApiDocs> {
  const q = new URLSearchParams({
    type: String(type),
    keyword,
    option_id_list: ids.length ? ids.join(',') : '0',
    recordSize: '5',
  })
  return ((await (await page.request.get(`/api/support/list/text?${q}`)).json()) as { data: ApiDocs }).data
}

/** Lets the focus scroll of a search (300 ms, then smooth) finish, so the next click does not race it. */
async function settle(page: Page) {
  await page.waitForTimeout(350)
  await expect
    .poll(async () => {
      const before = await page.evaluate(() => window.scrollY)
      await page.waitForTimeout(150)
      return before === (await page.evaluate(() => window.scrollY))
    })
    .toBe(true)
}

const searchForm = (page: Page) => page.getByRole('search')
const searchBox = (page: Page) => searchForm(page).getByRole('searchbox')
const resultNumbers = (page: Page) => page.locator('.service-results td.doc-table__no')
const checkbox = (page: Page, name: string) => searchForm(page).getByRole('checkbox', { name, exact: true })

/** Second depths the search tests walk: a search word and two options to tick, from the demo data. */
const depths: {
  path: string
  type: number
  word: string
  ticks: [Text, Text]
  disabled: Text
  other: { path: string; name: Text }
}[] = [
  {
    path: '/service/reference/catalog',
    type: 1,
    word: 'TX',
    ticks: [
      { ko: 'TM', en: 'TM' },
      { ko: '국문', en: 'Korean' },
    ],
    disabled: { ko: 'TS (단종)', en: 'TS (discontinued)' },
    other: { path: '/service/reference/circuit-diagram', name: { ko: '결선도', en: 'Circuit diagram' } },
  },
  {
    path: '/service/as/faq',
    type: 7,
    word: 'TM',
    ticks: [
      { ko: '설정', en: 'Setting' },
      { ko: 'TM', en: 'TM' },
    ],
    disabled: { ko: '보증 (준비 중)', en: 'Warranty (coming soon)' },
    other: { path: '/service/as/guidelines', name: { ko: '유지보수 지침', en: 'Maintenance Guidelines' } },
  },
]

test.describe('service search', () => {
  for (const depth of depths) {
    for (const lang of langs) {
      const l = ui[lang]
      testIn(lang, depth === depths[0] ? 'ko' : 'en')(
        `${depth.path}: text search, option ticking, Initialization, pagination and back (${lang})`,
        async ({ page }) => {
          const all = await apiDocs(page, depth.type, '')
          const total = all.pagination.totalRecordCountAll
          expect(total).toBeGreaterThan(5)
          await useLanguage(page, lang)
          await page.goto(depth.path)
          await hydrated(page)
          await expect(page.locator('.service-results__total')).toHaveText(l.total(total))
          await expect(resultNumbers(page)).toHaveText([0, 1, 2, 3, 4].map((i) => String(total - i)))
          await expect(checkbox(page, depth.disabled[lang])).toBeDisabled()

          // Pagination: numbering continues from total − 5 × (page − 1); the results stay in view.
          await page
            .getByRole('navigation', { name: l.pages })
            .getByRole('link', { name: l.page(2) })
            .click()
          await expect(page).toHaveURL(
            new RegExp(`${depth.path}\\?page=2&focus=search_result_bottom&disableScrollTop=true$`),
          )
          await expect(resultNumbers(page).first()).toHaveText(String(total - 5))

          // Text search.
          await searchBox(page).fill(depth.word)
          await searchForm(page).getByRole('button', { name: l.search }).click()
          await expect(page).toHaveURL(
            new RegExp(
              `${depth.path}\\?page=1&search=${depth.word}&option_id_list=0&focus=search_result_bottom&disableScrollTop=true$`,
            ),
          )
          const byWord = await apiDocs(page, depth.type, depth.word)
          await expect(page.locator('.service-results__total')).toHaveText(
            l.total(byWord.pagination.totalRecordCountAll),
          )
          await expect(page.locator('.service-results td.doc-table__title').first()).toHaveText(
            lang === 'ko' ? byWord.list[0]!.title : byWord.list[0]!.title_en,
          )
          await expect(page.locator('#search_result_bottom')).toBeInViewport()
          await settle(page)

          // Ticking rebuilds the text from the ticked titles; unticking removes the title.
          const [a, b] = [depth.ticks[0][lang], depth.ticks[1][lang]]
          await checkbox(page, a).check()
          await expect(searchBox(page)).toHaveValue(a)
          await checkbox(page, b).check()
          await expect(searchBox(page)).toHaveValue(`${a} ${b}`)
          await checkbox(page, a).uncheck()
          await expect(searchBox(page)).toHaveValue(b)
          await checkbox(page, a).check()
          await expect(searchBox(page)).toHaveValue(`${b} ${a}`)
          const ids = [
            (await checkbox(page, b).getAttribute('value'))!,
            (await checkbox(page, a).getAttribute('value'))!,
          ]
          await searchBox(page).press('Enter')
          await expect(page).toHaveURL(new RegExp(`[?&]option_id_list=${ids.join(',')}&`))
          await settle(page)
          await expect(page).toHaveURL(
            new RegExp(`[?&]search=${encodeURIComponent(`${b} ${a}`).replace(/%20/g, '\\+')}&`),
          )
          const byOptions = await apiDocs(page, depth.type, `${b} ${a}`, ids)
          expect(byOptions.pagination.totalRecordCountAll).toBeGreaterThan(0)
          await expect(page.locator('.service-results__total')).toHaveText(
            l.total(byOptions.pagination.totalRecordCountAll),
          )
          await expect(checkbox(page, a)).toBeChecked()
          await expect(checkbox(page, b)).toBeChecked()
          // A reload reproduces the result from the URL.
          await page.reload()
          await hydrated(page)
          await settle(page)
          await expect(searchBox(page)).toHaveValue(`${b} ${a}`)
          await expect(page.locator('.service-results__total')).toHaveText(
            l.total(byOptions.pagination.totalRecordCountAll),
          )

          // Back restores the previous result, its text and unticked options.
          await page.goBack()
          await expect(page).toHaveURL(new RegExp(`search=${depth.word}&option_id_list=0&`))
          await expect(searchBox(page)).toHaveValue(depth.word)
          await expect(checkbox(page, a)).not.toBeChecked()
          await expect(page.locator('.service-results__total')).toHaveText(
            l.total(byWord.pagination.totalRecordCountAll),
          )
          await page.goForward()
          await expect(searchBox(page)).toHaveValue(`${b} ${a}`)
          await settle(page)

          // Initialization clears the text, the options and the page.
          await searchForm(page).getByRole('link', { name: l.reset }).click()
          await expect(page).toHaveURL(new RegExp(`${depth.path}$`))
          await expect(searchBox(page)).toHaveValue('')
          await expect(checkbox(page, a)).not.toBeChecked()
          await expect(checkbox(page, b)).not.toBeChecked()
          await expect(page.locator('.service-results__total')).toHaveText(l.total(total))
          await expectNoSeriousA11yViolations(page)

          // Switching the second depth clears options and text.
          await checkbox(page, a).check()
          await searchForm(page).getByRole('button', { name: l.search }).click()
          await expect(page).toHaveURL(/option_id_list=\d+&/)
          await settle(page)
          await page.locator('nav.tree-menu').getByRole('link', { name: depth.other.name[lang], exact: true }).click()
          await expect(page).toHaveURL(new RegExp(`${depth.other.path}$`))
          await expect(searchBox(page)).toHaveValue('')
          await expect(searchForm(page).getByRole('checkbox', { checked: true })).toHaveCount(0)
        },
      )
    }
  }

  test("'none' words are dropped and + is a space; option_id_list=0 means no option", async ({ page }) => {
    const byWord = await apiDocs(page, 1, 'TX')
    await page.goto('/service/reference/catalog?search=none+TX+NONE&option_id_list=0&lang=en')
    await expect(page.locator('.service-results__total')).toHaveText(`${byWord.pagination.totalRecordCountAll} results`)
    await expect(searchBox(page)).toHaveValue('none TX NONE')
    await page.goto('/service/reference/catalog?search=None&option_id_list=0&lang=en')
    const all = await apiDocs(page, 1, '')
    await expect(page.locator('.service-results__total')).toHaveText(`${all.pagination.totalRecordCountAll} results`)
    await page.goto('/service/reference/catalog?search=zzz-nothing&lang=en')
    await expect(page.locator('.service-results').getByRole('status')).toHaveText('No search results found.')
  })

  test('unknown groups and depths are the 404 page; the header link reaches the service pages', async ({ page }) => {
    for (const path of [
      '/service/reference/faq',
      '/service/as/catalog',
      '/service/other/catalog',
      '/service/reference/Catalog',
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404)
    }
    await page.goto('/recruitment?lang=en')
    await hydrated(page)
    await page.locator('header').getByRole('link', { name: 'Service & Support', exact: true }).first().click()
    await expect(page).toHaveURL(/\/service\/reference\/catalog$/)
  })

  test('option groups sit in two columns, one below 768 px', async ({ page }) => {
    const columns = () =>
      page.locator('.service-options').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
    await page.goto('/service/reference/circuit-diagram')
    expect(await columns()).toBe(2)
    await page.setViewportSize({ width: 700, height: 900 })
    expect(await columns()).toBe(1)
    await page.setViewportSize({ width: 768, height: 900 })
    expect(await columns()).toBe(1)
    await page.setViewportSize({ width: 769, height: 900 })
    expect(await columns()).toBe(2)
    await expectNoSeriousA11yViolations(page)
  })

  test('works before JavaScript: GET forms whose fields map onto the query', async ({ page }) => {
    const html = await serverHtml(page, '/service/reference/circuit-diagram')
    expect(html).toContain('name="search"')
    expect(html).toMatch(/<input[^>]+name="option" value="\d+"/)
    expect(html).toContain('name="code1"')
    expect(html).toContain('maxLength="2"')
    expect(html).toContain('maxLength="4"')
    // The no-JavaScript field names are read as the canonical ones.
    const noJs = await serverHtml(page, '/service/reference/circuit-diagram?code1=25&code2=0100&search=&page=1')
    expect(noJs).toContain('25-0100')
    expect(noJs).toContain('TM-BASIC')
  })
})

async function typeInto(input: Locator, value: string) {
  await input.fill('')
  await input.pressSequentially(value)
}

test.describe('circuit-diagram lookup', () => {
  for (const lang of langs) {
    const l = ui[lang]
    testIn(lang, 'ko')(
      `serial lookup with valid, partial, over-long and non-digit input (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto('/service/reference/circuit-diagram')
        await hydrated(page)
        const section = page.locator('section.serial')
        const part1 = section.getByLabel(l.part1)
        const part2 = section.getByLabel(l.part2)
        await expect(section).toContainText(lang === 'ko' ? 'DA250100-A → 25 / 0100' : 'DA250100-A → 25 / 0100')
        await expect(part1).toHaveAccessibleDescription(/25 \/ 0100/)

        // Over-long and non-digit input is ignored as typed.
        await typeInto(part1, '251')
        await expect(part1).toHaveValue('25')
        await typeInto(part2, '01009')
        await expect(part2).toHaveValue('0100')
        await typeInto(part1, 'a2-b5')
        await expect(part1).toHaveValue('25')
        await typeInto(part2, '0x1.0 0')
        await expect(part2).toHaveValue('0100')

        // Valid: one diagram, downloadable.
        await section.getByRole('button', { name: l.search }).click()
        await expect(page).toHaveURL(/[?&]code=25-0100&focus=serial_result&disableScrollTop=true$/)
        await settle(page)
        const rows = page.locator('#serial_result tbody tr')
        await expect(rows).toHaveCount(1)
        await expect(rows.first()).toContainText('25-0100')
        await expect(rows.first()).toContainText('TM-BASIC')
        // Each download link is named by its visible badge first (WCAG 2.5.3), then the file.
        const korean = rows.first().getByRole('link', {
          name:
            lang === 'ko'
              ? 'KOR — 25-0100_TM-BASIC_결선도.pdf (국문) 다운로드'
              : 'KOR — 25-0100_TM-BASIC_결선도.pdf (Korean) download',
          exact: true,
        })
        await expect(korean).toHaveText('KOR')
        await expect(
          rows.first().getByRole('link', { name: /^ENG — 25-0100_TM-BASIC_Circuit_Diagram_EN\.pdf / }),
        ).toHaveText('ENG')
        const href = await korean.getAttribute('href')
        const file = await page.request.get(href!)
        expect(file.status()).toBe(200)
        expect((await file.body()).subarray(0, 4).toString()).toBe('%PDF')

        // Partial: the second part is a prefix (25-01xx: 14 serials, 5 a page).
        await typeInto(part2, '01')
        await section.getByRole('button', { name: l.search }).click()
        await expect(page).toHaveURL(/[?&]code=25-01&/)
        await settle(page)
        await expect(rows).toHaveCount(5)
        await expect(rows.first()).toContainText('25-0100')
        await section
          .getByRole('navigation', { name: l.pages })
          .getByRole('link', { name: l.page(3) })
          .click()
        await expect(page).toHaveURL(/[?&]serial_page=3/)
        await settle(page)
        await expect(rows).toHaveCount(4)
        await expect(rows.last()).toContainText('25-0187')
        // Only the first part: no hyphen, every serial of 25.
        await typeInto(part2, '')
        await section.getByRole('button', { name: l.search }).click()
        await expect(page).toHaveURL(/[?&]code=25&focus=serial_result/)
        await settle(page)
        await expect(rows).toHaveCount(5)
        await expect(section.locator('.pagination__number')).toHaveText(['1', '2', '3', '4'])

        // The first part needs both digits; nothing is sent.
        const before = page.url()
        await typeInto(part1, '2')
        await section.getByRole('button', { name: l.search }).click()
        await expect(section.getByText(l.firstError)).toBeVisible()
        await expect(part1).toHaveAttribute('aria-invalid', 'true')
        await expect(part1).toBeFocused()
        expect(page.url()).toBe(before)

        // No match.
        await typeInto(part1, '99')
        await section.getByRole('button', { name: l.search }).click()
        await expect(page).toHaveURL(/[?&]code=99&/)
        await settle(page)
        await expect(section.getByRole('status')).toHaveText(l.empty)
        await expectNoSeriousA11yViolations(page)

        // Initialization empties the inputs and the result.
        await section.getByRole('link', { name: l.reset }).click()
        await expect(page).not.toHaveURL(/code=/)
        await expect(part1).toHaveValue('')
        await expect(page.locator('#serial_result')).toHaveCount(0)
      },
    )

    testIn(lang, 'en')(
      `standard circuit diagram: model, then options, ending in a real download (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto('/service/reference/circuit-diagram')
        await hydrated(page)
        const section = page.locator('section.standard')
        const select = (label: string) => section.getByRole('button', { name: new RegExp(`^${label} `) })
        const choose = async (label: string, option: string) => {
          await select(label).click()
          await section.getByRole('option', { name: option, exact: true }).click()
        }
        await expect(section.getByText(l.chooseModel)).toBeVisible()
        await expect(select(l.power)).toBeDisabled()

        await choose(l.model, 'TM')
        await expect(page).toHaveURL(/[?&]std=\d+&disableScrollTop=true$/)
        await expect(section.getByText(l.count(7))).toBeVisible()
        await expect(select(l.power)).toBeEnabled()
        // Faceted: no TM diagram has single-phase 220 V, so it cannot be chosen.
        await select(l.power).click()
        const single = section.getByRole('option', {
          name: new RegExp(lang === 'ko' ? '^AC 220V 1상' : '^AC 220V 1Ph'),
        })
        await expect(single).toHaveAttribute('aria-disabled', 'true')
        await page.keyboard.press('Escape')

        await choose(l.power, lang === 'ko' ? 'AC 380V 3상' : 'AC 380V 3Ph')
        await expect(section.getByText(l.count(4))).toBeVisible()
        await choose(l.control, lang === 'ko' ? '개폐형 On-Off' : 'On-Off')
        await expect(section.getByText(l.count(2))).toBeVisible()
        await choose(l.option, lang === 'ko' ? '표준' : 'Standard')
        await expect(section.getByText(l.count(1))).toBeVisible()
        const item = section.locator('.standard__item')
        await expect(item).toHaveCount(1)
        await expect(item).toContainText(
          lang === 'ko'
            ? 'TM 결선도 (AC 380V 3상 / 개폐형 On-Off / 표준)'
            : 'TM Circuit Diagram (AC 380V 3Ph / On-Off / Standard)',
        )
        await expectNoSeriousA11yViolations(page)

        const downloadEvent = page.waitForEvent('download')
        await item.getByRole('link').first().click()
        const download = await downloadEvent
        expect(download.suggestedFilename()).toMatch(/\.pdf$/)
        const bytes = fs.readFileSync((await download.path())!)
        expect(bytes.subarray(0, 4).toString()).toBe('%PDF')

        // The chosen model can still be switched (its own group is not narrowed by itself).
        await select(l.model).click()
        await expect(section.getByRole('option', { name: 'TQ', exact: false }).first()).toHaveAttribute(
          'aria-disabled',
          'true',
        )
        await section.getByRole('option', { name: 'TX', exact: true }).click()
        await expect(section.getByText(l.count(1))).toBeVisible()
        await expect(section.locator('.standard__item')).toContainText('TX')

        await section.getByRole('link', { name: l.reset }).click()
        await expect(page).not.toHaveURL(/std=/)
        await expect(section.getByText(l.chooseModel)).toBeVisible()
      },
    )
  }
})
