import pg from 'pg'

/** What a LISTEN reports: each notification's payload, and whether it is listening (false while reconnecting). */
export type ListenHandlers = {
  onNotify(payload: string): void
  /** True once LISTEN is acknowledged (initially and after every reconnect), false when the connection is lost. */
  onState(listening: boolean): void
}

export type Listening = { close(): Promise<void> }

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 10_000

/**
 * LISTEN on PostgreSQL through one dedicated node-postgres client, outside the pool (a pooled
 * connection is handed to other queries and its LISTEN would be lost). When the connection
 * drops (server restart, failover, a terminated backend), it reconnects with a doubling delay
 * (250 ms … 10 s) and listens again; notifications sent meanwhile are lost, which `onState`
 * lets the caller make up for.
 */
export function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Listening {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`)
  let current: pg.Client | null = null
  let closed = false
  let retryMs = FIRST_RETRY_MS
  let timer: NodeJS.Timeout | undefined
  let listening = false

  const setState = (state: boolean) => {
    if (state === listening) return
    listening = state
    handlers.onState(state)
  }

  function schedule() {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, retryMs)
    timer.unref()
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  async function connect() {
    if (closed) return
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: `change-bus ${process.pid}`,
    })
    let lost = false
    const lose = () => {
      if (lost) return
      lost = true
      if (current === client) current = null
      setState(false)
      client.end().catch(() => {})
      schedule()
    }
    client.on('error', lose)
    client.on('end', lose)
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch {
      lose()
      return
    }
    if (closed || lost) {
      lost = true
      await client.end().catch(() => {})
      return
    }
    current = client
    retryMs = FIRST_RETRY_MS
    setState(true)
  }

  void connect()
  return {
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const client = current
      current = null
      await client?.end().catch(() => {})
    },
  }
}
