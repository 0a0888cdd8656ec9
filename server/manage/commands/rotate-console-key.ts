import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { loadConfig } from '#server/config.ts'
import { consoleKeyPath, parseKey, usesKeyFile, writeKeyFile } from '#server/services/console/console-key.ts'
import { optionOf, type Command } from '../command.ts'

/**
 * `rotate-console-key [--key <base64>]` (docs/decisions/046-console-key.md): the staff's TOTP
 * secrets sealed again under a new console key, in one transaction, without re-enrolment.
 *
 * - Embedded database with `$DATA_DIR/console.key`: the file first holds the new and the old key
 *   (either opens every secret, whatever moment a crash comes), the secrets are sealed anew, then the
 *   file holds the new key alone. A running server runs the command itself (the manage socket) and
 *   uses the new key from then on.
 * - CONSOLE_KEY (PostgreSQL, or set on purpose): the secrets are sealed anew; the operator then puts
 *   the new key in the environment file of every node and restarts them (printed).
 */
export const rotateConsoleKey: Command = {
  name: 'rotate-console-key',
  usage: '[--key <base64>]',
  summary: 'Seal the staff TOTP secrets under a new console key (staff keep their authenticators)',
  async run(args, io) {
    const given = optionOf(args, '--key')
    const unknown = args.filter((a, i) => a !== '--key' && args[i - 1] !== '--key')
    if (unknown.length > 0 || (args.includes('--key') && given === undefined))
      throw new Error('usage: rotate-console-key [--key <32 bytes in base64>]')
    const chosen = given === undefined ? null : parseKey(given)
    if (given !== undefined && !chosen) throw new Error('--key must be 32 bytes in base64 (openssl rand -base64 32)')
    if (!io.inServer) {
      // Opening the runtime here would make a key file where none is: refused first, nothing made.
      const env = loadConfig()
      if (usesKeyFile(env) && !fs.existsSync(consoleKeyPath(env.dataDir)))
        throw new Error(
          `there is no console key in ${consoleKeyPath(env.dataDir)}: nothing to rotate. If the key was lost, put back a copy, or enrol the staff again (create-admin, new setup links)`,
        )
    }
    await io.withRuntime(async (runtime, config) => {
      if (!config.CONSOLE_KEY && !config.isProduction)
        throw new Error(
          'outside production the console uses the fixed development key: there is nothing to rotate (set NODE_ENV=production)',
        )
      const file = usesKeyFile(config) ? consoleKeyPath(config.dataDir) : null
      const newKey = chosen ?? randomBytes(32)
      let transitionKept = false
      const result = await runtime.services.console
        .rotateKey(
          newKey,
          file
            ? (transition) => {
                writeKeyFile(file, transition)
                transitionKept = true
              }
            : undefined,
        )
        .catch((error: unknown) => {
          if (!transitionKept) throw error
          const reason = error instanceof Error ? error.message : String(error)
          throw new Error(
            `${reason}; ${file} holds the new and the old key, either opening every secret: run the command again`,
          )
        })
      if (file) writeKeyFile(file, [newKey])
      io.out(
        `console key rotated: ${result.accounts} staff secret(s) and ${result.invites} setup link secret(s) sealed under the new key; staff keep their authenticators`,
      )
      if (file) {
        io.out(`the new key is in ${file} (owner-only)${io.inServer ? '; the running server uses it already' : ''}`)
        io.out('keep a copy of it with the backups taken from now on: older backups open only with the old key')
        return
      }
      if (!chosen) io.out(`new CONSOLE_KEY (shown once): ${newKey.toString('base64')}`)
      io.out(
        config.DATABASE_URL
          ? `now set CONSOLE_KEY to ${chosen ? 'the key given' : 'it'} in the environment file of every node and restart them: until a node restarts, it cannot check authenticator codes (docs/operations.md, "The console key")`
          : `now set CONSOLE_KEY to ${chosen ? 'the key given' : 'it'} in the environment file${io.inServer ? ' (the running server uses the new key already)' : ''}: started with the old key, the server could not check authenticator codes`,
      )
    })
  },
}
