import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, serviceRequestFiles, serviceRequests, serviceTeams } from '#server/db/schema.ts'
import { oneWorkingDayBefore } from '#shared/working-days.ts'
import { RETENTION_LOCK_KEY } from '#server/services/service-retention.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The retention job and the dashboard's 3Q figures (docs/decisions/071-service-routing.md), on rows
// inserted here and a test clock.
let t: Awaited<ReturnType<typeof buildTestApp>>
/** Monday 2026-11-30 10:00 in Korea. */
const MONDAY_10_KST = Date.parse('2026-11-30T01:00:00Z')
const now = MONDAY_10_KST
const H = 3_600_000
const db = () => t.runtime.database.db

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) })
}, 180_000)
afterAll(async () => {
  await t?.close()
}, 60_000)

let seq = 0
async function request(values: Partial<typeof serviceRequests.$inferInsert>) {
  const at = new Date(now)
  const n = ++seq
  const [row] = await db()
    .insert(serviceRequests)
    .values({
      kind: 'as',
      status: 'received',
      tracking_no: `AS-2026-9${String(n).padStart(5, '0')}`,
      lang: 'ko',
      symptom: 'other',
      description: '보존 테스트',
      contact_name: '홍길동',
      company: `보존 테스트 ${n}`,
      phone: '010-1234-5678',
      email: `retention-${n}@example.com`,
      consent_version: 'test',
      consented_at: at,
      created_at: at,
      updated_at: at,
      accepted_at: at,
      retain_until: new Date(now + 1000 * 86_400_000),
      ...values,
    })
    .returning()
  return row!
}

