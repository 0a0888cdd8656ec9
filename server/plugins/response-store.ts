import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * A stored answer: its bytes as sent, brotli and gzip, each made once, and the whole header set a
 * hit sends with each (the stored headers, validator, `Vary`, `Content-Encoding`, length), so a hit
 * writes prepared headers and bytes and builds nothing.
 */
export type StoredResponse = {
  /** The route pattern that made it (`/api/product/list`, `/*` for pages), for metrics. */
  route: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** Weak validator of the bytes, for `If-None-Match`. */
  etag: string
  /** The headers of a hit in each encoding, and of a 304 (no body, no length or encoding). */
  sent: Record<Encoding | 'notModified', Readonly<Record<string, string>>>
}

/** How long past its TTL an answer may still be sent while one request renders it anew. */
const STALE_MS = 10_000
/** How long that request has before another one is given the renewal. */
const REFRESH_MS = 2_000
/** Keys remembered as not kept (each a page address or API call), at most. */
const MAX_UNKEPT = 10_000

export type ResponseStoreOptions = {
  ttlMs: number
  /** Bytes kept in all (the three forms of every entry); the oldest entries leave first. */
  maxBytes?: number
  /** False while the node cannot hear changes: nothing is served or stored meanwhile. */
  usable?: () => boolean
}

/**
 * Public answers (anonymous pages and the public API's unchanging calls) kept in memory with their
 * compressed forms, so a hit costs a map lookup and one write (docs/decisions/037-page-store-in-fastify.md).
 *
 * Every published change clears it (server/app.ts subscribes to the change bus, on every node); an
 * answer computed before a clear is not stored afterwards (the generation taken before computing
 * it is handed to `put`), so it cannot bring back what the change replaced. Compression runs on
 * the thread pool (brotli at its best quality: made once, sent thousands of times).
 */
export function createResponseStore({ ttlMs, maxBytes = 48 * 1024 * 1024, usable = () => true }: ResponseStoreOptions) {
  const entries = new Map<string, { response: StoredResponse; expires: number; bytes: number; refreshing: number }>()
  const pending = new Map<string, Promise<void>>()
  /** Keys being answered by one request, which the others asking for them wait for. */
  const leaders = new Map<string, Promise<void>>()
  /** Keys whose last answer could not be kept (a private page, an error): nobody waits for them. */
  const unkept = new Set<string>()
  let generation = 0
  let bytes = 0

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }

  async function keep(
    key: string,
    route: string,
    headers: Record<string, string>,
    body: string | Buffer,
    computedAt: number,
  ): Promise<void> {
    const identity = typeof body === 'string' ? Buffer.from(body) : body
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip(identity, { level: 9 }),
    ])
    const size = identity.length + br.length + gz.length
    if (computedAt !== generation || size > maxBytes) return
    const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`
    const notModified = { ...headers, etag, vary: 'Accept-Encoding', 'x-cache': 'hit' }
    const sent = {
      notModified,
      identity: { ...notModified, 'content-length': String(identity.length) },
      br: { ...notModified, 'content-encoding': 'br', 'content-length': String(br.length) },
      gzip: { ...notModified, 'content-encoding': 'gzip', 'content-length': String(gz.length) },
    }
    drop(key)
    while (bytes + size > maxBytes && entries.size > 0) drop(entries.keys().next().value!)
    entries.set(key, {
      response: { route, identity, br, gzip: gz, etag, sent },
      expires: Date.now() + ttlMs,
      bytes: size,
      refreshing: 0,
    })
    bytes += size
  }

  return {
    usable,
    /**
     * The kept answer of a key. Past its TTL one caller (at most one every REFRESH_MS) is told
     * there is none, renders it anew and stores it, while the others still get the expired copy,
     * for at most STALE_MS: an expiry under load costs one render, not one per request in flight
     * (which was the kept page's p99). A published change clears the store instead: nothing
     * stale outlives a change.
     */
    get(key: string): StoredResponse | null {
      if (!usable()) return null
      const entry = entries.get(key)
      if (!entry) return null
      const now = Date.now()
      if (entry.expires >= now) return entry.response
      if (now - entry.expires > Math.min(ttlMs, STALE_MS)) {
        drop(key)
        return null
      }
      if (entry.refreshing > now) return entry.response
      entry.refreshing = now + REFRESH_MS
      return null
    },
    /** Changes at every clear: take it before computing an answer and hand it to `put`. */
    generation: () => generation,
    /**
     * Compresses and keeps an answer, unless a clear happened since `computedAt` (checked again
     * once the compressed forms are ready) or the same key is being stored already.
     */
    async put(
      key: string,
      route: string,
      headers: Record<string, string>,
      body: string | Buffer,
      computedAt: number,
    ): Promise<void> {
      if (computedAt !== generation || pending.has(key) || !usable()) return
      const stored = keep(key, route, headers, body, computedAt)
      pending.set(key, stored)
      try {
        await stored
      } finally {
        pending.delete(key)
      }
    },
    /** Resolves once every answer being compressed is stored (tests wait on it before expecting a hit). */
    async idle(): Promise<void> {
      await Promise.all(pending.values())
    },
    clear() {
      generation++
      entries.clear()
      unkept.clear()
      bytes = 0
    },
    /**
     * Single flight for a missing answer: the first request for a key answers it (`lead`, to be
     * ended with whether its answer was stored), the ones that come meanwhile wait for that (`wait`)
     * and then find it stored. So a cleared or expired popular page is rendered once, not once per
     * request in flight (each of which the admission cap would count, and shed). A key whose answer
     * could not be kept is not waited for again until the next clear; nor is a store that is off.
     */
    join(key: string): { lead: (stored: boolean) => void } | { wait: Promise<void> } | null {
      if (!usable() || unkept.has(key)) return null
      const leader = leaders.get(key)
      if (leader) return { wait: leader }
      let end!: () => void
      const flight = new Promise<void>((resolve) => (end = resolve))
      leaders.set(key, flight)
      return {
        lead: (stored: boolean) => {
          if (leaders.get(key) !== flight) return
          leaders.delete(key)
          if (!stored && unkept.size < MAX_UNKEPT) unkept.add(key)
          end()
        },
      }
    },
    /** Whether an answer is kept for the key (fresh or not). */
    has: (key: string) => entries.has(key),
    size: () => entries.size,
    bytes: () => bytes,
  }
}

export type ResponseStore = ReturnType<typeof createResponseStore>

/** The best encoding the client accepts of those stored (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  let br = false
  let gz = false
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue
    if (name === 'br') br = true
    else if (name === 'gzip' || name === '*') gz = true
  }
  return br ? 'br' : gz ? 'gzip' : 'identity'
}
