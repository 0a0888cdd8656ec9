import fs from 'node:fs'

/**
 * The browser for end-to-end tests: CHROME_PATH, else Debian's Chromium, else undefined so
 * Playwright falls back to its own downloaded browser where one exists.
 */
export function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ]
  return candidates.find((p): p is string => Boolean(p) && fs.existsSync(p!))
}

/** Flags for a closed network: no background calls home that the sandbox would refuse. */
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
