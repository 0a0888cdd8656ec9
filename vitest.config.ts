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
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Each file builds its own app and database; two workers fit the 2-core machine.
    maxWorkers: 2,
  },
})
