import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withScriptHashes } from './script-hashes.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('script hashes', () => {
  it('drops the nonce attributes and names each inline script by its hash, once', () => {
    const html =
      '<script nonce="N0nce">a()</script><script nonce="N0nce" type="module">import("x")</script><script src="/a.js" nonce="N0nce"></script><script nonce="N0nce">a()</script>'
    const result = withScriptHashes(html, 'N0nce')!
    expect(result.html).toBe(
      '<script>a()</script><script type="module">import("x")</script><script src="/a.js"></script><script>a()</script>',
    )
    expect(result.hashes).toEqual([sha('a()'), sha('import("x")')])
  })

  it('gives up when the nonce appears anywhere else (it would be sent to everyone)', () => {
    expect(withScriptHashes('<script nonce="N0nce">var n="N0nce"</script>', 'N0nce')).toBeNull()
  })
})
