// Lighthouse (mobile preset, simulated throttling) for a list of pages of a running server.
// Used by scripts/bench.mjs; prints the four category scores and the compressed JS/CSS bytes.
import * as chromeLauncher from 'chrome-launcher'
import fs from 'node:fs'
import lighthouse from 'lighthouse'

const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p))

export async function runLighthouse(base, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const rows = []
  try {
    for (const path of paths) {
      const { lhr } = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })
      const requests = lhr.audits['network-requests']?.details?.items ?? []
      const bytes = (type) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      rows.push({
        page: path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'JS KB': +(bytes('Script') / 1024).toFixed(1),
        'CSS KB': +(bytes('Stylesheet') / 1024).toFixed(1),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        CLS: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      })
      // What kept a score below 100, so the numbers come with their reasons.
      for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
        const failing = lhr.categories[id].auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
          .map((a) => a.id)
        if (failing.length) console.log(`  ${path} ${id}: ${failing.join(', ')}`)
      }
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
