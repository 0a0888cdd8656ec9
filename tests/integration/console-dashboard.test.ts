import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, popups, restrictedAccessLog } from '#server/db/schema.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { textOf } from '#tests/helpers/page-text.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The console's dashboard (/admin, issue 33; docs/decisions/052-console-audit-sentences.md) through
 * the production build: recent changes in sentences (mine and everyone's, within the role's part of
 * the trail), what waits and what is scheduled, translations, imports, and for administrators the
 * outbox and the restricted area's access.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let admin: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, { username: 'dash.editor@example.com', name: '김편집', role: 'editor' })
  admin = await enrolStaff(t.runtime.services, { username: 'dash.admin@example.com', name: '박관리', role: 'admin' })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } })
describe('the dashboard', () => {
  it('says in sentences who changed what, links each to its record, and lists what waits and what is scheduled', async () => {
    const db = t.runtime.database.db
    const now = new Date()
    // A popup published to open tomorrow.
    const [later] = await db
      .insert(popups)
      .values({
        title: '내일 여는 안내',
        title_en: 'Opens tomorrow',
        description: '<p>곧</p>',
        description_en: '<p>Soon</p>',
        starts_at: new Date(now.getTime() + 86_400_000),
        published: true,
      })
      .returning()
    // The entry the console's save writes when the editor publishes it renamed.
    await t.runtime.services.console.audit(db, {
      userId: editor.userId,
      action: 'content.publish',
      recordType: 'popups',
      recordId: later!.id,
      before: { title: '내일 여는 안내' },
      after: { title: '내일 여는 행사 안내' },
      ip: '127.0.0.1',
    })
    await db.update(popups).set({ title: '내일 여는 행사 안내' }).where(eq(popups.id, later!.id))

    const page = await get('/admin', editor.cookie)
    expect(page.statusCode).toBe(200)
    const text = textOf(page.body)
    expect(text).toContain('내 최근 변경')
    expect(text).toContain('김편집 님이 팝업 ‘내일 여는 행사 안내’를 게시했습니다')
    expect(page.body).toContain(`href="/admin/content/popups/${later!.id}"`)
    expect(text).toMatch(/예약된 항목 \d+건/)
    expect(text).toContain('내일 여는 행사 안내')
    // Administrators' parts are not an editor's.
    expect(text).not.toContain('메일 발송 대기열')
    expect(text).not.toContain('최근 7일 주문 사양 조회')
  })

  it('in English for an administrator, with the outbox and the restricted access of the week', async () => {
    const db = t.runtime.database.db
    const now = new Date()
    await db.insert(mailOutbox).values({
      to: 'x@example.com',
      subject: 's',
      html: '',
      text: '',
      status: 'failed',
      attempts: 5,
      next_attempt_at: now,
      last_error: '550 mailbox unavailable',
      created_at: now,
    })
    await db.insert(restrictedAccessLog).values([
      { user_id: null, system: 'ERP', action: 'list', ip: '127.0.0.1', created_at: now },
      { user_id: null, system: 'ERP', action: 'detail', work_no: 'E19-000001', ip: '127.0.0.1', created_at: now },
    ])
    const page = await get('/admin?lang=en', admin.cookie)
    expect(page.statusCode).toBe(200)
    const text = textOf(page.body)
    expect(text).toContain("Everyone's recent changes")
    expect(text).toMatch(/김편집 published popup ‘내일 여는 행사 안내’/)
    expect(text).toContain('Mail outbox')
    expect(page.body).toMatch(/data-testid="dashboard-outbox-failed">[1-9]/)
    expect(text).toContain('550 mailbox unavailable')
    expect(text).toContain('Order specifications viewed in the last 7 days')
    expect(page.body).toMatch(/<td>\d{4}-\d{2}-\d{2}<\/td><td>[2-9]\d*<\/td>/)
  })
})
