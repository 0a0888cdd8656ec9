import { defineConfig, devices } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromiumArgs, chromiumPath } from './tests/chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${PORT}`
// A fresh data directory per run: the server seeds the demo content into it. The workers, which load
// this file too, inherit its path; the run that made it removes it as it ends (about 230 MB a run).
const madeDataDir = !process.env.E2E_DATA_DIR
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-e2e-')))
if (madeDataDir) process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
const executablePath = chromiumPath()
// The SMTP server of tests/e2e/global-setup.ts; its port is fixed here because the web server
// (which needs SMTP_URL) starts before the global setup runs. Workers inherit the variable.
const smtpPort = Number((process.env.E2E_SMTP_PORT ??= String(PORT + 1)))
// Where scripts/e2e-console.ts leaves the console administrator's setup link (workers inherit it).
process.env.E2E_CONSOLE_LINK_FILE ??= path.join(dataDir, 'console-setup-link.txt')
// Where it leaves the TOTP secrets of the enrolled staff of tests/e2e/console-accounts.ts.
process.env.E2E_CONSOLE_ACCOUNTS_FILE ??= path.join(dataDir, 'console-accounts.json')

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } }
const PUBLISHING_SPECS =
  /console-(popups|banner|terms|catalogue|catalogue-list|documents|conflicts|languages|synonyms|defects|page-copy|lists)\.spec\.ts$/
// The bulk import adds 10,000 documents that head the public archive lists: it runs after everything else.
const BULK_SPECS = /console-import\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two browsers on the 2-core machine: a third made the desktop specs slower, not faster (measured).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    // A trace records every action's DOM and screenshots: about a tenth of the suite's time (one paired run of
    // a11y-routes: 409 s with it, 373 s without, loaded machine), for files CI's machine keeps and nobody reads.
    // Recorded on a retry (`--retries 1`, or CI=1); `--trace on` records them for a local investigation.
    trace: 'on-first-retry',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: [PUBLISHING_SPECS, BULK_SPECS] },
    // Specs that publish content (popups, banners, page copy, terms, catalogue, documents, the two-editor conflicts,
    // per-language publishing, autosave and history, search synonyms, the console defects' popups, the lists' bulk actions, the catalogue list's show/hide) change what the public pages show: they run after every
    // other spec, on the same server, so those see the demo content.
    { name: 'publishing', use: desktop, testMatch: PUBLISHING_SPECS, dependencies: ['desktop'] },
    { name: 'bulk', use: desktop, testMatch: BULK_SPECS, dependencies: ['publishing'] },
  ],
  webServer: {
    // Before the server starts, on the fresh data directory: the accounts the restricted-area tests log
    // in with, and the console's first administrator (invited, its setup link written to a file).
    command:
      'node --import tsx scripts/e2e-accounts.ts && node --import tsx scripts/e2e-console.ts && node build/main.js',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // Seeding the demo on a fresh data directory takes a few seconds, over a minute on a loaded machine.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Every spec files its service requests from 127.0.0.1: one hour's budget of ten would be
      // shared by all of them (the limit itself is tested in tests/integration/service-requests.test.ts).
      SERVICE_REQUESTS_PER_ADDRESS_HOURLY: '200',
      // A fixed test key: the server runs as in production, where the console needs one.
      CONSOLE_KEY: 'ZTJlLWNvbnNvbGUta2V5LWZvci10ZXN0cy1vbmx5ISE=',
    },
  },
})
