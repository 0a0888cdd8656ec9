import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuild } from '#tests/helpers/build.ts'

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

beforeAll(() => ensureBuild(), 300_000)

describe('production mode', () => {
  it('loads the production build of React when NODE_ENV is not set', () => {
    const { NODE_ENV: _, ...env } = process.env
    const run = spawnSync(process.execPath, ['--require', preload, 'build/main.js'], { env: { ...env, PORT: 'not-a-port' }, encoding: 'utf8', timeout: 60_000 })
    const builds = JSON.parse(/REACT_BUILDS (.*)/.exec(run.stderr)?.[1] ?? 'null') as string[] | null
    expect(builds).toContain('react:production')
    expect(builds!.filter((b) => b.endsWith(':development'))).toEqual([])
  })
})
