// Lighthouse (mobile preset, simulated throttling) for a list of pages of a running server.
// Used by scripts/bench.mjs; prints the four category scores, LCP and the compressed JS/CSS bytes,
// and for a page below 100 or over 1.5 s its LCP element, its phases and what blocked rendering.
// Alone: node scripts/lighthouse.mjs http://127.0.0.1:3000 / /login …
import * as chromeLauncher from 'chrome-launcher'
import fs from 'node:fs'
import lighthouse from 'lighthouse'
import { pathToFileURL } from 'node:url'

const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && fs.existsSync(p),
)

export async function runLighthouse(base, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
  const rows = []
  try {
    for (const path of paths) {
      let { lhr } = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })
      // On a loaded machine the trace is sometimes lost (NO_NAVSTART, NO_FCP): one more try.
      if (lhr.runtimeError)
        ({ lhr } = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' }))
      if (lhr.runtimeError) console.log(`  ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      const requests = lhr.audits['network-requests']?.details?.items ?? []
      const bytes = (type) =>
        requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const audits = lhr.audits
      const lcp = Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)
      rows.push({
        page: path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'JS KB': +(bytes('Script') / 1024).toFixed(1),
        'CSS KB': +(bytes('Stylesheet') / 1024).toFixed(1),
        'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        'LCP ms': lcp,
        'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        CLS: +(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        'render-blocking': requests.filter(
          (r) => r.renderBlocking === 'Blocking' || (r.priority === 'VeryHigh' && r.resourceType === 'Stylesheet'),
        ).length,
      })
      if (lcp > 1500 || score('performance') < 100) {
        const [element, phases] = audits['largest-contentful-paint-element']?.details?.items ?? []
        const snippet = element?.items?.[0]?.node?.snippet ?? '?'
        const timing = (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')
        const blocking = (audits['render-blocking-resources']?.details?.items ?? []).map(
          (r) => `${new URL(r.url).pathname} (${Math.round(r.wastedMs)} ms)`,
        )
        console.log(
          `  ${path} LCP ${lcp} ms: ${snippet.slice(0, 140)}\n    ${timing}${blocking.length ? `\n    render-blocking: ${blocking.join(', ')}` : ''}`,
        )
      }
      // What kept a score below 100, so the numbers come with their reasons.
      for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
        const failing = lhr.categories[id].auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter(
            (a) =>
              a &&
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => (a.explanation ? `${a.id} (${a.explanation.replace(/\s+/g, ' ').slice(0, 200)})` : a.id))
        if (failing.length) console.log(`  ${path} ${id}: ${failing.join(', ')}`)
      }
    }
  } finally {
    await chrome.kill()
  }
  return rows
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base, ...paths] = process.argv.slice(2)
  console.table(await runLighthouse(base, paths))
}
