/**
 * Whether an error means the database cannot be reached (down, restarting, unreachable, out of
 * connections), as opposed to a bad query: such a request is answered 503 "try again", not 500.
 * Looks through drizzle's wrapping (`cause`).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connection timeout|Connection refused/i

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true
      // SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, starting up).
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true
    }
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true
    if (e instanceof Error && MESSAGES.test(e.message)) return true
  }
  return false
}
