import { CONSENT_VERSION } from '#shared/service-request-rules.ts'
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agencies, auditLog, serviceRequests, serviceRoutingRules, serviceTeams } from '#server/db/schema.ts'
import { createMember } from '#tests/helpers/members.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { users } from '#server/db/schema.ts'
import { startSmtpServer, type TestSmtp } from '#tests/helpers/smtp.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// Routing at acceptance (docs/decisions/071-service-routing.md): requests are filed unconfirmed
// here and accepted through the real confirmation path, so the routing runs where production runs it.
let t: Awaited<ReturnType<typeof buildTestApp>>
let smtp: TestSmtp
let admin: EnrolledStaff
const db = () => t.runtime.database.db
const routing = () => t.runtime.services.serviceRouting
const actor = () => ({ userId: admin.userId, ip: '127.0.0.1' })

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, SITE_URL: 'https://www.example.com' } })
  admin = await enrolStaff(t.runtime.services, {
    username: 'routing.admin@example.com',
    name: '라우팅관리',
    role: 'admin',
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
}, 60_000)
beforeEach(async () => {
  await db().delete(serviceRoutingRules)
  await db().delete(serviceTeams)
})

let seq = 0
/** Files a guest's request and accepts it through the confirmation link; answers the stored row. */
async function accepted(values: { kind?: 'as' | 'iq'; model?: string; region?: string; company?: string }) {
  const token = randomBytes(24).toString('base64url')
  const now = new Date()
  const [row] = await db()
    .insert(serviceRequests)
    .values({
      kind: values.kind ?? 'as',
      status: 'unconfirmed',
      lang: 'ko',
      model: values.model ?? '',
      symptom: 'other',
      description: '테스트',
      contact_name: '홍길동',
      company: values.company ?? `라우팅 테스트 ${++seq}`,
      phone: '010-1234-5678',
      email: `routing-${seq}@example.com`,
      consent_version: 'test',
      consented_at: now,
      confirm_token_hash: createHash('sha256').update(token).digest('hex'),
      confirm_expires_at: new Date(now.getTime() + 3600_000),
      created_at: now,
      updated_at: now,
      retain_until: new Date(now.getTime() + 3600_000),
      region: values.region ?? 'domestic',
    })
    .returning()
  const outcome = await t.runtime.services.serviceRequests.confirm(token)
  expect(outcome).not.toBeNull()
  const [after] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, row!.id))
  return after!
}

async function team(name: string, emails: string) {
  const r = await routing().saveTeam(null, 0, { name, name_en: `${name} en`, emails }, actor())
  if (!r.ok) throw new Error(JSON.stringify(r))
  return r.id
}
async function rule(values: Record<string, unknown>) {
  const r = await routing().saveRule(null, 0, { kind: '', family: '', region: '', assignee_id: '', ...values }, actor())
  if (!r.ok) throw new Error(JSON.stringify(r))
  return r
}

