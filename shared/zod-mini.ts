import * as z from 'zod/mini'

/**
 * zod's small build for the schemas public pages load (docs/decisions/024-javascript-budget.md):
 * the same core as `zod`, so a schema written here is parsed, described and composed by both
 * builds, but its functions are tree-shaken (about 6 KB against 25). Like shared/zod.ts, it turns
 * the eval-based compiler off in the browser before any schema is built (the page CSP forbids eval).
 */
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }
