import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kb, PAGE_JS_LIMIT, pageJs } from '../../scripts/page-js.mjs'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * What a public page makes the browser load before it is interactive (issues 14 and 29;
 * docs/decisions/024-javascript-budget.md, 034-react-in-the-browser.md): its JavaScript (every
 * modulepreload and module script of the server HTML, brotli bytes of the built files as the server
 * sends them: scripts/page-js.mjs) within 115 KB, one stylesheet, and no zod.
 */
const PAGES = [
  '/',
  '/?lang=en',
  '/product/1/2',
  '/related-data',
  '/service/reference/circuit-diagram',
  '/company/introduction/info',
  `/search/result?keyword=${encodeURIComponent('액추에이터')}`,
  '/login',
  '/recruitment',
]

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
    it(`${url}: at most ${kb(PAGE_JS_LIMIT)} KB of JavaScript, React's production build, one stylesheet, no zod`, async () => {
      const page = await html(url)
      const js = pageJs(page, CLIENT)
      console.log(
        `${url}: ${kb(js.total)} KB JavaScript brotli, ${kb(js.gzip)} KB gzip (limit ${kb(PAGE_JS_LIMIT)} KB brotli)`,
      )
      expect(js.total, `${url} loads ${kb(js.total)} KB`).toBeLessThanOrEqual(PAGE_JS_LIMIT)
      // The browser runs React DOM's production build (it links its errors to react.dev; the
      // development build names them in full and is several times larger).
      const code = js.files.map((f) => fs.readFileSync(path.join(CLIENT, f.url), 'utf8')).join('\n')
      expect(code).toContain('react.dev/errors')
      expect(js.files.map((f) => f.url).filter((u) => /\/zod-/.test(u))).toEqual([])
      expect(page.match(/<link[^>]*rel="stylesheet"/g) ?? []).toHaveLength(1)
    })
  }

  it('the home page preloads its first banner slide (phone and desktop) and its popup image from <head>', async () => {
    const head = (await html('/')).split('</head>')[0]!
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? []
    expect(preloads.some((l) => l.includes('media="(max-width: 727.98px)"') && /fetchPriority="high"/i.test(l))).toBe(
      true,
    )
    expect(preloads.some((l) => l.includes('media="(min-width: 728px)"'))).toBe(true)
    expect(preloads.some((l) => l.includes('/media/popups/'))).toBe(true)
  })

  it('a sub-page asks for its banner at high priority', async () => {
    const page = await html('/login')
    expect(page).toMatch(
      /<img class="page-banner__image" src="\/images\/banners\/member-pc\.svg"[^>]*fetchPriority="high"/,
    )
  })

  it('company and recruitment copy reach the page in its language only', async () => {
    const en = await html('/company/introduction/info?lang=en')
    const js = pageJs(en, CLIENT).files.map((f) => f.url)
    for (const url of js) expect(url).not.toMatch(/company\.(ko|en)|recruitment\.(ko|en)/)
    expect(en).toContain('16 May 1987')
    expect(en).not.toContain('1987년 5월 16일')
  })
})
