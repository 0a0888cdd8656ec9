import { z } from 'zod'

/**
 * zod for the modules the browser may load: import `z` from here, not from 'zod' (ESLint enforces it).
 *
 * zod 4 compiles object parsers with `new Function`, and before that probes whether it may, when
 * the first object schema is built. Our pages' Content-Security-Policy allows no eval, so in the
 * browser that probe is refused and Chromium reports a CSP violation (an inspector issue that
 * costs the member pages Lighthouse's best-practices points), although zod catches it and falls
 * back. Turning the compiler off (`jitless`) before any schema exists skips the probe; zod then
 * parses with its ordinary, same-result code. The server keeps the compiler: no CSP applies there.
 * Being imported first by every schema module, this runs before any of their schemas is built.
 */
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }
