/** One `npm run manage -- <name>` command. */
export type Command = {
  name: string
  /** One line for `help`. */
  summary: string
  /** Arguments and options, e.g. `[--reset]`. */
  usage?: string
  run(args: string[]): Promise<void>
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
