/** One `npm run manage -- <name>` command. */
export type Command = {
  name: string
  /** One line for `help`. */
  summary: string
  /** Arguments and options, e.g. `[--reset]`. */
  usage?: string
  run(args: string[]): Promise<void>
}
