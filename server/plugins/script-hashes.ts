import { createHash } from 'node:crypto'

/**
 * A rendered page made fit to be stored and served to everyone: its scripts lose the response's
 * nonce and are allowed instead by their SHA-256 hashes (docs/decisions/037-page-store-in-fastify.md).
 * Inline scripts of a stored page never change, so their hashes are as strict as a nonce and the
 * bytes (and their compressed forms) stay the same for every visitor.
 *
 * Returns null when the page cannot be made so (the nonce also appears somewhere other than the
 * `nonce` attributes, e.g. inside a script); the caller then sends it as rendered.
 */
export function withScriptHashes(html: string, nonce: string): { html: string; hashes: string[] } | null {
  const stripped = nonce ? html.replaceAll(` nonce="${nonce}"`, '') : html
  if (nonce && stripped.includes(nonce)) return null
  const hashes: string[] = []
  for (const match of stripped.matchAll(INLINE_SCRIPT)) {
    const hash = `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`
    if (!hashes.includes(hash)) hashes.push(hash)
  }
  return { html: stripped, hashes }
}

/** A script element without `src`: the browser hashes its text exactly as written in the HTML. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g
