import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureFloor } from '../../scripts/js-floor.mjs'
import { kb, pageJs, pageJsBudget } from '../../scripts/page-js.mjs'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * What a public page makes the browser load before it is interactive (issue 14, goals 4 and 5;
 * docs/decisions/024-javascript-budget.md): its JavaScript (every modulepreload and module script
 * of the server HTML, gzip bytes of the built files) within the budget — 100 KB, or 6 KB above the
 * floor of a bare React Router page built with the same packages, measured here — one stylesheet,
 * and no zod.
 */
const PAGES = ['/', '/?lang=en', '/product/1/2', '/related-data', '/service/reference/circuit-diagram', '/company/introduction/info', `/search/result?keyword=${encodeURIComponent('액추에이터')}`, '/login', '/recruitment']

/**
 * Pages still above the budget, each held at its size (KB, gzip) until it gets under: the site
 * frame (header, menus, footer: 8 KB) alone uses most of the 6 KB (see the ADR). A page over its
 * figure here fails; a page that gets under the budget fails too, until it is taken off this list.
 */
const OVER_BUDGET: Record<string, number> = {
  '/': 120.5,
  '/?lang=en': 120.5,
  '/product/1/2': 117,
  '/related-data': 121,
  '/service/reference/circuit-diagram': 125.5,
  '/company/introduction/info': 117.5,
  [`/search/result?keyword=${encodeURIComponent('액추에이터')}`]: 119.5,
  '/login': 119,
  '/recruitment': 115,
}

const CLIENT = path.resolve('build/client')
let t: Awaited<ReturnType<typeof buildTestApp>>
let budget: number
let floor: number

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  floor = (await measureFloor()).total
  budget = pageJsBudget(floor)
}, 240_000)
afterAll(() => t?.close())

/** The page's HTML, after the redirect of an old product address. */
async function html(url: string): Promise<string> {
  let res = await t.app.inject({ url })
  if (res.statusCode === 301) res = await t.app.inject({ url: String(res.headers.location) })
  expect(res.statusCode, url).toBe(200)
  return res.body
}

describe('public page weight', () => {
  it('the bare React Router floor is measured and the budget follows from it', () => {
    expect(floor).toBeGreaterThan(40 * 1024)
    expect(budget).toBeGreaterThanOrEqual(100 * 1024)
  })

  for (const url of PAGES) {
    it(`${url}: JavaScript within its budget, one stylesheet, no zod`, async () => {
      const page = await html(url)
      const js = pageJs(page, CLIENT)
      const held = OVER_BUDGET[url]
      console.log(`${url}: ${kb(js.total)} KB JavaScript (budget ${kb(budget)} KB, floor ${kb(floor)} KB)`)
      if (held === undefined) expect(js.total, `${url} loads ${kb(js.total)} KB`).toBeLessThanOrEqual(budget)
      else {
        expect(kb(js.total), `${url} grew`).toBeLessThanOrEqual(held)
        expect(js.total, `${url} is now within the budget: take it off OVER_BUDGET`).toBeGreaterThan(budget)
      }
      expect(js.files.map((f) => f.url).filter((u) => /\/zod-/.test(u))).toEqual([])
      expect(page.match(/<link[^>]*rel="stylesheet"/g) ?? []).toHaveLength(1)
    })
  }

  it('the home page preloads its first banner slide (phone and desktop) and its popup image from <head>', async () => {
    const head = (await html('/')).split('</head>')[0]!
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? []
    expect(preloads.some((l) => l.includes('media="(max-width: 727.98px)"') && /fetchPriority="high"/i.test(l))).toBe(true)
    expect(preloads.some((l) => l.includes('media="(min-width: 728px)"'))).toBe(true)
    expect(preloads.some((l) => l.includes('/media/popups/'))).toBe(true)
  })

  it('a sub-page preloads its banner (phone and desktop image) from <head>', async () => {
    const head = (await html('/login')).split('</head>')[0]!
    expect(head).toMatch(/<link rel="preload" href="\/images\/banners\/member-mb\.svg" as="image" fetchPriority="high" media="\(max-width: 728px\)"\/>/)
    expect(head).toMatch(/<link rel="preload" href="\/images\/banners\/member-pc\.svg" as="image" fetchPriority="high" media="\(min-width: 728\.02px\)"\/>/)
  })

  it('company and recruitment copy reach the page in its language only', async () => {
    const en = await html('/company/introduction/info?lang=en')
    const js = pageJs(en, CLIENT).files.map((f) => f.url)
    for (const url of js) expect(url).not.toMatch(/company\.(ko|en)|recruitment\.(ko|en)/)
    expect(en).toContain('16 May 1987')
    expect(en).not.toContain('1987년 5월 16일')
  })
})
