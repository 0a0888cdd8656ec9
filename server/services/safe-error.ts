/**
 * An error as it may be logged: drizzle's query errors carry the query parameters (e-mails, names)
 * in their message, and SMTP errors can quote addresses; both are cut out.
 */
export function safeError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const e = error instanceof Error ? error : new Error(String(error))
  const clean = (text: string) =>
    text.replace(/\nparams:[\s\S]*$/, '\nparams: <hidden>').replace(/[^\s<>"'(),]+@[^\s<>"'(),]+/g, '<address>')
  const cause = (e as { cause?: unknown }).cause
  const code = (e as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code
  return {
    type: e.name,
    message: clean(e.message) + (cause instanceof Error ? ` (cause: ${clean(cause.message)})` : ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(e.stack ? { stack: clean(e.stack) } : {}),
  }
}
