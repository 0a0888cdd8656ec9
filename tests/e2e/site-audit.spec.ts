import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { E2E_ACCOUNTS } from './accounts.ts'
import { hidePopups, hydrated, settledScrollY, testIn } from './helpers.ts'

// The public-site defects of the audit (issue 32), each as a visitor meets it, in both languages.

type Lang = 'ko' | 'en'
const langs: Lang[] = ['ko', 'en']

async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'lang', value: lang, domain: 'localhost', path: '/' }])
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

test.describe('scroll position', () => {
  for (const lang of langs) {
    test(`a page opened by its address starts at the top; back restores the position (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/recruitment')
      await hydrated(page)
      await page.evaluate(() => window.scrollTo(0, 1500))
      await expect.poll(() => scrollY(page)).toBe(1500)

      // Typed into the address bar of the same tab.
      await page.goto('/investment/stock')
      await hydrated(page)
      await page.waitForTimeout(400)
      expect(await scrollY(page)).toBe(0)
      // Scrolled here too, then another address: the top again, not this page's position.
      await page.evaluate(() => window.scrollTo(0, 300))
      await expect.poll(() => scrollY(page)).toBe(300)
      await page.goto('/company/introduction/info')
      await hydrated(page)
      await page.waitForTimeout(400)
      expect(await scrollY(page)).toBe(0)

      // Back and forward alone bring a position back.
      await page.goBack()
      await hydrated(page)
      await expect(page).toHaveURL(/\/investment\/stock$/)
      await expect.poll(() => scrollY(page)).toBe(300)
      await page.goBack()
      await hydrated(page)
      await expect(page).toHaveURL(/\/recruitment$/)
      await expect.poll(() => scrollY(page)).toBe(1500)
    })
  }

  test('a redirect starts at the top, not at the position of the page left', async ({ page }) => {
    await hidePopups(page)
    await page.goto('/recruitment')
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, 1500))
    await expect.poll(() => scrollY(page)).toBe(1500)
    // /product/0/0 redirects to the first product.
    await page.goto('/product/0/0')
    await hydrated(page)
    await expect(page).toHaveURL(/\/product\/[^/]+\/[^/]+/)
    await page.waitForTimeout(400)
    expect(await scrollY(page)).toBe(0)
  })
})

test.describe('service list pages', () => {
  for (const lang of langs) {
    test(`changing the page keeps the circuit-diagram results in view (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/service/reference/circuit-diagram')
      await hydrated(page)
      const pages = page
        .locator('.service-results')
        .getByRole('navigation', { name: lang === 'ko' ? '페이지 이동' : 'Pages' })
      await pages.scrollIntoViewIfNeeded()
      const before = await settledScrollY(page)
      expect(before).toBeGreaterThan(1000)
      const first = await page.locator('.service-results td.doc-table__no').first().textContent()

      await pages.getByRole('link', { name: lang === 'ko' ? '2 페이지' : 'Page 2' }).click()
      await expect(page).toHaveURL(/[?&]page=2(&|$)/)
      await expect(page.locator('.service-results td.doc-table__no').first()).toHaveText(String(Number(first) - 5))
      await page.waitForTimeout(400)
      expect(await settledScrollY(page)).toBeGreaterThan(1000)
      await expect(pages).toBeInViewport()
      await expect(page.locator('.service-results td.doc-table__no').last()).toBeInViewport()

      // The next arrow too.
      await pages.getByRole('link', { name: lang === 'ko' ? '다음' : 'Next' }).click()
      await expect(page).toHaveURL(/[?&]page=3(&|$)/)
      await page.waitForTimeout(400)
      await settledScrollY(page)
      await expect(pages).toBeInViewport()
      await expectNoSeriousA11yViolations(page)
    })
  }
})

const phone = { width: 390, height: 844 }

