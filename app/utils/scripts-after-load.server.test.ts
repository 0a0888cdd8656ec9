import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { scriptsAfterLoad } from './scripts-after-load.server.ts'

const page = [
  '<!DOCTYPE html><html lang="ko"><head>',
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/messages/public-ko.c3.json" data-messages=""/>',
  '<link rel="modulepreload" href="/assets/entry.client-a1.js"/><link rel="modulepreload" href="/assets/root-b2.js"/>',
  '</head><body><p>한국어 본문 — text</p>',
  '<script nonce="n1">window.__reactRouterContext = {};</script>',
  '<script nonce="n1" type="module" async="">import "/assets/entry.client-a1.js";</script>',
  '</body></html>',
].join('')

async function run(chunks: Buffer[], nonce: string | undefined): Promise<string> {
  const out: Buffer[] = []
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterLoad(nonce))) out.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(out).toString('utf8')
}

describe('scriptsAfterLoad', () => {
  it("leaves the module preloads, the catalogue's preload and the module script inert and adds one starter before </body>", async () => {
    const html = await run([Buffer.from(page)], 'n1')
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html.match(/<link rel="x-modulepreload-after-load"/g)).toHaveLength(2)
    expect(html).not.toContain('<link rel="preload"')
    expect(html).toContain(
      '<link rel="x-preload-after-load" as="fetch" crossorigin="anonymous" href="/assets/messages/',
    )
    expect(html).toContain(
      '<script nonce="n1" type="x-module-after-load">import "/assets/entry.client-a1.js";</script>',
    )
    expect(html).toMatch(/<script nonce="n1">\{let go=.*addEventListener\("load".*<\/script><\/body><\/html>$/)
    expect(html).toContain('<p>한국어 본문 — text</p>')
  })

  it('gives the same bytes however the stream is cut, also inside a marker or a multi-byte character', async () => {
    const whole = await run([Buffer.from(page)], 'n1')
    const bytes = Buffer.from(page)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)], 'n1')).toBe(whole)
    }
    const oneByOne = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1))
    expect(await run(oneByOne, 'n1')).toBe(whole)
  })

  it('starts the scripts once, whatever follows, and without a nonce when there is none', async () => {
    const html = await run([Buffer.from(page + '<p>&lt;/body&gt;</p></body>')], undefined)
    expect(html.match(/\{let go=/g)).toHaveLength(1)
    expect(html).toContain('<script>{let go=')
  })

  it('passes the pieces written in one turn of the event loop on as one, and a later turn on its own', async () => {
    const out: Buffer[] = []
    const pass = scriptsAfterLoad('n1')
    pass.on('data', (chunk: Buffer) => out.push(chunk))
    const bytes = Buffer.from(page)
    const half = bytes.length >> 1
    for (let at = 0; at < half; at += 100) pass.write(bytes.subarray(at, Math.min(at + 100, half)))
    await new Promise((resolve) => setImmediate(resolve))
    expect(out).toHaveLength(1)
    // A page still being rendered (a suspended part) keeps streaming: the next turn's pieces follow.
    pass.end(bytes.subarray(half))
    await new Promise((resolve) => pass.on('end', resolve))
    expect(out.length).toBeGreaterThanOrEqual(2)
    expect(Buffer.concat(out).toString()).toBe(await run([bytes], 'n1'))
  })
})
