import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRequests, serviceTeams } from '#server/db/schema.ts'
import { textOf } from '#tests/helpers/page-text.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The routing screen /admin/routing (docs/decisions/071-service-routing.md) through the production
// build: administrators only, a refused save answers 400 with the typing, a stale one 409, and the
// audit trail reads the change as a sentence.
let t: Awaited<ReturnType<typeof buildTestApp>>
let admin: EnrolledStaff
let editor: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  admin = await enrolStaff(t.runtime.services, {
    username: 'routing.page-admin@example.com',
    name: '배정관리',
    role: 'admin',
  })
  editor = await enrolStaff(t.runtime.services, {
    username: 'routing.page-editor@example.com',
    name: '김편집',
    role: 'editor',
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } })
const post = (cookie: string, values: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/routing?lang=ko',
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })

describe('the routing screen', () => {
  it('shows the demo teams and rules to an administrator and refuses an editor', async () => {
    const page = await get('/admin/routing?lang=ko', admin.cookie)
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toMatch(/no-store/)
    const text = textOf(page.body)
    expect(text).toContain('요청 배정 규칙')
    for (const name of ['A/S팀', '영업팀', '해외영업팀']) expect(text).toContain(`팀 ‘${name}’`)
    expect(text).toContain('3번째 규칙')
    expect((await get('/admin/routing', editor.cookie)).statusCode).toBe(403)
    expect(
      (await post(editor.cookie, { intent: 'team-create', name: 'x', name_en: 'x', emails: 'x@example.com' }))
        .statusCode,
    ).toBe(403)
  })

  it('answers a bad team with 400 and every typed value, a stale version with 409, and audits the save as a sentence', async () => {
    const refused = await post(admin.cookie, {
      intent: 'team-create',
      name: '품질팀',
      name_en: '',
      emails: 'quality@example.com\nquality at example',
    })
    expect(refused.statusCode).toBe(400)
    const body = textOf(refused.body)
    expect(body).toContain('팀 이름을 입력해 주세요.')
    expect(body).toContain('올바르지 않은 이메일 주소가 있습니다.')
    expect(refused.body).toContain('value="품질팀"')
    expect(refused.body).toContain('quality at example')

    const created = await post(admin.cookie, {
      intent: 'team-create',
      name: '품질팀',
      name_en: 'Quality',
      emails: 'quality@example.com',
    })
    expect(created.statusCode).toBe(302)
    const [team] = await t.runtime.database.db.select().from(serviceTeams).where(eq(serviceTeams.name, '품질팀'))
    const first = await post(admin.cookie, {
      intent: 'team-save',
      id: String(team!.id),
      version: String(team!.version),
      name: '품질보증팀',
      name_en: 'Quality assurance',
      emails: 'qa@example.com',
    })
    expect(first.statusCode).toBe(302)
    const stale = await post(admin.cookie, {
      intent: 'team-save',
      id: String(team!.id),
      version: String(team!.version),
      name: '품질관리팀',
      name_en: 'Quality control',
      emails: 'qc@example.com',
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('value="품질관리팀"')
    expect(stale.body).toContain(`name="version" value="${team!.version + 1}"`)

    const audit = textOf((await get('/admin/audit?lang=ko', admin.cookie)).body)
    expect(audit).toContain('배정관리 님이 배정 팀 ‘품질보증팀’을 수정했습니다')
  })
  it('reads the retention job’s entry as a sentence of counts only', async () => {
    const at = new Date()
    await t.runtime.database.db.insert(serviceRequests).values({
      kind: 'as',
      status: 'unconfirmed',
      lang: 'ko',
      symptom: 'other',
      description: '만료',
      contact_name: '만료자',
      company: '만료 회사',
      phone: '010-0000-0000',
      email: 'expired@example.com',
      consent_version: 'test',
      consented_at: at,
      created_at: at,
      updated_at: at,
      retain_until: new Date(at.getTime() - 1000),
    })
    expect(await t.runtime.services.serviceRetention.purgeExpired()).toMatchObject({ requests: 1, files: 0 })
    const ko = textOf((await get('/admin/audit?lang=ko', admin.cookie)).body)
    expect(ko).toMatch(/보존 기간이 지난 서비스 요청 1건과 첨부 파일 0개를 삭제했습니다/)
    expect(ko).not.toContain('만료 회사')
    const en = textOf((await get('/admin/audit?lang=en', admin.cookie)).body)
    expect(en).toContain('deleted the service requests past their retention period (requests: 1, attached files: 0)')
  })
})