test.describe('phones (390 px)', () => {
  const tables = {
    ko: [
      '/service/reference/circuit-diagram',
      '/service/as/faq',
      '/related-data',
      // Korean-only pages (the specification).
      '/investment/shareholder',
      '/investment/internal',
    ],
    en: ['/service/reference/circuit-diagram', '/service/as/faq', '/related-data'],
  }
  for (const lang of langs) {
    test(`every document table keeps its titles readable, scrolling sideways under the hint (${lang})`, async ({
      page,
    }) => {
      await useLanguage(page, lang)
      await page.setViewportSize(phone)
      for (const path of tables[lang]) {
        await page.goto(path)
        await hydrated(page)
        const table = page.locator('.doc-table').first()
        await expect(table, path).toBeVisible()
        // The title column is wide enough for a title's words, not a sliver of one or two syllables.
        const titleWidth = await table
          .locator('td.doc-table__title')
          .first()
          .evaluate((el) => el.clientWidth)
        expect(titleWidth, path).toBeGreaterThanOrEqual(180)
        // The table scrolls inside its box (the page itself does not), and says so.
        const box = page.locator('.doc-table__scroll').first()
        expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth), path).toBe(true)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(phone.width)
        await expect(page.locator('.doc-table__hint').first(), path).toHaveText(
          lang === 'ko' ? '좌우로 스크롤하여 확인하세요.' : 'Scroll left and right to see more.',
        )
      }
      await expectNoSeriousA11yViolations(page)
    })

    test(`the footer keeps its labels and the business numbers whole (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.setViewportSize(phone)
      await page.goto('/recruitment')
      await hydrated(page)
      // How many lines each element's text takes (its line boxes' distinct tops).
      const oneLine = (selector: string) =>
        page.locator(selector).evaluateAll((els) =>
          els.map((el) => {
            const range = document.createRange()
            range.selectNodeContents(el)
            const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)))
            return { text: el.textContent, oneLine: tops.size === 1 }
          }),
        )
      const labels = await oneLine('.site-footer__facts dt')
      expect(labels.length).toBeGreaterThanOrEqual(7)
      expect(labels.filter((l) => !l.oneLine)).toEqual([])
      const numbers = await oneLine('.site-footer__facts .nowrap')
      expect(numbers.length).toBeGreaterThanOrEqual(1)
      for (const n of numbers) expect(n.text).toMatch(/\d{3}-\d{2}-\d{5}$/)
      expect(numbers.filter((n) => !n.oneLine)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    })

    test(`a product page shows the product first, the product tree behind a toggle (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.setViewportSize(phone)
      await page.goto('/product/0/0')
      await hydrated(page)
      const title = page.locator('#product_title_id')
      const toggle = page.getByRole('button', { name: lang === 'ko' ? '제품 목록 보기' : 'Show all products' })
      const tree = page.locator('.tree-menu__list')
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(tree).toBeHidden()
      // The product begins on the first screen, right below the folded tree.
      const top = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
      const bottom = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY)
      expect(await top('article.product')).toBeLessThan(phone.height * 0.7)
      expect((await top('article.product')) - (await bottom('.tree-menu'))).toBeLessThan(80)
      await expect(title).toBeVisible()
      await toggle.click()
      const hide = page.getByRole('button', { name: lang === 'ko' ? '제품 목록 닫기' : 'Hide the product list' })
      await expect(hide).toHaveAttribute('aria-expanded', 'true')
      await expect(tree).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      // Choosing another product folds the tree again.
      await tree.getByRole('link').last().click()
      await expect(
        page.getByRole('button', { name: lang === 'ko' ? '제품 목록 보기' : 'Show all products' }),
      ).toBeVisible()
      await expect(tree).toBeHidden()
    })
  }

  test('on a wide screen the product tree is always open, without the toggle', async ({ page }) => {
    await page.goto('/product/0/0')
    await hydrated(page)
    await expect(page.locator('.tree-menu__list')).toBeVisible()
    await expect(page.getByRole('button', { name: '제품 목록 보기' })).toBeHidden()
  })
})

