import { seedDemo } from '#server/seed/seed.ts'
import type { Command } from '../command.ts'

export const seed: Command = {
  name: 'seed',
  initialises: true,
  summary: 'Load the demo content into an empty database; --reset restores the demo state',
  usage: '[--reset]',
  async run(args, io) {
    const reset = args.includes('--reset')
    // The seed announces its change (everything), so a running server's pages show it at once.
    await io.withRuntime(async ({ database, storage }) => {
      const result = await seedDemo({ db: database.db, storage }, { reset })
      io.out(
        result === 'seeded'
          ? `demo content loaded${reset ? ' (reset)' : ''}`
          : 'database has content: nothing done (use --reset)',
      )
    })
  },
}
