import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { mailOutbox } from '#server/db/schema.ts'
import { safeError } from '#server/services/safe-error.ts'
import { createMailTransport, type MailMessage, type MailTransport } from './transport.ts'

/** What the outbox needs of a logger (Fastify's pino logger fits). */
export type MailLogger = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

const silentLogger: MailLogger = { info() {}, warn() {}, error() {} }

export const OUTBOX = {
  /** Attempts before a message is given up (status 'failed'). */
  maxAttempts: 10,
  /** First retry delay; doubles with each failure up to `maxDelayMs`. */
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  /** A claimed message is not claimed again by another node for this long. */
  leaseMs: 5 * 60_000,
  batch: 20,
  /** How often the sender loop looks for due messages. */
  intervalMs: 2_000,
} as const

/** Delay before attempt `attempts + 1`, after `attempts` failures: 30 s, 1, 2, 4 … min, at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX.baseDelayMs * 2 ** Math.max(attempts - 1, 0), OUTBOX.maxDelayMs)
}

/** SMTP errors can quote the recipient: keep addresses out of the stored error. */
function scrub(error: unknown): string {
  const text =
    error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error)
  return text.replace(/[^\s<>"'()]+@[^\s<>"'()]+/g, '<address>').slice(0, 500)
}

/** Links of a message without their `username` parameter (an address), for the log. */
function linksWithoutAddress(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map(([raw]) => {
    try {
      const url = new URL(raw)
      url.searchParams.delete('username')
      return url.toString()
    } catch {
      return '<link>'
    }
  })
}

type Executor = Pick<Db, 'insert'>

export type MailService = ReturnType<typeof createMailService>

/**
 * The outbox. `enqueue` writes a message in the caller's transaction (so it exists exactly when
 * the account change does); `flush` sends due messages and reschedules failures with a doubling
 * delay; `start` runs `flush` in a loop. Claiming uses `FOR UPDATE SKIP LOCKED`, so several app
 * nodes can run the loop against one PostgreSQL without sending a message twice.
 */
export function createMailService(deps: {
  db: Db
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'outboxDir'>
  clock: () => Date
  transport?: MailTransport
}) {
  const { db, clock } = deps
  const transport = deps.transport ?? createMailTransport(deps.config)
  let log: MailLogger = silentLogger
  let timer: NodeJS.Timeout | undefined
  let running: Promise<{ sent: number; failed: number }> | undefined
  let again = false

  async function claim() {
    const now = clock()
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.next_attempt_at, now)))
        .orderBy(asc(mailOutbox.next_attempt_at))
        .limit(OUTBOX.batch)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      return tx
        .update(mailOutbox)
        .set({ next_attempt_at: new Date(now.getTime() + OUTBOX.leaseMs) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning()
    })
  }

  async function flushOnce(): Promise<{ sent: number; failed: number }> {
    let sent = 0
    let failed = 0
    for (;;) {
      const rows = await claim()
      if (rows.length === 0) break
      for (const row of rows) {
        const attempts = row.attempts + 1
        try {
          const result = await transport.send({
            to: row.to,
            subject: row.subject,
            html: row.html,
            text: row.text,
            lang: row.lang,
          })
          // Sent: the bodies (which carry single-use links) are not kept.
          await db
            .update(mailOutbox)
            .set({ status: 'sent', attempts, sent_at: clock(), html: '', text: '', last_error: null })
            .where(eq(mailOutbox.id, row.id))
          sent++
          if (transport.kind === 'file') {
            log.info(
              { mailId: row.id, file: result.file, links: linksWithoutAddress(row.text) },
              'mail written to the outbox directory (no SMTP_URL)',
            )
          } else {
            log.info({ mailId: row.id }, 'mail sent')
          }
        } catch (error) {
          failed++
          const giveUp = attempts >= OUTBOX.maxAttempts
          await db
            .update(mailOutbox)
            .set({
              attempts,
              last_error: scrub(error),
              status: giveUp ? 'failed' : 'pending',
              next_attempt_at: new Date(clock().getTime() + retryDelayMs(attempts)),
            })
            .where(eq(mailOutbox.id, row.id))
          const entry = { mailId: row.id, attempts, error: scrub(error) }
          if (giveUp) log.error(entry, 'mail given up after the last attempt')
          else log.warn(entry, 'mail sending failed; will retry')
        }
      }
      if (rows.length < OUTBOX.batch) break
    }
    return { sent, failed }
  }

  /** Sends every due message; concurrent calls share one run (and ask for one more pass). */
  function flush(): Promise<{ sent: number; failed: number }> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      const total = { sent: 0, failed: 0 }
      try {
        do {
          again = false
          const r = await flushOnce()
          total.sent += r.sent
          total.failed += r.failed
        } while (again)
      } finally {
        running = undefined
      }
      return total
    })()
    return running
  }

  function tick() {
    flush().catch((error: unknown) => log.error({ err: safeError(error) }, 'mail outbox flush failed'))
  }

  return {
    /** Writes a message to the outbox inside the caller's transaction. */
    async enqueue(tx: Executor, message: MailMessage): Promise<void> {
      await tx.insert(mailOutbox).values({ ...message, next_attempt_at: clock(), created_at: clock() })
    },
    flush,
    /** Messages waiting to be sent and the creation time of the oldest (null when none), for /metrics. */
    async depth(): Promise<{ pending: number; oldest: Date | null }> {
      const [row] = await db
        .select({ pending: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${mailOutbox.created_at})` })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'))
      return { pending: Number(row?.pending ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null }
    },
    /** Asks the running loop to send now (after a transaction that enqueued mail committed). */
    kick() {
      if (timer) setImmediate(tick)
    },
    /** Starts the sender loop (server/main.ts, through the runtime). */
    start(logger?: MailLogger) {
      if (logger) log = logger
      if (timer) return
      timer = setInterval(tick, OUTBOX.intervalMs)
      timer.unref()
      setImmediate(tick)
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => {})
      transport.close()
    },
    /** Counts by status, for tests and readiness diagnostics. */
    async stats() {
      const rows = await db
        .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .groupBy(mailOutbox.status)
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])) as Record<string, number>
    },
    transportKind: transport.kind,
  }
}