describe('routing at acceptance', () => {
  it('takes the first matching rule in order, by kind, and leaves a request no rule matches unassigned', async () => {
    const sales = await team('영업팀', 'sales@example.com')
    const service = await team('A/S팀', 'as@example.com')
    await rule({ kind: 'iq', team_id: sales })
    await rule({ kind: 'as', team_id: service, assignee_id: String(admin.userId) })
    await rule({ team_id: sales })

    const asRequest = await accepted({ kind: 'as' })
    expect(asRequest.team_id).toBe(service)
    expect(asRequest.assignee_id).toBe(admin.userId)
    const iq = await accepted({ kind: 'iq' })
    expect(iq.team_id).toBe(sales)
    expect(iq.assignee_id).toBeNull()

    // Only the kind rules left: the catch-all goes, an inquiry still goes to sales, nothing else matches.
    const rules = await db().select().from(serviceRoutingRules)
    const last = rules.find((r) => r.kind === '')!
    expect((await routing().deleteRule(last.id, last.version, actor())).ok).toBe(true)
    await db().delete(serviceRoutingRules).where(eq(serviceRoutingRules.kind, 'as'))
    const none = await accepted({ kind: 'as' })
    expect(none.status).toBe('received')
    expect(none.team_id).toBeNull()
    expect(none.assignee_id).toBeNull()
  })

  it('routes a signed-in member’s request, accepted at once, in the same way', async () => {
    const service = await team('A/S팀', 'as.member@example.com')
    await rule({ kind: 'as', team_id: service, assignee_id: String(admin.userId) })
    const member = await createMember(t)
    const [user] = await db().select().from(users).where(eq(users.id, member.id))
    const stamp = await t.runtime.services.serviceRequests.formStamp()
    // The form's minimum fill time (3 s) on the real clock.
    await new Promise((resolve) => setTimeout(resolve, 3100))
    const outcome = await t.runtime.services.serviceRequests.file(
      {
        kind: 'as',
        region: 'domestic',
        serial: '',
        model: 'TM-BASIC 120',
        site: '',
        symptom: 'other',
        description: '회원 신청',
        details: {},
        name: '회원',
        company: '회원 회사',
        phone: '010-1111-2222',
        email: member.username,
        contact_time: '',
        consentVersion: CONSENT_VERSION,
      },
      [],
      { user: user!, ip: '198.51.100.200', lang: 'ko', stamp, honeypot: '' },
    )
    expect(outcome).toMatchObject({ ok: true, accepted: true })
    const tracking = (outcome as { tracking: string }).tracking
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.tracking_no, tracking))
    expect(row!.team_id).toBe(service)
    expect(row!.assignee_id).toBe(admin.userId)
    await t.runtime.services.mail.flush()
    expect(smtp.messages.some((m) => m.envelopeTo.includes('as.member@example.com') && m.text.includes(tracking))).toBe(
      true,
    )
  }, 30_000)

  it('moves a rule up so it is tried first', async () => {
    const a = await team('A팀', 'a@example.com')
    const b = await team('B팀', 'b@example.com')
    await rule({ team_id: a })
    const second = await rule({ team_id: b })
    expect((await accepted({})).team_id).toBe(a)
    const moved = await routing().moveRule(second.id, second.version, 'up', actor())
    expect(moved.ok).toBe(true)
    expect((await accepted({})).team_id).toBe(b)
    // The old version no longer moves it (optimistic locking).
    const stale = await routing().moveRule(second.id, second.version, 'down', actor())
    expect(stale).toMatchObject({ ok: false, reason: 'conflict' })
  })

  it('routes by the model family of the product tree', async () => {
    const hoists = await team('권양기팀', 'hoist@example.com')
    const actuators = await team('액추에이터팀', 'act@example.com')
    await rule({ family: 'hoist', team_id: hoists })
    await rule({ family: 'actuator', team_id: actuators })
    expect((await accepted({ model: 'TM 200 (수문)' })).team_id).toBe(hoists)
    expect((await accepted({ model: 'TM-BASIC 120' })).team_id).toBe(actuators)
    // A model the tree does not know matches neither family.
    expect((await accepted({ model: 'XYZ-9' })).team_id).toBeNull()
  })

  it('mails an overseas request to the region agency with the head-office team in copy, and the team itself', async () => {
    const overseas = await team('해외영업팀', 'overseas1@example.com\noverseas2@example.com')
    const domestic = await team('국내팀', 'domestic@example.com')
    await rule({ region: 'overseas', team_id: overseas })
    await rule({ team_id: domestic })
    const [agency] = await db().select().from(agencies).where(eq(agencies.region, 'asia')).limit(1)
    expect(agency).toBeTruthy()
    await db().update(agencies).set({ email: 'asia.agency@example.com' }).where(eq(agencies.id, agency!.id))

    const company = 'Singapore Valve Pte'
    const request = await accepted({ region: 'asia', company, model: 'TM-BASIC 120' })
    expect(request.team_id).toBe(overseas)
    await t.runtime.services.mail.flush()
    const forRequest = (to: string) =>
      smtp.messages.find((m) => m.envelopeTo.includes(to) && m.text.includes(request.tracking_no!))
    const toAgency = forRequest('asia.agency@example.com')
    expect(toAgency?.text).toContain(company)
    expect(toAgency?.text).toContain(`https://www.example.com/admin/requests/${request.id}`)
    expect(toAgency?.text).toContain('overseas1@example.com, overseas2@example.com')
    expect(forRequest('overseas1@example.com')?.text).toContain('TM-BASIC 120')
    expect(forRequest('overseas2@example.com')).toBeTruthy()
    expect(forRequest('domestic@example.com')).toBeUndefined()

    // A domestic one goes to the next rule, and no agency hears of it.
    const home = await accepted({ region: 'domestic' })
    expect(home.team_id).toBe(domestic)
    await t.runtime.services.mail.flush()
    expect(
      smtp.messages.some((m) => m.envelopeTo.includes('domestic@example.com') && m.text.includes(home.tracking_no!)),
    ).toBe(true)
    expect(
      smtp.messages.some((m) => m.envelopeTo.includes('asia.agency@example.com') && m.text.includes(home.tracking_no!)),
    ).toBe(false)
  })
  it('mails the agency address edited in the console (published), which the public agency list never carries', async () => {
    const overseas = await team('해외영업팀', 'overseas@example.com')
    await rule({ region: 'europe', team_id: overseas })
    const created = await t.runtime.services.contentEditor.create(
      { userId: admin.userId, ip: '127.0.0.1' },
      'agencies',
      {
        type: '2',
        region: 'europe',
        name: 'Euro Valve GmbH',
        name_en: 'Euro Valve GmbH',
        title: '독일',
        title_en: 'Germany',
        description: '유럽 전역',
        description_en: 'All of Europe',
        email: 'Service@EuroValve.example.com',
        sort_order: '0',
      },
      true,
    )
    expect(created.ok).toBe(true)
    const bad = await t.runtime.services.contentEditor.create(
      { userId: admin.userId, ip: '127.0.0.1' },
      'agencies',
      {
        type: '2',
        region: 'europe',
        name: 'x',
        name_en: 'x',
        title: 'x',
        title_en: 'x',
        description: 'x',
        description_en: 'x',
        email: 'not an address',
        sort_order: '0',
      },
      false,
    )
    expect(bad).toMatchObject({ ok: false, reason: 'invalid', errors: { email: 'console.error.email' } })

    const request = await accepted({ region: 'europe' })
    await t.runtime.services.mail.flush()
    const toAgency = smtp.messages.find(
      (m) => m.envelopeTo.includes('service@eurovalve.example.com') && m.text.includes(request.tracking_no!),
    )
    expect(toAgency?.text).toContain('overseas@example.com')
    const listed = await t.runtime.services.content.agencies(2)
    expect(JSON.stringify(listed)).not.toContain('eurovalve')
    expect(JSON.stringify(listed)).not.toContain('EuroValve.example')
  })
})

