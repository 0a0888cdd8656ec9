import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createSecretBox } from './secret-box.ts'

describe('secret box (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 1)

  it('opens what it sealed; each seal differs (random IV); the ciphertext does not show the secret', () => {
    const box = createSecretBox(key)
    const a = box.seal('JBSWY3DPEHPK3PXP')
    const b = box.seal('JBSWY3DPEHPK3PXP')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(a).not.toContain('JBSWY3DP')
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP')
  })

  it('refuses a changed ciphertext and another key', () => {
    const sealed = createSecretBox(key).seal('secret')
    const [v, iv, tag, body] = sealed.split('.')
    const flipped = Buffer.from(body!, 'base64url')
    flipped[0] = flipped[0]! ^ 1
    expect(() => createSecretBox(key).open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow()
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow()
  })
})

describe('CONSOLE_KEY', () => {
  it('must be 32 bytes in base64', () => {
    expect(() => loadConfig({ CONSOLE_KEY: 'short' })).toThrow(/CONSOLE_KEY must be 32 bytes/)
    expect(() => loadConfig({ CONSOLE_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/CONSOLE_KEY/)
    expect(loadConfig({ CONSOLE_KEY: Buffer.alloc(32, 9).toString('base64') }).consoleKey).toEqual(Buffer.alloc(32, 9))
  })

  it('production without it: no key (the console is off); development and test: the fixed development key', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).consoleKey).toBeNull()
    const dev = loadConfig({ NODE_ENV: 'development' }).consoleKey
    expect(dev).toHaveLength(32)
    expect(loadConfig({ NODE_ENV: 'test' }).consoleKey).toEqual(dev)
  })
})

describe('secret box with several keys (a rotation under way)', () => {
  it('seals with the first key and opens what either sealed', () => {
    const [a, b] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)]
    const both = createSecretBox([b, a])
    const underA = createSecretBox(a).seal('old secret')
    const sealed = both.seal('new secret')
    expect(both.open(underA)).toBe('old secret')
    expect(both.open(sealed)).toBe('new secret')
    expect(createSecretBox(b).open(sealed)).toBe('new secret')
    expect(() => createSecretBox(a).open(sealed)).toThrow()
    expect(() => createSecretBox([Buffer.alloc(32, 3), Buffer.alloc(32, 4)]).open(sealed)).toThrow()
    expect(() => createSecretBox([])).toThrow('32 bytes')
  })
})