test.describe('mixed languages', () => {
  for (const lang of langs) {
    test(`the footer says it all in the page's language, with one full stop (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/recruitment')
      const facts = page.locator('.site-footer__facts')
      const copyright = page.locator('.site-footer__copyright')
      if (lang === 'ko') {
        await expect(facts.locator('dt')).toContainText(['전화', '팩스'])
        await expect(facts).not.toContainText(/TEL|FAX/)
        await expect(copyright).toHaveText('Copyright © 2024 ㈜대한액추에이터. 모든 권리를 보유합니다.')
      } else {
        await expect(facts.locator('dt')).toContainText(['TEL', 'FAX'])
        await expect(copyright).toContainText('All rights reserved.')
        await expect(copyright).not.toContainText('..')
      }
    })
  }

  test('the English product gallery carries no Korean words', async ({ page }) => {
    await useLanguage(page, 'en')
    await page.goto('/product/0/0')
    await hydrated(page)
    const sources = await page
      .locator('.gallery img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')!))
    expect(sources.length).toBeGreaterThan(1)
    for (const src of new Set(sources)) {
      const svg = await (await page.request.get(src)).text()
      expect(svg, src).not.toMatch(/[가-힣]/)
    }
  })

  test('client logos are named in Korean on Korean pages', async ({ page }) => {
    await useLanguage(page, 'ko')
    await page.goto('/company/introduction/client')
    const logos = page.locator('.client-logos img')
    expect(await logos.count()).toBeGreaterThan(5)
    for (const alt of await logos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''))) {
      expect(alt).not.toBe('')
    }
    await expect(logos.first()).toHaveAttribute('alt', /[가-힣]/)
  })

  for (const lang of langs) {
    test(`the overseas agency map is labelled in the page's language (${lang})`, async ({ page }) => {
      await useLanguage(page, lang)
      await page.goto('/company/introduction/agency')
      const map = page.locator('.overseas-map__image')
      await expect(map).toHaveAttribute(
        'alt',
        lang === 'ko' ? /^해외 대리점 위치/ : /^World map of the overseas agencies/,
      )
      const svg = await (await page.request.get((await map.getAttribute('src'))!)).text()
      if (lang === 'ko') {
        expect(svg).toContain('아시아')
        expect(svg).not.toMatch(/ASIA|agencies/)
      } else expect(svg).toContain('ASIA')
    })
  }
})

test.describe('English header and footer at 1440 px', () => {
  test('the main menu stays on one line; the top button leaves the copyright line readable', async ({ page }) => {
    await useLanguage(page, 'en')
    await page.goto('/recruitment')
    await hydrated(page)
    const lines = await page.locator('.main-nav__link').evaluateAll((links) =>
      links.map((link) => {
        const range = document.createRange()
        range.selectNodeContents(link)
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
      }),
    )
    expect(lines).toEqual([1, 1, 1, 1, 1])
    // Nor do the tools beside it give way: KOR, ENG and VR TOUR each on one line.
    const tools = await page
      .locator('.site-header__tools .lang-switch__option, .site-header__tools .utility__vr')
      .evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange()
          range.selectNodeContents(el)
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
        }),
      )
    expect(tools).toEqual([1, 1, 1])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const button = await page.locator('.scroll-top').boundingBox()
    const copyright = await page.locator('.site-footer__copyright').boundingBox()
    expect(button && copyright).toBeTruthy()
    const overlaps =
      button!.x < copyright!.x + copyright!.width &&
      copyright!.x < button!.x + button!.width &&
      button!.y < copyright!.y + copyright!.height &&
      copyright!.y < button!.y + button!.height
    expect(overlaps).toBe(false)
  })
})

const PASSWORD = 'Valve#2024a'
const signupText = {
  ko: {
    company: '회사명',
    division: '부서명',
    name: '이름',
    id: '아이디(이메일)',
    password: '비밀번호',
    confirm: '비밀번호 확인',
    consents: ['서비스 이용약관에 동의합니다.', '개인정보 수집 및 이용에 동의합니다.'],
    submit: '인증 메일 보내기',
    sent: '인증 메일을 보냈습니다',
    popups: '공지 팝업',
  },
  en: {
    company: 'Company',
    division: 'Department',
    name: 'Name',
    id: 'ID (e-mail)',
    password: 'Password',
    confirm: 'Confirm password',
    consents: [
      'I agree to the Service Terms and Conditions.',
      'I agree to the collection and use of personal information.',
    ],
    submit: 'Send authentication E-mail',
    sent: 'We have sent you a verification e-mail.',
    popups: 'Notices',
  },
} as const

