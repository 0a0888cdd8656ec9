import { usernameField } from '#shared/member-fields.ts'
import type { Command } from '../command.ts'

/**
 * The restricted area (/morgan) is the company's to grant: these set access_yn of one member,
 * found by ID (the e-mail). The member's next request sees the change; no new login is needed.
 */
function accessCommand(granted: boolean): Command {
  const name = granted ? 'grant-access' : 'revoke-access'
  return {
    name,
    summary: granted
      ? "Open the restricted area to a member (access_yn 'Y')"
      : "Close the restricted area to a member (access_yn 'N'), from their next request",
    usage: '<email>',
    async run(args, io) {
      if (args.length !== 1) throw new Error(`give one member ID (e-mail): npm run manage -- ${name} <email>`)
      const parsed = usernameField.safeParse(args[0])
      if (!parsed.success) throw new Error(`${JSON.stringify(args[0])} is not an e-mail address`)
      const email = parsed.data
      await io.withRuntime(async (runtime) => {
        const result = await runtime.services.members.setRestrictedAccess(email, granted)
        if (!result) throw new Error(`no active member has the ID ${email} (unknown e-mail, or the member withdrew)`)
        const who = `${result.user.username} (member ${result.user.id})`
        if (granted) io.out(result.changed ? `access granted to ${who}` : `${who} already had access: nothing changed`)
        else
          io.out(
            result.changed
              ? `access revoked from ${who}, from their next request`
              : `${who} had no access: nothing changed`,
          )
      })
    },
  }
}

export const grantAccess = accessCommand(true)
export const revokeAccess = accessCommand(false)
