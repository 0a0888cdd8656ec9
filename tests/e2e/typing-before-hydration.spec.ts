import { expect, test, type Page } from '@playwright/test'
import { E2E_ACCOUNTS } from './accounts.ts'
import { hidePopups, holdScripts, hydrated } from './helpers.ts'

/**
 * What a visitor types or ticks before the page is hydrated (a slow phone at a dam gate) stays in the
 * field through hydration and is what the form then sends (app/utils/use-typing-before-hydration.ts).
 * Each test holds the page's scripts back, uses the form, lets the page hydrate, then sends it.
 */

type Lang = 'ko' | 'en'
const copy = {
  ko: {
    search: '검색',
    part1: '시리얼 번호 앞 2자리',
    part2: '시리얼 번호 뒤 4자리',
    keyword: '액추에이터',
    tick: 'TM',
  },
  en: {
    search: 'Search',
    part1: 'First 2 digits of the serial number',
    part2: 'Next 4 digits of the serial number',
    keyword: 'actuator',
    tick: 'TM',
  },
} as const

/** Opens `path` with its scripts held back; returns the function that lets them load. */
async function openUnhydrated(page: Page, path: string): Promise<() => Promise<void>> {
  await hidePopups(page)
  const release = await holdScripts(page)
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  return async () => {
    release()
    await hydrated(page)
  }
}

for (const lang of ['ko', 'en'] as const satisfies Lang[]) {
  const c = copy[lang]

  test(`(${lang}) the site search sends a keyword typed before hydration`, async ({ page }) => {
    const hydrate = await openUnhydrated(page, `/search?lang=${lang}`)
    const box = page.locator('main').getByRole('searchbox')
    await box.fill(c.keyword)
    await hydrate()
    await expect(box).toHaveValue(c.keyword)
    await page.locator('main').getByRole('button', { name: c.search, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/search/result\\?keyword=${encodeURIComponent(c.keyword)}`))
    await expect(page.locator('.search-hit').first()).toBeVisible()
  })

  test(`(${lang}) the circuit-diagram serial lookup sends a serial typed before hydration`, async ({ page }) => {
    const hydrate = await openUnhydrated(page, `/service/reference/circuit-diagram?lang=${lang}`)
    const section = page.locator('section.serial')
    await section.getByLabel(c.part1).fill('25')
    await section.getByLabel(c.part2).fill('0100')
    await hydrate()
    await section.getByRole('button', { name: c.search, exact: true }).click()
    await expect(page).toHaveURL(/[?&]code=25-0100&/)
    await expect(page.locator('#serial_result tbody tr').first()).toBeVisible()
  })

  test(`(${lang}) the document search sends an option ticked before hydration`, async ({ page }) => {
    const hydrate = await openUnhydrated(page, `/service/reference/catalog?lang=${lang}`)
    const form = page.getByRole('search').filter({ has: page.getByRole('checkbox') })
    const option = form.getByRole('checkbox', { name: c.tick, exact: true })
    await option.check()
    const id = await option.getAttribute('value')
    await hydrate()
    await expect(option).toBeChecked()
    await form.getByRole('button', { name: c.search, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]option_id_list=${id}&`))
    await expect(option).toBeChecked()
  })

  test(`(${lang}) sign-up consents ticked before hydration stay ticked`, async ({ page }) => {
    const hydrate = await openUnhydrated(page, `/signup?lang=${lang}`)
    const consents = page.locator('.consent input[type="checkbox"]')
    await expect(consents).toHaveCount(2)
    await consents.nth(0).check()
    await consents.nth(1).check()
    await hydrate()
    // Typing elsewhere re-renders the form; the ticks stay.
    await page.locator('input[name="company"]').fill(lang === 'ko' ? '대한밸브' : 'Valve Co.')
    await page.locator('input[name="company"]').blur()
    await expect(consents.nth(0)).toBeChecked()
    await expect(consents.nth(1)).toBeChecked()
  })
}

test('the restricted area sends a project name and ORD number typed before hydration', async ({ page }) => {
  const { username, password } = E2E_ACCOUNTS.partner
  const login = await page.request.post('/api/login', { form: { flag: 'N', username, password } })
  expect(login.status()).toBe(200)
  const hydrate = await openUnhydrated(page, '/morgan')
  await page.getByLabel('ORD 번호 앞 2자리').fill('19')
  await page.getByLabel('ORD 번호 뒤 4자리').fill('0')
  await hydrate()
  await page.getByRole('button', { name: '검색' }).click()
  await expect(page).toHaveURL('/morgan?type=ERP&ord=19-0')
})
