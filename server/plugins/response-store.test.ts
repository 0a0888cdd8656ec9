import zlib from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { createResponseStore, pickEncoding } from './response-store.ts'

const page = '<!DOCTYPE html><p>' + '안녕하세요 '.repeat(200) + '</p>'

describe('response store', () => {
  it('keeps the bytes with their brotli and gzip forms and a validator', async () => {
    const store = createResponseStore({ ttlMs: 60_000 })
    await store.put('k', '/*', { 'content-type': 'text/html' }, page, store.generation())
    const hit = store.get('k')!
    expect(hit.identity.toString()).toBe(page)
    expect(zlib.brotliDecompressSync(hit.br).toString()).toBe(page)
    expect(zlib.gunzipSync(hit.gzip).toString()).toBe(page)
    expect(hit.br.length).toBeLessThan(hit.identity.length / 5)
    expect(hit.etag).toMatch(/^W\/"[\w-]+"$/)
  })

  it('does not keep an answer computed before a clear, even one still being compressed', async () => {
    const store = createResponseStore({ ttlMs: 60_000 })
    const before = store.generation()
    store.clear()
    await store.put('k', '/*', {}, page, before)
    expect(store.get('k')).toBeNull()
    const during = store.put('k', '/*', {}, page, store.generation())
    store.clear()
    await during
    expect(store.get('k')).toBeNull()
  })

  it('stays within its byte budget, the oldest entries leaving first, and forgets after the TTL', async () => {
    const store = createResponseStore({ ttlMs: 60_000, maxBytes: 6000 })
    for (const key of ['a', 'b', 'c']) await store.put(key, '/*', {}, page, store.generation())
    expect(store.bytes()).toBeLessThanOrEqual(6000)
    expect(store.get('a')).toBeNull()
    expect(store.get('c')).not.toBeNull()
    const brief = createResponseStore({ ttlMs: -1 })
    await brief.put('k', '/*', {}, page, brief.generation())
    expect(brief.get('k')).toBeNull()
  })

  it('past the TTL, lets one caller render anew while the others get the expired copy, for a short while only', async () => {
    let now = 1_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const store = createResponseStore({ ttlMs: 60_000 })
      await store.put('k', '/*', {}, page, store.generation())
      now += 60_001
      expect(store.get('k')).toBeNull()
      const stale = store.get('k')
      expect(stale?.identity.toString()).toBe(page)
      expect(store.get('k')).toBe(stale)
      // The renewal never came: after REFRESH_MS another caller is given it.
      now += 2_001
      expect(store.get('k')).toBeNull()
      expect(store.get('k')).toBe(stale)
      // Stored anew: fresh again.
      await store.put('k', '/*', {}, `${page}!`, store.generation())
      expect(store.get('k')?.identity.toString()).toBe(`${page}!`)
      // Long past the TTL with no renewal: gone for everyone.
      now += 60_000 + 10_001
      expect(store.get('k')).toBeNull()
      expect(store.get('k')).toBeNull()
    } finally {
      clock.mockRestore()
    }
  })

  it('lets one request make a missing answer while the others wait, and stops waiting for one that is never kept', async () => {
    const store = createResponseStore({ ttlMs: 60_000 })
    const first = store.join('k')
    expect(first && 'lead' in first).toBe(true)
    const second = store.join('k')
    expect(second && 'wait' in second).toBe(true)
    let waited = false
    const waiting = (second as { wait: Promise<void> }).wait.then(() => (waited = true))
    await store.put('k', '/*', {}, page, store.generation())
    ;(first as { lead: (stored: boolean) => void }).lead(true)
    await waiting
    expect(waited).toBe(true)
    // Not kept: nobody waits for it again until the next clear.
    const private_ = store.join('p') as { lead: (stored: boolean) => void }
    private_.lead(false)
    expect(store.join('p')).toBeNull()
    store.clear()
    expect(store.join('p')).not.toBeNull()
  })

  it('stands aside while the node cannot hear changes', async () => {
    let live = false
    const store = createResponseStore({ ttlMs: 60_000, usable: () => live })
    await store.put('k', '/*', {}, page, store.generation())
    live = true
    expect(store.get('k')).toBeNull()
    await store.put('k', '/*', {}, page, store.generation())
    live = false
    expect(store.get('k')).toBeNull()
  })

  it('picks the encoding the client takes', () => {
    expect(pickEncoding(undefined)).toBe('identity')
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
    expect(pickEncoding('deflate')).toBe('identity')
    expect(pickEncoding('*')).toBe('gzip')
  })
})
