import type { Services } from '#server/services/index.ts'
import type { StaffRole } from '#shared/staff-rules.ts'
import { totpAt } from './totp.ts'

export type EnrolledStaff = {
  userId: number
  username: string
  password: string
  secret: string
  sessionToken: string
  cookie: string
}

/**
 * A staff account ready to sign in, made through the console service as the setup page would:
 * invite → password → TOTP secret → a code (of the previous 30-second step, so a test may sign in
 * with the current one at once). Returns the secret, the password and a started console session.
 */
export async function enrolStaff(
  services: Services,
  input: { username: string; name?: string; role: StaffRole; password?: string },
  nowMs = Date.now(),
  /** The address the enrolment comes from (its codes count against that address's limit). */
  ip = '127.0.0.1',
): Promise<EnrolledStaff> {
  const password = input.password ?? 'Console#2026staff'
  const invited = await services.console.inviteStaff(
    { username: input.username, name: input.name ?? input.username.split('@')[0]!, role: input.role },
    { actorId: null, ip: null, lang: 'ko', sendMail: false },
  )
  if (!invited.ok) throw new Error(`enrolStaff ${input.username}: ${invited.reason}`)
  const token = new URL(invited.link).searchParams.get('token')!
  if (!(await services.console.setupPassword(token, password))) throw new Error('enrolStaff: link refused')
  const setup = await services.console.getSetup(token)
  if (setup?.stage !== 'totp') throw new Error('enrolStaff: no TOTP step')
  // The previous step's code: a sign-in right after may use the current one. Should a 30-second
  // boundary pass between computing and checking it (the code then two steps old), once more.
  let done = await services.console.completeSetup(token, totpAt(setup.secret, nowMs - 30_000), { ip, lang: 'ko' })
  if (!done.ok && 'reason' in done && done.reason === 'code')
    done = await services.console.completeSetup(token, totpAt(setup.secret, Date.now() - 30_000), { ip, lang: 'ko' })
  if (!done.ok) throw new Error(`enrolStaff ${input.username}: ${'reason' in done ? done.reason : 'limited'}`)
  return {
    userId: invited.userId,
    username: input.username,
    password,
    secret: setup.secret,
    sessionToken: done.sessionToken,
    cookie: `console_session=${done.sessionToken}`,
  }
}
