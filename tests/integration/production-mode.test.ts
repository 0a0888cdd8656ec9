import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuild } from '#tests/helpers/build.ts'
import { startServer } from '#tests/helpers/server-process.ts'

// `node build/main.js` with no NODE_ENV must run React's production build: the entry sets the
// mode before React is first imported. A preload records which of React's builds get loaded; the
// server then stops at its configuration (a bad PORT), after React is in.
const preload = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-mode-')), 'record-react.cjs')
fs.writeFileSync(
  preload,
  `const Module = require('node:module')
const load = Module._load
const seen = new Set()
Module._load = function (request, parent, isMain) {
  const m = /\\/cjs\\/(react[\\w.-]*?)\\.(production|development)\\.js$/.exec(request)
  if (m) seen.add(m[1] + ':' + m[2])
  return load.apply(this, arguments)
}
process.on('exit', () => process.stderr.write('REACT_BUILDS ' + JSON.stringify([...seen]) + '\\n'))
`,
)

// What `npm run serve` (scripts/serve.sh) started: Node's flags, the malloc settings, and whether
// jemalloc is mapped into the process.
const settings = path.join(path.dirname(preload), 'record-settings.cjs')
fs.writeFileSync(
  settings,
  `process.on('exit', () => process.stderr.write('SETTINGS ' + JSON.stringify({
  execArgv: process.execArgv,
  arenas: process.env.MALLOC_ARENA_MAX,
  jemalloc: require('node:fs').readFileSync('/proc/self/maps', 'utf8').includes('/libjemalloc.so'),
}) + '\\n'))
`,
)

// Which packages the server imports as it starts: module hooks (node:module `register`) record the
// package of every module loaded from node_modules.
const packageHooks = path.join(path.dirname(preload), 'record-packages-hooks.mjs')
fs.writeFileSync(
  packageHooks,
  `export async function load(url, context, next) {
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)
  if (m) process.stderr.write('PACKAGE ' + m[1] + '\\n')
  return next(url, context)
}
`,
)
const recordPackages = path.join(path.dirname(preload), 'record-packages.cjs')
fs.writeFileSync(recordPackages, `require('node:module').register(${JSON.stringify(`file://${packageHooks}`)})\n`)

/** Whether the system has jemalloc where scripts/serve.sh looks for it. */
const jemallocInstalled = () =>
  [
    '/usr/lib64',
    '/usr/lib',
    '/usr/local/lib',
    ...fs
      .readdirSync('/usr/lib')
      .filter((d) => d.endsWith('-linux-gnu'))
      .map((d) => `/usr/lib/${d}`),
  ].some((dir) => fs.existsSync(path.join(dir, 'libjemalloc.so.2')))

beforeAll(() => ensureBuild(), 300_000)

describe('production mode', () => {
  it('loads the production build of React when NODE_ENV is not set', () => {
    const { NODE_ENV: _, ...env } = process.env
    const run = spawnSync(process.execPath, ['--require', preload, 'build/main.js'], {
      env: { ...env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    const builds = JSON.parse(/REACT_BUILDS (.*)/.exec(run.stderr)?.[1] ?? 'null') as string[] | null
    expect(builds).toContain('react:production')
    expect(builds!.filter((b) => b.endsWith(':development'))).toEqual([])
  })

  it('leaves the libraries only downloads, the console and the operator use to their first use', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-mode-'))
    const server = await startServer(dataDir, { NODE_OPTIONS: `--require ${recordPackages}` })
    try {
      for (const page of ['/', '/en/product', '/id/TM250142-3']) await (await fetch(`${server.base}${page}`)).text()
    } finally {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    const loaded = new Set([...server.output().matchAll(/^PACKAGE (\S+)$/gm)].map((m) => m[1]))
    // What the pages need is loaded: the record works.
    expect([...loaded]).toEqual(expect.arrayContaining(['react-dom', 'fastify', 'drizzle-orm']))
    // PDFs and their font, codes, archives, tables, mail, images (ADR 031, decision 2).
    const heavy = ['pdfkit', 'fontkit', 'bwip-js', 'yazl', 'tar', 'papaparse', 'exceljs', 'jszip', 'sharp', 'qrcode']
    expect(heavy.filter((name) => loaded.has(name))).toEqual([])
    expect(loaded.has('nodemailer')).toBe(false)
  }, 120_000)

  /** The Node options and malloc `scripts/serve.sh` starts the server with, for a given DATABASE_URL. */
  function serveSettings(databaseUrl: string | undefined) {
    const { LD_PRELOAD: _, MALLOC_CONF: __, MALLOC_ARENA_MAX: ___, DATABASE_URL: ____, ...env } = process.env
    const run = spawnSync('sh', ['scripts/serve.sh', '--require', settings], {
      env: { ...env, PORT: 'not-a-port', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.stderr).not.toMatch(/ld\.so/)
    return JSON.parse(/SETTINGS (.*)/.exec(run.stderr)?.[1] ?? 'null') as {
      execArgv: string[]
      arenas: string
      jemalloc: boolean
    } | null
  }

  // Both databases: the heap grows to 3 times its live data before a full collection (ADR 075).
  it.each([
    ['the embedded database', undefined],
    ['PostgreSQL', 'postgres://nobody@127.0.0.1:1/none'],
  ])(
    '`npm run serve` on %s starts Node with the memory settings of production, on jemalloc where installed',
    (_, url) => {
      const seen = serveSettings(url)
      expect(seen?.execArgv).toEqual(
        expect.arrayContaining([
          '--max-old-space-size=512',
          '--heap-growing-percent=200',
          '--max-semi-space-size=4',
          '--wasm-lazy-compilation',
        ]),
      )
      expect(seen?.arenas).toBe('2')
      // .ci/run installs libjemalloc2; without it the server runs on glibc's malloc.
      expect(seen?.jemalloc).toBe(jemallocInstalled())
    },
  )
})
