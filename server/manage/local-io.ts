import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import type { CommandIO } from './command.ts'

/** A command run in the operator's process: its own runtime (no demo seeding), output to the terminal. */
export function localIO(): CommandIO {
  return {
    async withRuntime(work) {
      const config = loadConfig({ ...process.env, SEED_DEMO: 'false' })
      const runtime = await createRuntime(config)
      try {
        return await work(runtime, config)
      } finally {
        await runtime.close()
      }
    },
    out: (line) => console.log(line),
    progress: process.stderr,
    cwd: process.cwd(),
    inServer: false,
  }
}