describe('the retention job', () => {
  it('deletes expired requests (accepted past retention, unconfirmed past 48 h) and their stored files, audits only counts, leaves the others', async () => {
    const storage = t.runtime.storage
    const past = new Date(now - H)
    const expired = await request({ retain_until: past })
    const unconfirmed = await request({
      status: 'unconfirmed',
      tracking_no: null,
      accepted_at: null,
      retain_until: new Date(now - 1000),
      confirm_expires_at: new Date(now - 1000),
    })
    const kept = await request({ retain_until: new Date(now + H) })
    const keys = [
      `service-requests/2026/11/test-${seq}-a.pdf`,
      `service-requests/2026/11/test-${seq}-b.pdf`,
      `service-requests/2026/11/test-${seq}-c.pdf`,
    ]
    for (const key of keys) await storage.put(key, Buffer.from('%PDF-1.4 test'))
    await db()
      .insert(serviceRequestFiles)
      .values([
        {
          request_id: expired.id,
          storage_key: keys[0]!,
          name: 'a.pdf',
          content_type: 'application/pdf',
          size: 13,
          created_at: new Date(now),
        },
        {
          request_id: unconfirmed.id,
          storage_key: keys[1]!,
          name: 'b.pdf',
          content_type: 'application/pdf',
          size: 13,
          created_at: new Date(now),
        },
        {
          request_id: kept.id,
          storage_key: keys[2]!,
          name: 'c.pdf',
          content_type: 'application/pdf',
          size: 13,
          created_at: new Date(now),
        },
      ])

    const done = await t.runtime.services.serviceRetention.purgeExpired()
    expect(done).toEqual({ requests: 2, files: 2, skipped: false })
    const left = await db()
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(inArray(serviceRequests.id, [expired.id, unconfirmed.id, kept.id]))
    expect(left.map((r) => r.id)).toEqual([kept.id])
    expect(await storage.open(keys[0]!)).toBeNull()
    expect(await storage.open(keys[1]!)).toBeNull()
    const still = await storage.open(keys[2]!)
    expect(still).not.toBeNull()
    still?.stream.destroy()

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'service-requests.purge'))
    expect(entry?.after).toEqual({ requests: 2, files: 2 })
    expect(entry?.record_id).toBeNull()
    const written = JSON.stringify(entry)
    expect(written).not.toContain(expired.tracking_no!)
    expect(written).not.toContain(expired.company)
    expect(written).not.toContain('a.pdf')

    // Run again: nothing left to delete, nothing audited.
    expect(await t.runtime.services.serviceRetention.purgeExpired()).toEqual({ requests: 0, files: 0, skipped: false })
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'service-requests.purge'))).toHaveLength(1)
  })

  it('skips the run while another node holds the lock', async () => {
    const expired = await request({ retain_until: new Date(now - H) })
    let during: unknown
    await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK_KEY})`)
      // PGlite has one connection: the job would wait for this transaction, so on PGlite only the lock's existence is checked.
      during =
        t.runtime.database.poolStats() === null ? 'embedded' : await t.runtime.services.serviceRetention.purgeExpired()
    })
    if (during !== 'embedded') expect(during).toMatchObject({ skipped: true })
    expect(await t.runtime.services.serviceRetention.purgeExpired()).toMatchObject({ requests: 1, skipped: false })
    expect(await db().select().from(serviceRequests).where(eq(serviceRequests.id, expired.id))).toHaveLength(0)
  })
})

describe('the dashboard 3Q figures', () => {
  it('counts one working day in Korea time, skipping the weekend', () => {
    // Monday 10:00: Friday after 11:00 is 23 working hours back (13 on Friday, 10 on Monday).
    expect(oneWorkingDayBefore(new Date(MONDAY_10_KST)).toISOString()).toBe('2026-11-27T01:00:00.000Z')
    // Wednesday 15:00: Tuesday 15:00.
    expect(oneWorkingDayBefore(new Date('2026-12-02T06:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z')
    // Sunday noon: Friday midnight (the weekend counts nothing, so all of Friday).
    expect(oneWorkingDayBefore(new Date('2026-11-29T03:00:00Z')).toISOString()).toBe('2026-11-26T15:00:00.000Z')
  })

  it('reads median and 90th percentile per team and overall over the last 30 days, and lists open requests older than one working day', async () => {
    await db().delete(serviceRequests)
    const [team] = await db()
      .insert(serviceTeams)
      .values({
        name: '지표팀',
        name_en: 'Figures team',
        emails: 'fig@example.com',
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .returning()
    const accepted = (hoursAgo: number) => new Date(now - hoursAgo * H)
    // The team's five: first responses after 1..5 hours, resolutions after 10, 20 hours (others open).
    for (let i = 1; i <= 5; i++) {
      await request({
        team_id: team!.id,
        status: i <= 2 ? 'resolved' : 'closed',
        accepted_at: accepted(100),
        first_response_at: new Date(accepted(100).getTime() + i * H),
        resolved_at: i <= 2 ? new Date(accepted(100).getTime() + i * 10 * H) : null,
      })
    }
    // One without a team: answered after 9 hours.
    await request({
      status: 'closed',
      accepted_at: accepted(50),
      first_response_at: new Date(accepted(50).getTime() + 9 * H),
    })
    // Accepted 31 days ago: outside the window.
    await request({
      team_id: team!.id,
      status: 'closed',
      accepted_at: accepted(31 * 24),
      first_response_at: accepted(31 * 24 - 500),
    })
    // Open ones: Friday 09:00 KST (overdue: 25 working hours), Friday 11:00 (23: not), a resolved old one (not open).
    const overdue = await request({ status: 'waiting', accepted_at: new Date('2026-11-27T00:00:00Z') })
    await request({ status: 'received', accepted_at: new Date('2026-11-27T02:00:00Z') })
    await request({ status: 'resolved', accepted_at: accepted(200), resolved_at: accepted(100) })

    const figures = await t.runtime.services.dashboard.requests.handlingTimes()
    const ofTeam = figures.find((f) => f.teamId === team!.id)!
    expect(ofTeam.accepted).toBe(5)
    expect(ofTeam.firstMedian).toBe(3 * H)
    // percentile_cont interpolates: 1..5 h at 0.9 → 4.6 h.
    expect(ofTeam.firstP90).toBe((4 * 60 + 36) * 60_000)
    expect(ofTeam.resolvedMedian).toBe(15 * H)
    expect(ofTeam.resolvedP90).toBe(19 * H)
    const unassigned = figures.find((f) => !f.overall && f.teamId === null)!
    expect(unassigned.firstMedian).toBe(9 * H)
    const overall = figures.find((f) => f.overall)!
    // The team's 5, the unassigned 1, the two open ones and the old resolved one (all within 30 days).
    expect(overall.accepted).toBe(9)
    expect(overall.firstMedian).toBe(3.5 * H)

    const late = await t.runtime.services.dashboard.requests.overdue()
    expect(late.map((r) => r.id)).toEqual([overdue.id])
  })
})
