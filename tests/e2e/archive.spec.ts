import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { hydrated, serverHtml, testIn } from './helpers.ts'

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']

const CLASSIFICATIONS: Record<Lang, string[]> = {
  ko: [
    '전체',
    '카탈로그',
    '결선도',
    '외형도',
    '토크표',
    '소프트웨어',
    '인증 사항',
    '자주 묻는 질문',
    '운전자 교육 자료',
    '유지보수 지침',
    '설정',
    '교체/수리',
    '원자력 A/S',
  ],
  en: [
    'Entire',
    'Catalog',
    'Circuit diagram',
    'Appearance chart',
    'Torque Table',
    'Software',
    'Certification Matters',
    'Frequently asked questions',
    'Operator training materials',
    'Maintenance Guidelines',
    'Setting',
    'Replacement/repair',
    'Nuclear Power A/S',
  ],
}
const text = {
  ko: {
    label: '분류',
    empty: '데이터가 존재하지 않습니다.',
    pages: '페이지 이동',
    page: (n: number) => `${n} 페이지`,
    total: (n: number) => `총 ${n}건`,
  },
  en: {
    label: 'Classification',
    empty: 'Data does not exist',
    pages: 'Pages',
    page: (n: number) => `Page ${n}`,
    total: (n: number) => `Total ${n}`,
  },
} as const

async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, domain: 'localhost', path: '/' }])
}

type ApiList = {
  list: { title: string; title_en: string; type: number }[]
  pagination: { totalRecordCountAll: number }
}
async function apiList(page: Page, query: string): Promise<ApiList> {
  const res = await page.request.get(`/api/product/support/list?${query}`)
  return ((await res.json()) as { data: ApiList }).data
}

const rows = (page: Page) => page.locator('.doc-table tbody tr')
const numbers = (page: Page) => page.locator('.doc-table td.doc-table__no')

test.describe('reference archive', () => {
  for (const lang of langs) {
    const l = text[lang]

    testIn(lang, 'ko')(
      `classification and page live in the URL; reload keeps them; a new classification goes back to page 1 (${lang})`,
      async ({ page }) => {
        const all = await apiList(page, 'recordSize=15')
        const total = all.pagination.totalRecordCountAll
        expect(total).toBeGreaterThan(45)
        await useLanguage(page, lang)
        await page.goto('/related-data')
        await hydrated(page)
        await expect(page.locator('.archive__total')).toHaveText(l.total(total))
        await expect(rows(page)).toHaveCount(15)
        await expect(numbers(page).first()).toHaveText(String(total))
        // Page 3 by the pagination links: numbering counts down from the total.
        const pager = page.getByRole('navigation', { name: l.pages })
        await pager.getByRole('link', { name: l.page(3) }).click()
        await expect(page).toHaveURL(/\/related-data\?page=3$/)
        await expect(numbers(page).first()).toHaveText(String(total - 30))
        await expect(pager.getByRole('link', { name: l.page(3) })).toHaveAttribute('aria-current', 'page')
        await page.reload()
        await hydrated(page)
        await expect(numbers(page).first()).toHaveText(String(total - 30))

        // The select lists the 13 classifications in the specification's order.
        const select = page.getByRole('button', { name: new RegExp(`^${l.label}`) })
        await expect(select).toContainText(CLASSIFICATIONS[lang][0]!)
        await select.click()
        await expect(page.getByRole('listbox').getByRole('option')).toHaveText(CLASSIFICATIONS[lang])
        await page.getByRole('option', { name: CLASSIFICATIONS[lang][6]!, exact: true }).click()
        await expect(page).toHaveURL(/\/related-data\?select=6$/)
        const certificates = await apiList(page, 'select=6')
        await expect(rows(page)).toHaveCount(certificates.pagination.totalRecordCountAll)
        await expect(page.locator('.doc-table td.doc-table__type')).toHaveText(
          Array(certificates.list.length).fill(CLASSIFICATIONS[lang][6]),
        )
        await expect(page.locator('.doc-table td.doc-table__title').first()).toHaveText(
          lang === 'ko' ? certificates.list[0]!.title : certificates.list[0]!.title_en,
        )
        await page.reload()
        await hydrated(page)
        await expect(page.getByRole('button', { name: new RegExp(`^${l.label}`) })).toContainText(
          CLASSIFICATIONS[lang][6]!,
        )
        // Back in history: page 3 of everything again.
        await page.goBack()
        await expect(page).toHaveURL(/\/related-data\?page=3$/)
        await expect(numbers(page).first()).toHaveText(String(total - 30))
        await expectNoSeriousA11yViolations(page)
      },
    )

    testIn(lang, 'en')(
      `a title with a url is an external link; downloads are file links; empty lists say so (${lang})`,
      async ({ page }) => {
        await useLanguage(page, lang)
        await page.goto('/related-data?select=5&id=6')
        await hydrated(page)
        const link = page.locator('.doc-table__title a')
        await expect(link).toHaveCount(1)
        await expect(link).toHaveAttribute('target', '_blank')
        await expect(link).toHaveAttribute('rel', /noopener/)
        await expect(link).toHaveAttribute(
          'href',
          lang === 'ko' ? 'https://download.example.com/daehan-actuator/tx-setup-2.4' : /tx-setup-2\.4\?lang=en$/,
        )
        await page.goto('/related-data?select=2&id=6')
        const download = page.locator('.doc-table__files a').first()
        await expect(download).toHaveAttribute('href', /^\/api\/s3\/download\?file_name=/)
        const response = await page.request.get((await download.getAttribute('href'))!)
        expect(response.status()).toBe(200)
        expect(response.headers()['content-type']).toContain('application/pdf')
        await page.goto('/related-data?select=12&id=3')
        await expect(page.getByRole('status')).toHaveText(l.empty)
        await expect(rows(page)).toHaveCount(0)
        await expectNoSeriousA11yViolations(page)
      },
    )
  }

  test('works before JavaScript: the classification form is a GET form and the pager is links', async ({ page }) => {
    const html = await serverHtml(page, '/related-data?select=0&page=2')
    expect(html).toMatch(/<form class="archive__filter"[^>]* action="\/related-data[^"]*" method="get"/)
    expect(html).toContain('<input type="hidden" name="select" value="0"/>')
    expect(html).toContain('href="/related-data?select=0&amp;page=3"')
    expect(html).toContain('href="/product/0/0"')
  })

  test('every archive, service and serial-number download answers with its file', async ({ page }) => {
    test.setTimeout(120_000)
    const files = new Set<string>()
    const collect = async (url: string) => {
      const body = (await (await page.request.get(url)).json()) as {
        data: { list: { file_list: { file_name: string; origin_file_name: string }[] }[] }
      }
      for (const item of body.data.list)
        for (const f of item.file_list)
          files.add(
            `/api/s3/download?${new URLSearchParams({ file_name: f.file_name, origin_file_name: f.origin_file_name })}`,
          )
      return body.data.list.length
    }
    for (let p = 1; (await collect(`/api/product/support/list?recordSize=100&page=${p}`)) === 100; p++);
    for (let type = 1; type <= 12; type++) await collect(`/api/support/list/text?type=${type}&recordSize=100`)
    for (const code1 of ['24', '25', '26']) await collect(`/api/support/serial?code1=${code1}&recordSize=100`)
    expect(files.size).toBeGreaterThan(100)
    for (const url of files) {
      const response = await page.request.get(url)
      expect(response.status(), url).toBe(200)
      expect((await response.body()).length, url).toBeGreaterThan(0)
    }
  })
})
