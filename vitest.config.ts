import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup-i18n.ts'],
    globalSetup: ['tests/vitest-global.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Each file builds its own app and database; two workers fit the 2-core machine.
    maxWorkers: 2,
    // Files of one worker share its loaded modules (the server, React Router's build, PGlite's
    // compiled WebAssembly) instead of importing them again per file: about a third off the run.
    // The only state a module keeps between files is the worker's seeded database template
    // (tests/helpers/seeded-template.ts), which each file copies.
    isolate: false,
  },
})
