import { sql } from 'drizzle-orm'
import type { Database, Db } from '#server/db/client.ts'

/**
 * The change bus (docs/decisions/018-change-bus.md): a published content change reaches every
 * server node, so each can drop what it keeps in memory (the page cache) before its next request.
 *
 * - `published(tx, topics)` is called inside the transaction that changes the content: it issues
 *   `pg_notify('content_changed', '["agencies"]')`, which PostgreSQL (and PGlite) delivers only
 *   when that transaction commits, and never when it rolls back.
 * - Every node that subscribes LISTENs on the channel (a dedicated connection on PostgreSQL that
 *   reconnects; PGlite's own listener) and calls its listeners with the topics.
 * - While the connection is lost a node cannot hear notices: `live()` is false (the page cache
 *   stands aside), and when it listens again its listeners get `['*']` (anything may have changed).
 */
export const CHANGES_CHANNEL = 'content_changed'
/** The topic listeners receive when they must assume everything changed (after a reconnect). */
export const ALL_TOPICS = '*'

/** A transaction (or the database): what `published` needs of it. */
export type ChangeExecutor = Pick<Db, 'execute'>

export type ChangeListener = (topics: string[]) => void

export type ChangeBus = {
  /** Announces `topics` when the caller's transaction commits (call it inside that transaction). */
  published(tx: ChangeExecutor, topics: readonly string[]): Promise<void>
  /** Calls `listener` with the topics of every committed change, on this node; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void
  /**
   * Calls `listener` when this node announces a change, inside the transaction (before it commits,
   * and also when it then rolls back): what this node keeps can stand aside until the notice comes,
   * so the editor's next page on the same node never shows what was there before (kept-copy.ts).
   */
  announcing(listener: () => void): () => void
  /** Whether this node is listening now (false before the first subscriber, and while reconnecting). */
  live(): boolean
  /** Starts listening if nothing has yet, and resolves once LISTEN is acknowledged. */
  ready(): Promise<void>
  close(): Promise<void>
}

/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes; a longer list is sent as "everything". */
const PAYLOAD_MAX = 7900

function parseTopics(payload: string): string[] {
  try {
    const value: unknown = JSON.parse(payload)
    if (Array.isArray(value) && value.every((t) => typeof t === 'string')) return value
  } catch {
    // Not ours or damaged: treat as "anything may have changed".
  }
  return [ALL_TOPICS]
}

/**
 * Announces `topics` to every node when the caller's transaction commits: the bus's `published`,
 * also for code that has no bus at hand (the demo seed, which replaces everything: `['*']`).
 */
export async function publishChange(tx: ChangeExecutor, topics: readonly string[]): Promise<void> {
  const unique = [...new Set(topics)].filter((t) => t.length > 0)
  if (unique.length === 0) return
  let payload = JSON.stringify(unique)
  if (Buffer.byteLength(payload) > PAYLOAD_MAX) payload = JSON.stringify([ALL_TOPICS])
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`)
}

export function createChangeBus(
  database: Pick<Database, 'listen'>,
  options: { onError?: (error: unknown) => void } = {},
): ChangeBus {
  const listeners = new Set<ChangeListener>()
  const onError = options.onError ?? ((error: unknown) => console.error('change listener failed', error))
  let listening: ReturnType<Database['listen']> | null = null
  let live = false
  let closed = false
  let everListened = false
  let waiters: (() => void)[] = []

  const emit = (topics: string[]) => {
    for (const listener of [...listeners]) {
      try {
        listener(topics)
      } catch (error) {
        onError(error)
      }
    }
  }

  function start() {
    if (listening || closed) return
    listening = database.listen(CHANGES_CHANNEL, {
      onNotify: (payload) => emit(parseTopics(payload)),
      onState(state) {
        if (closed) return
        live = state
        if (!state) return
        // Notices sent while this node was not listening are lost: after a reconnect, drop everything.
        if (everListened) emit([ALL_TOPICS])
        everListened = true
        const ready = waiters
        waiters = []
        for (const resolve of ready) resolve()
      },
    })
  }

  const announcers = new Set<() => void>()
  return {
    async published(tx, topics) {
      for (const listener of [...announcers]) listener()
      await publishChange(tx, topics)
    },
    announcing(listener) {
      announcers.add(listener)
      return () => void announcers.delete(listener)
    },
    subscribe(listener) {
      listeners.add(listener)
      start()
      return () => void listeners.delete(listener)
    },
    live: () => live,
    ready() {
      start()
      if (live || closed) return Promise.resolve()
      return new Promise<void>((resolve) => waiters.push(resolve))
    },
    async close() {
      closed = true
      live = false
      listeners.clear()
      const ready = waiters
      waiters = []
      for (const resolve of ready) resolve()
      await listening?.close()
    },
  }
}
