import { groupDigits } from '#shared/group-digits.ts'
import type { Command } from '../command.ts'

/** The hourly retention job run once (docs/decisions/071-service-routing.md). */
export const purgeRequests: Command = {
  name: 'purge-requests',
  summary:
    'Delete the service requests past their retention period (and unconfirmed ones past 48 h) with their files, as the hourly job does',
  async run(_args, io) {
    await io.withRuntime(async (runtime) => {
      const done = await runtime.services.serviceRetention.purgeExpired()
      if (done.skipped) io.out('another node is deleting expired requests now: nothing done here')
      else
        io.out(
          `expired service requests deleted: ${groupDigits(done.requests)} requests, ${groupDigits(done.files)} files`,
        )
    })
  },
}
