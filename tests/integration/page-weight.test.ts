import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kb, PAGE_JS_LIMIT, pageJs } from '../../scripts/page-js.mjs'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * What a public page makes the browser load before it is interactive (issue 14, goals 4 and 5;
 * docs/decisions/024-javascript-budget.md): its JavaScript (every modulepreload and module script
 * of the server HTML, gzip bytes of the built files) within 100 KB, one stylesheet, and no zod.
 */
const PAGES = ['/', '/?lang=en', '/product/1/2', '/related-data', '/service/reference/circuit-diagram', '/company/introduction/info', `/search/result?keyword=${encodeURIComponent('액추에이터')}`, '/login', '/recruitment']

const CLIENT = path.resolve('build/client')
let t: Awaited<ReturnType<typeof buildTestApp>>

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
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
  for (const url of PAGES) {
    it(`${url}: at most 100 KB of JavaScript and no React DOM, one stylesheet, no zod`, async () => {
      const page = await html(url)
      const js = pageJs(page, CLIENT)
      console.log(`${url}: ${kb(js.total)} KB JavaScript (limit ${kb(PAGE_JS_LIMIT)} KB)`)
      expect(js.total, `${url} loads ${kb(js.total)} KB`).toBeLessThanOrEqual(PAGE_JS_LIMIT)
      // React DOM is not among them (its production build links its errors to react.dev): the
      // browser build runs Preact's compat layer (ADR 024).
      for (const f of js.files) expect(fs.readFileSync(path.join(CLIENT, f.url), 'utf8'), f.url).not.toContain('react.dev/errors')
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

  it('a sub-page asks for its banner at high priority, and <head> holds only what the page renders there', async () => {
    const page = await html('/login')
    expect(page).toMatch(/<img class="page-banner__image" src="\/images\/banners\/member-pc\.svg"[^>]*fetchPriority="high"/)
    // Resource hints that React would hoist into <head> ahead of the page's own elements are not
    // used: the browser's Preact hydrates <head> in the order the page renders it.
    const head = page.split('</head>')[0]!
    expect(head.indexOf('<link rel="preload"')).toBe(-1)
  })

  it('company and recruitment copy reach the page in its language only', async () => {
    const en = await html('/company/introduction/info?lang=en')
    const js = pageJs(en, CLIENT).files.map((f) => f.url)
    for (const url of js) expect(url).not.toMatch(/company\.(ko|en)|recruitment\.(ko|en)/)
    expect(en).toContain('16 May 1987')
    expect(en).not.toContain('1987년 5월 16일')
  })
})
