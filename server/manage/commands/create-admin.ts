import { usernameField } from '#shared/member-fields.ts'
import { optionOf, positionalOf, type Command } from '../command.ts'

/**
 * The first administrator (and any later one who lost access): an admin account without a
 * password and a one-time setup link, valid 24 hours, where the password is chosen and an
 * authenticator enrolled. For an existing staff account, a new link (older ones stop working).
 */
export const createAdmin: Command = {
  name: 'create-admin',
  usage: '<email> [--name <name>]',
  summary: 'Create (or re-invite) a console administrator and print a one-time setup link (24 h)',
  async run(args, io) {
    const name = (optionOf(args, '--name') ?? '').trim()
    const email = positionalOf(args, ['--name'])
    const parsed = usernameField.safeParse(email ?? '')
    if (!email || !parsed.success)
      throw new Error('usage: create-admin <email> [--name <name>] (a valid e-mail address)')
    await io.withRuntime(async (runtime, config) => {
      if (!config.consoleKey)
        throw new Error(
          'CONSOLE_KEY is not set: in production on PostgreSQL the console needs it, the same on every node (openssl rand -base64 32)',
        )
      const result = await runtime.services.console.inviteStaff(
        { username: parsed.data, name: name || parsed.data.split('@')[0]!, role: 'admin' },
        { actorId: null, ip: null, lang: 'ko', sendMail: false },
      )
      if (!result.ok)
        throw new Error(`${parsed.data} is a member account: staff accounts are separate, use another e-mail`)
      io.out(`${result.reinvited ? 're-invited' : 'created'} administrator ${parsed.data}`)
      io.out(`setup link (valid 24 hours, single use):\n${result.link}`)
    })
  },
}
