import type { IncomingHttpHeaders } from 'node:http'
import { isAnonymous } from './anonymous.ts'

/**
 * Where people sign in, sign up or finish either (the pages, their data requests and the API
 * calls): admitted with the signed-in even without a session (docs/decisions/048-signed-in-share.md).
 */
const SIGN_IN_PATHS = new Set([
  '/login',
  '/signup',
  '/confirm',
  '/reset-password',
  '/admin/login',
  '/admin/setup',
  '/api/login',
  '/api/sign',
  '/api/pwd/reset',
  '/api/pwd/reset/confirm',
])

/**
 * Whether a request is the work of someone signed in (a member or console session, an API token)
 * or signing in: it may use the slots kept for them when public traffic holds every shared one.
 * Read from the address and headers only (no database), before the request is admitted.
 */
export function isSignedInWork(url: string, headers: IncomingHttpHeaders): boolean {
  if (!isAnonymous(headers)) return true
  const end = url.search(/[?#]/)
  const path = (end < 0 ? url : url.slice(0, end)).replace(/\.data$/, '').replace(/\/+$/, '')
  return SIGN_IN_PATHS.has(path)
}
