import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { consoleKeyPath, readKeyFile, resolveConsoleKey, writeKeyFile } from './console-key.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-console-key-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
const production = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, ...extra })
const b64 = (fill: number) => Buffer.alloc(32, fill).toString('base64')

describe('the console key of the embedded database ($DATA_DIR/console.key)', () => {
  it('is made once, owner-only, one base64 key a line, and read back the same on the next start', () => {
    const dir = path.join(tempDir(), 'fresh') // not there yet: a fresh machine
    const first = resolveConsoleKey(production(dir))
    const file = consoleKeyPath(path.resolve(dir))
    expect(first.origin).toEqual({ kind: 'file', path: file, generated: true })
    expect(first.config.consoleKey).toHaveLength(32)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first.config.consoleKey!.toString('base64')}\n`)
    expect(first.notices).toEqual([
      { level: 'warn', message: expect.stringContaining(`console key generated in ${file} (owner-only)`) },
    ])
    expect(first.notices[0]!.message).toMatch(/back|backups/)
    // Nothing else left beside it (the temporary file it was written through).
    expect(fs.readdirSync(path.resolve(dir))).toEqual(['console.key'])

    const again = resolveConsoleKey(production(dir))
    expect(again.origin).toEqual({ kind: 'file', path: file, generated: false })
    expect(again.config.consoleKey).toEqual(first.config.consoleKey)
    expect(again.notices).toEqual([{ level: 'info', message: `console key read from ${file}` }])
  })

  it('two processes starting at once make one key between them', async () => {
    const dir = tempDir()
    const script = `
      import { loadConfig } from '#server/config.ts'
      import { resolveConsoleKey } from '#server/services/console/console-key.ts'
      const r = resolveConsoleKey(loadConfig({ NODE_ENV: 'production', DATA_DIR: ${JSON.stringify(dir)} }))
      console.log(JSON.stringify({ key: r.config.consoleKey.toString('base64'), generated: r.origin.generated }))`
    const run = () =>
      new Promise<{ key: string; generated: boolean }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
        let out = ''
        child.stdout.on('data', (c: Buffer) => (out += c.toString()))
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`))))
      })
    const results = await Promise.all([run(), run(), run()])
    expect(new Set(results.map((r) => r.key)).size).toBe(1)
    expect(results.filter((r) => r.generated)).toHaveLength(1)
    expect(readKeyFile(consoleKeyPath(dir))!.map((k) => k.toString('base64'))).toEqual([results[0]!.key])
  }, 60_000)

  it('an exclusive write never replaces a key that is there', () => {
    const file = consoleKeyPath(tempDir())
    expect(writeKeyFile(file, [Buffer.alloc(32, 1)], { exclusive: true })).toBe(true)
    expect(writeKeyFile(file, [Buffer.alloc(32, 2)], { exclusive: true })).toBe(false)
    expect(readKeyFile(file)).toEqual([Buffer.alloc(32, 1)])
    expect(fs.readdirSync(path.dirname(file))).toEqual(['console.key'])
  })

  it('a file with two keys (a rotation cut short) seals with the first and opens with both, and says so', () => {
    const dir = tempDir()
    writeKeyFile(consoleKeyPath(dir), [Buffer.alloc(32, 1), Buffer.alloc(32, 2)])
    const r = resolveConsoleKey(production(dir))
    expect(r.config.consoleKey).toEqual(Buffer.alloc(32, 1))
    expect(r.config.consolePreviousKeys).toEqual([Buffer.alloc(32, 2)])
    expect(r.notices.map((n) => n.message)).toContainEqual(
      expect.stringContaining('a console key rotation did not finish'),
    )
  })

  it('warns about a key file others can read, and refuses one that holds no key', () => {
    const dir = tempDir()
    const file = consoleKeyPath(dir)
    writeKeyFile(file, [Buffer.alloc(32, 1)])
    fs.chmodSync(file, 0o644)
    expect(resolveConsoleKey(production(dir)).notices).toContainEqual({
      level: 'warn',
      message: `${file} can be read by other users (mode 0644): chmod 600 it`,
    })
    fs.writeFileSync(file, 'not a key\n')
    expect(() => resolveConsoleKey(production(dir))).toThrow(`${file} is not a console key file`)
    fs.writeFileSync(file, '')
    expect(() => resolveConsoleKey(production(dir))).toThrow(/is not a console key file/)
  })
})

describe('where the key comes from otherwise', () => {
  it('CONSOLE_KEY wins over the file, with a warning when they differ; the file is left as it is', () => {
    const dir = tempDir()
    const file = consoleKeyPath(dir)
    writeKeyFile(file, [Buffer.alloc(32, 1)])
    const same = resolveConsoleKey(production(dir, { CONSOLE_KEY: b64(1) }))
    expect(same.origin).toEqual({ kind: 'environment' })
    expect(same.notices).toEqual([])
    const other = resolveConsoleKey(production(dir, { CONSOLE_KEY: b64(9) }))
    expect(other.config.consoleKey).toEqual(Buffer.alloc(32, 9))
    expect(other.notices).toEqual([
      { level: 'warn', message: expect.stringContaining(`CONSOLE_KEY is set and differs from the key in ${file}`) },
    ])
    expect(readKeyFile(file)).toEqual([Buffer.alloc(32, 1)])
  })

  it('production on PostgreSQL without CONSOLE_KEY: no key, the console off, a warning, nothing written', () => {
    const dir = tempDir()
    const r = resolveConsoleKey(production(dir, { DATABASE_URL: 'postgres://u:p@db.example:5432/site' }))
    expect(r.config.consoleKey).toBeNull()
    expect(r.origin).toEqual({ kind: 'missing' })
    expect(r.notices).toEqual([
      { level: 'warn', message: expect.stringContaining('CONSOLE_KEY is not set: the console (/admin) is off') },
    ])
    expect(r.notices[0]!.message).toContain('every node')
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('development and tests: the fixed development key, no file', () => {
    const dir = tempDir()
    const r = resolveConsoleKey(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }))
    expect(r.origin).toEqual({ kind: 'development' })
    expect(r.config.consoleKey).toEqual(loadConfig({ NODE_ENV: 'test' }).consoleKey)
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