describe('teams and rules in the console', () => {
  it('refuses a team with no name or a bad address, with the field messages', async () => {
    const refused = await routing().saveTeam(
      null,
      0,
      { name: '', name_en: 'Sales', emails: 'sales@example.com\nnot-an-address' },
      actor(),
    )
    expect(refused).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: { name: 'routing.error.nameRequired', emails: 'routing.error.emailInvalid' },
    })
    const empty = await routing().saveTeam(null, 0, { name: '영업팀', name_en: 'Sales', emails: '\n  \n' }, actor())
    expect(empty).toMatchObject({ ok: false, errors: { emails: 'routing.error.emailsRequired' } })
    const noTeam = await routing().saveRule(
      null,
      0,
      { kind: 'as', family: '', region: '', team_id: '999999', assignee_id: '' },
      actor(),
    )
    expect(noTeam).toMatchObject({ ok: false, errors: { team_id: 'routing.error.teamRequired' } })
    const badKind = await routing().saveRule(
      null,
      0,
      { kind: 'xx', family: '', region: '', team_id: '1', assignee_id: '' },
      actor(),
    )
    expect(badKind).toMatchObject({ ok: false, reason: 'invalid' })
  })

  it('refuses a stale version and audits the changes by name', async () => {
    const id = await team('영업팀', ' Sales@Example.com \n\nsales@example.com')
    const [saved] = await db().select().from(serviceTeams).where(eq(serviceTeams.id, id))
    expect(saved!.emails).toBe('sales@example.com')
    const first = await routing().saveTeam(
      id,
      saved!.version,
      { name: '국내영업팀', name_en: 'Sales', emails: 'a@example.com' },
      actor(),
    )
    expect(first.ok).toBe(true)
    const second = await routing().saveTeam(
      id,
      saved!.version,
      { name: '다른 이름', name_en: 'Sales', emails: 'b@example.com' },
      actor(),
    )
    expect(second).toMatchObject({ ok: false, reason: 'conflict', version: saved!.version + 1 })
    const [now] = await db().select().from(serviceTeams).where(eq(serviceTeams.id, id))
    expect(now!.name).toBe('국내영업팀')
    const entries = await db().select().from(auditLog).where(eq(auditLog.record_type, 'service_teams'))
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['routing.create', 'routing.save']))
  })
})
