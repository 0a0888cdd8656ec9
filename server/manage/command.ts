import type { Config } from '#server/config.ts'
import type { Runtime } from '#server/runtime.ts'

/** Where a progress bar draws: the terminal (stderr) or, in the server, the command's socket. */
export type ProgressStream = { isTTY?: boolean; write(text: string): unknown }

/**
 * What a command works with (docs/decisions/045-commands-on-a-running-server.md): run from the
 * shell, its own runtime opened for it and closed after; sent to the running server on the same
 * embedded database (its manage socket), the server's own runtime, its output sent back.
 */
export type CommandIO = {
  /** The runtime and its configuration, for the length of `work`. */
  withRuntime<T>(work: (runtime: Runtime, config: Config) => Promise<T>): Promise<T>
  /** One line of the command's output (stdout). */
  out(line: string): void
  progress: ProgressStream
  /** The directory the operator ran the command in: relative paths are read from there. */
  cwd: string
  /** True when the running server runs the command. */
  inServer: boolean
}

/** One `npm run manage -- <name>` command. */
export type Command = {
  name: string
  /** One line for `help`. */
  summary: string
  /** Arguments and options, e.g. `[--reset]`. */
  usage?: string
  /**
   * Runs in the operator's own process, never sent to a running server: `backup` (which copies
   * through the server's backup socket itself) and `restore` (which needs the server stopped).
   */
  runsHere?: boolean
  /** Creates the site's database when there is none (`migrate`, `seed`); every other command refuses to. */
  initialises?: boolean
  run(args: string[], io: CommandIO): Promise<void>
}

/** The value after `--name` in the arguments, or undefined when the option is absent. */
export function optionOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}

/** The first argument that is neither an option nor the value of one of `valued` (`--system x`). */
export function positionalOf(args: string[], valued: string[]): string | undefined {
  return args.find((a, i) => !a.startsWith('--') && !valued.includes(args[i - 1] ?? ''))
}
