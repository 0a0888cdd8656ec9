import { describe } from 'vitest'

/**
 * Cases that run on the embedded database whatever DATABASE_URL says: `npm run manage` and
 * `node build/main.js` started by a test (tests/helpers/manage.ts, server-process.ts) drop it, and the
 * tests of PGlite's own settings and directory open one themselves. CI's
 * PostgreSQL pass (`npm run test:postgres`) skips them, where it would only repeat the PGlite run.
 */
export const describeEmbedded = describe.skipIf(Boolean(process.env.DATABASE_URL))
