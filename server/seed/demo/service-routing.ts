import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import * as s from '#server/db/schema.ts'
import { AGENCY_TYPE } from '#shared/type-codes.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The demo's routing teams (docs/decisions/071-service-routing.md): fictional example.com addresses. */
export const DEMO_TEAMS = [
  { key: 'as', name: 'A/S팀', name_en: 'After-sales', emails: 'as@example.com\nas.lead@example.com' },
  { key: 'sales', name: '영업팀', name_en: 'Sales', emails: 'sales@example.com' },
  { key: 'overseas', name: '해외영업팀', name_en: 'Overseas sales', emails: 'overseas@example.com' },
] as const

/**
 * Teams and rules of the demo: overseas requests (any kind) to overseas sales (and the region's
 * agency, whose demo address is set here), then A/S to the A/S team, inquiries to sales. Replaces
 * the teams and rules there are (a reset); requests keep their rows (team set to none).
 */
export async function seedServiceRouting(tx: Tx, now = new Date()) {
  await tx.delete(s.serviceTeams)
  const teams = await tx
    .insert(s.serviceTeams)
    .values(
      DEMO_TEAMS.map(({ name, name_en, emails }) => ({ name, name_en, emails, created_at: now, updated_at: now })),
    )
    .returning({ id: s.serviceTeams.id, name: s.serviceTeams.name })
  const id = (key: (typeof DEMO_TEAMS)[number]['key']) =>
    teams.find((t) => t.name === DEMO_TEAMS.find((d) => d.key === key)!.name)!.id
  await tx.insert(s.serviceRoutingRules).values([
    { sort_order: 1, region: 'overseas', team_id: id('overseas'), created_at: now, updated_at: now },
    { sort_order: 2, kind: 'as', team_id: id('as'), created_at: now, updated_at: now },
    { sort_order: 3, kind: 'iq', team_id: id('sales'), created_at: now, updated_at: now },
  ])
  await tx
    .update(s.agencies)
    .set({ email: sql`'agency-' || ${s.agencies.region} || '-' || ${s.agencies.id} || '@example.com'` })
    .where(eq(s.agencies.type, AGENCY_TYPE.overseas))
}