test.describe('after sign-up', () => {
  // argon2 and the real mail path on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 })
  for (const lang of langs) {
    test(`the "verification e-mail sent" message shows alone, the popups after it, and one Escape closes one (${lang})`, async ({
      page,
    }) => {
      const l = signupText[lang]
      await useLanguage(page, lang)
      await page.goto('/signup')
      await hydrated(page)
      await page.getByLabel(l.company).fill('Stack Valves')
      await page.getByLabel(l.division).fill('QA')
      await page.getByLabel(l.name).fill('Tester')
      await page.getByLabel(l.id).fill(`stack.${lang}.${Date.now().toString(36)}.${process.pid}@example.com`)
      await page.getByLabel(l.password, { exact: false }).first().fill(PASSWORD)
      await page.getByLabel(l.confirm).fill(PASSWORD)
      for (const consent of l.consents) await page.getByText(consent).click()
      await page.getByRole('button', { name: l.submit }).click()

      await expect(page).toHaveURL(/\/$/)
      const dialogs = page.getByRole('dialog')
      await expect(dialogs.first()).toContainText(l.sent)
      await page.waitForTimeout(500)
      // One dialog at a time: the message, not the popups with it.
      await expect(dialogs).toHaveCount(1)
      await expectNoSeriousA11yViolations(page)

      // Escape closes the message alone; then the popups show.
      await page.keyboard.press('Escape')
      const popups = page.getByRole('dialog', { name: l.popups })
      await expect(popups).toBeVisible()
      await expect(dialogs).toHaveCount(1)
      const articles = popups.locator('article.popup')
      const count = await articles.count()
      expect(count).toBeGreaterThanOrEqual(2)
      // And one Escape closes one popup.
      await page.keyboard.press('Escape')
      await expect(articles).toHaveCount(count - 1)
      await expect(popups).toBeVisible()
    })
  }
})

test.describe('relative time', () => {
  test('investor notices say how long ago each was posted, beside the dotted date', async ({ page }) => {
    await page.goto('/investment/shareholder')
    await hydrated(page)
    const dates = page.locator('td.doc-table__date')
    await expect(dates.first()).toBeVisible()
    for (const text of await dates.allTextContents()) {
      expect(text).toMatch(/^\d{4}\.\d{2}\.\d{2}(방금 전|\d+(분|시간|일|주|개월|년) 전)$/)
    }
    const first = dates.first()
    const iso = await first.locator('time').first().getAttribute('datetime')
    const days = (Date.now() - Date.parse(iso!)) / 86_400_000
    // The demo's notices are from past years: counted in years or months.
    if (days >= 365) await expect(first.locator('.doc-table__ago')).toHaveText(`${Math.floor(days / 365)}년 전`)
  })
})

test.describe('the document icon through the login', () => {
  // argon2 on a shared 2-core machine.
  test.describe.configure({ timeout: 60_000 })
  const fillLogin = async (page: Page, lang: Lang, account: { username: string; password: string }) => {
    await page.getByLabel(lang === 'ko' ? '아이디(이메일)' : 'ID (e-mail)').fill(account.username)
    await page
      .getByLabel(lang === 'ko' ? '비밀번호' : 'Password', { exact: false })
      .first()
      .fill(account.password)
    await page.getByRole('button', { name: lang === 'ko' ? '로그인' : 'Login', exact: true }).click()
  }

  for (const lang of langs) {
    testIn(lang, 'ko')(
      `an anonymous visitor logs in from the gate and lands in the restricted area (${lang})`,
      async ({ page }) => {
        await hidePopups(page)
        await useLanguage(page, lang)
        await page.goto('/recruitment')
        await hydrated(page)
        await page
          .locator('.site-header__tools')
          .getByRole('button', { name: lang === 'ko' ? '제작사양 조회' : 'Manufacturing specifications' })
          .click()
        await page
          .getByRole('dialog')
          .getByRole('button', { name: lang === 'ko' ? '로그인' : 'Log in' })
          .click()
        await expect(page).toHaveURL(/\/login\?next=%2Fmorgan$/)
        await hydrated(page)
        await expectNoSeriousA11yViolations(page)
        await fillLogin(page, lang, E2E_ACCOUNTS.partner)
        await expect(page).toHaveURL(/\/morgan$/)
        await expect(page.locator('.restricted')).toBeVisible()
      },
    )
  }

  test('without access the member goes home; a next of another site is ignored', async ({ page }) => {
    await hidePopups(page)
    await page.goto('/login?next=%2Fmorgan')
    await hydrated(page)
    await fillLogin(page, 'ko', E2E_ACCOUNTS.member)
    await expect(page).toHaveURL(/\/$/)

    await page.context().clearCookies()
    await page.goto(`/login?next=${encodeURIComponent('//evil.example/morgan')}`)
    await hydrated(page)
    await expect(page.locator('input[name="next"]')).toHaveCount(0)
    await fillLogin(page, 'ko', E2E_ACCOUNTS.partner)
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/)
  })
})
