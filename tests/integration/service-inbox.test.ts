import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { auditLog, serviceRequestMessages, serviceRequests, serviceTeams } from '#server/db/schema.ts'
import { oneWorkingDayBefore } from '#shared/working-days.ts'
import { parseListQuery } from '#shared/console-lists.ts'
import { groupDigits } from '#shared/group-digits.ts'
import { INBOX_LIST_SPEC } from '#shared/service-inbox.ts'
import { sentenceOf } from '#app/routes/console/audit-sentence.server.ts'
import { apiLogin, cookieOf, createMember, uniqueEmail } from '#tests/helpers/members.ts'
import { startSmtpServer, type TestSmtp } from '#tests/helpers/smtp.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The staff inbox of service requests (docs/decisions/070-service-inbox.md) through the production
// build: the list in SQL, the thread's actions and their checks, the mails from a local SMTP server,
// the customer's side of the status page, roles and the audit trail.
let t: Awaited<ReturnType<typeof buildTestApp>>
let smtp: TestSmtp
let now = Date.parse('2026-11-25T02:00:00Z') // a Wednesday, 11:00 in Korea
let editor: EnrolledStaff
let editor2: EnrolledStaff
let viewer: EnrolledStaff
const db = () => t.runtime.database.db
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({
    pages: true,
    clock: () => new Date(now),
    env: { SMTP_URL: smtp.url, SITE_URL: 'https://www.example.com' },
  })
  const s = t.runtime.services
  editor = await enrolStaff(s, { username: 'inbox-editor@example.com', name: '김담당', role: 'editor' })
  editor2 = await enrolStaff(s, { username: 'inbox-editor2@example.com', name: '이동료', role: 'editor' })
  viewer = await enrolStaff(s, { username: 'inbox-viewer@example.com', name: '박열람', role: 'viewer' })
}, 240_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
}, 60_000)

let seq = 0
/** A received request written straight to the table (part 1's form is tested in service-requests.test.ts), with its guest key. */
async function makeRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
  seq++
  const key = `key${seq}`.padEnd(32, 'x')
  const at = over.accepted_at ?? new Date(now)
  const [row] = await db()
    .insert(serviceRequests)
    .values({
      kind: 'as',
      status: 'received',
      tracking_no: `AS-2026-${String(900_000 + seq)}`,
      lang: 'ko',
      symptom: 'no-power',
      description: '밸브가 열리지 않습니다.',
      contact_name: '최고객',
      company: '고객상사',
      phone: '010-0000-0000',
      email: uniqueEmail('inbox'),
      consent_version: 'test',
      consented_at: at,
      access_key_hash: sha256(key),
      created_at: at,
      accepted_at: at,
      updated_at: at,
      retain_until: new Date(now + 3 * 365 * 86_400_000),
      ...over,
    })
    .returning()
  return { row: row!, key, status: `/service/as/requests/${row!.tracking_no}?key=${key}` }
}

const get = (url: string, cookie = '') => t.app.inject({ url, headers: cookie ? { cookie } : {} })
const post = (url: string, values: Record<string, string>, cookie = '') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
async function multipart(
  url: string,
  fields: Record<string, string>,
  files: { name: string; data: Buffer }[],
  cookie = '',
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name)
  const body = new Response(form)
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type')!, ...(cookie ? { cookie } : {}) },
  })
}
const versionIn = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3264c8' } })
    .jpeg()
    .toBuffer()
const rowOf = async (id: number) => (await db().select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!
const list = (params: Record<string, string>, me = editor.userId) =>
  t.runtime.services.serviceInbox.list(parseListQuery(INBOX_LIST_SPEC, new URLSearchParams(params)).query, 20, me)

describe('the list', () => {
  it('searches, filters, sorts and pages in SQL', async () => {
    const mark = `Mark${Date.now()}`
    const [team] = await db()
      .insert(serviceTeams)
      .values({ name: '서비스1팀', name_en: 'Service team 1', created_at: new Date(now), updated_at: new Date(now) })
      .returning()
    const old = await makeRequest({ company: `${mark} 오래된`, accepted_at: new Date(now - 10 * 86_400_000) })
    const mine = await makeRequest({
      company: `${mark} 내것`,
      assignee_id: editor.userId,
      team_id: team!.id,
      model: 'TM-SEARCH9',
    })
    const waiting = await makeRequest({
      company: `${mark} 대기`,
      status: 'waiting',
      updated_at: new Date(now + 60_000),
    })
    const closed = await makeRequest({ company: `${mark} 종료`, status: 'closed', kind: 'iq' })
    for (let i = 0; i < 21; i++) await makeRequest({ company: `${mark} 묶음`, description: `묶음 ${i}` })

    const ids = (r: { rows: { id: number }[] }) => r.rows.map((x) => x.id)
    // The open ones by default: the closed request is left out until asked for.
    const open = await list({ q: mark })
    expect(open.total).toBe(24)
    expect(ids(open)).not.toContain(closed.row.id)
    expect(open.rows).toHaveLength(20)
    const second = await list({ q: mark, page: '2' })
    expect(second.rows).toHaveLength(4)
    expect((await list({ q: mark, state: 'all' })).total).toBe(25)
    expect(ids(await list({ q: mark, state: 'closed' }))).toEqual([closed.row.id])
    expect(ids(await list({ q: mark, kind: 'iq', state: 'all' }))).toEqual([closed.row.id])
    // Search over the model, the tracking number; assignee "me", "unassigned"; team; age.
    expect(ids(await list({ q: 'tm-search9' }))).toEqual([mine.row.id])
    expect(ids(await list({ q: mine.row.tracking_no! }))).toEqual([mine.row.id])
    expect(ids(await list({ q: mark, assignee: 'me' }))).toEqual([mine.row.id])
    expect(ids(await list({ q: mark, assignee: 'me' }, editor2.userId)).length).toBe(0)
    expect((await list({ q: mark, assignee: 'none' })).total).toBe(23)
    expect(ids(await list({ q: mark, team: String(team!.id) }))).toEqual([mine.row.id])
    expect(ids(await list({ q: mark, age: '7d' }))).toEqual([old.row.id])
    // Sorts: received (newest first by default, the oldest last), last update, status.
    expect(ids(second).at(-1)).toBe(old.row.id)
    expect(ids(await list({ q: mark, sort: 'received', dir: 'asc' }))[0]).toBe(old.row.id)
    expect(ids(await list({ q: mark, sort: 'updated' }))[0]).toBe(waiting.row.id)
    expect((await list({ q: mark, sort: 'status', dir: 'desc' })).rows[0]!.status).toBe('waiting')
    // The overdue badge: open, unanswered, older than a working day.
    expect((await list({ q: mark, age: '7d' })).rows[0]!.overdue).toBe(true)
    expect((await list({ q: 'tm-search9' })).rows[0]!.overdue).toBe(false)

    // The page, in both languages, with the menu's count; a bad filter is a 400 naming it.
    const ko = await get(`/admin/requests?q=${encodeURIComponent(mark)}&assignee=me`, editor.cookie)
    expect(ko.statusCode).toBe(200)
    expect(ko.headers['cache-control']).toContain('no-store')
    expect(ko.body).toContain(mine.row.tracking_no)
    expect(ko.body).not.toContain(old.row.tracking_no)
    // The menu's entry with the count of new requests.
    const fresh = await t.runtime.services.serviceInbox.countNew()
    expect(fresh).toBeGreaterThanOrEqual(22)
    expect(ko.body).toMatch(new RegExp(`문의함<span class="console-nav__count">.*?${groupDigits(fresh)}</span>`))
    const en = await get(`/admin/requests?lang=en&q=${encodeURIComponent(mark)}&age=7d`, editor.cookie)
    expect(en.body).toContain('Overdue')
    expect(en.body).toContain(old.row.tracking_no)
    expect((await get('/admin/requests?state=nope', editor.cookie)).statusCode).toBe(400)
  })

  it('counts working days without the weekend (Korea time)', () => {
    // Monday 10:00 in Korea → the Friday before, 10:00.
    expect(oneWorkingDayBefore(new Date('2026-11-30T01:00:00Z')).toISOString()).toBe('2026-11-27T01:00:00.000Z')
    expect(oneWorkingDayBefore(new Date('2026-11-25T01:00:00Z')).toISOString()).toBe('2026-11-24T01:00:00.000Z')
  })
})

describe('the thread', () => {
  it('changes the status with its timestamps, assigns, and writes events and audit entries', async () => {
    const { row } = await makeRequest()
    const page = await get(`/admin/requests/${row.id}`, editor.cookie)
    expect(page.statusCode).toBe(200)
    let version = versionIn(page.body)
    const act = async (values: Record<string, string>, who = editor) => {
      now += 1000
      const res = await post(`/admin/requests/${row.id}`, { version, ...values }, who.cookie)
      version = String((await rowOf(row.id)).updated_at.getTime())
      return res
    }
    expect((await act({ intent: 'assign', assignee: String(editor.userId) })).statusCode).toBe(200)
    expect((await rowOf(row.id)).assignee_id).toBe(editor.userId)
    expect((await act({ intent: 'status', status: 'resolved' })).statusCode).toBe(200)
    const resolved = await rowOf(row.id)
    expect(resolved.resolved_at?.getTime()).toBe(now)
    await act({ intent: 'status', status: 'in_progress' })
    expect((await rowOf(row.id)).resolved_at).toBeNull()
    await act({ intent: 'status', status: 'closed' })
    expect((await rowOf(row.id)).closed_at?.getTime()).toBe(now)
    // A viewer cannot be assigned (viewers only read); nobody unassigns.
    const refused = await act({ intent: 'assign', assignee: String(viewer.userId) })
    expect(refused.statusCode).toBe(400)
    expect((await act({ intent: 'assign', assignee: '' })).statusCode).toBe(200)
    expect((await rowOf(row.id)).assignee_id).toBeNull()

    const events = await db()
      .select()
      .from(serviceRequestMessages)
      .where(and(eq(serviceRequestMessages.request_id, row.id), eq(serviceRequestMessages.kind, 'event')))
    expect(events.map((e) => e.data)).toEqual([
      { assignee: editor.userId, assigneeName: '김담당' },
      { status: 'resolved', from: 'received' },
      { status: 'in_progress', from: 'resolved' },
      { status: 'closed', from: 'in_progress' },
      { assignee: null, assigneeName: null },
    ])
    const thread = await get(`/admin/requests/${row.id}?lang=en`, editor.cookie)
    expect(thread.body).toContain('Assigned to 김담당.')
    expect(thread.body).toContain('Status set to ‘Closed’.')

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'service-request'), eq(auditLog.record_id, String(row.id))))
    expect(entries.map((e) => e.action)).toEqual([
      'service-request.assign',
      'service-request.status',
      'service-request.status',
      'service-request.status',
      'service-request.assign',
    ])
    const sentence = sentenceOf({ entry: entries[1]!, name: '김담당', username: null }, 'ko')
    expect(sentence).toBe(`김담당 님이 문의 ‘${row.tracking_no}’의 상태를 바꿨습니다`)
  })

  it('mails a reply with a working link, shows it on the status page, never the notes', async () => {
    const { row } = await makeRequest({ lang: 'en', contact_name: 'Jane Guest' })
    const page = await get(`/admin/requests/${row.id}`, editor.cookie)
    const version = versionIn(page.body)
    now += 1000
    const note = await post(
      `/admin/requests/${row.id}`,
      { intent: 'note', body: 'SECRET internal remark' },
      editor.cookie,
    )
    expect(note.statusCode).toBe(200)
    now += 1000
    const reply = await multipart(
      `/admin/requests/${row.id}`,
      { intent: 'reply', version, body: 'Please send a photo of the nameplate.' },
      [{ name: 'guide.jpg', data: await jpeg() }],
      editor.cookie,
    )
    expect(reply.statusCode).toBe(200)
    expect((await rowOf(row.id)).first_response_at?.getTime()).toBe(now)
    await t.runtime.services.mail.flush()
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(row.email))
    expect(mail.subject).toBe(`[Daehan Actuator] A reply to your request ${row.tracking_no}`)
    expect(mail.text).toContain('Please send a photo of the nameplate.')
    const link = mail.links.find((l) => l.includes('/service/as/requests/'))!
    const url = new URL(link)
    // The reply key (the stored key is a hash only): the link opens the page; the note is not there.
    const status = await get(`${url.pathname}${url.search}`)
    expect(status.statusCode).toBe(200)
    expect(status.body).toContain('Please send a photo of the nameplate.')
    expect(status.body).toContain('guide.jpg')
    expect(status.body).not.toContain('SECRET internal remark')
    expect((await get(`${url.pathname}?key=${'y'.repeat(32)}`)).statusCode).toBe(404)
    // Staff see both, the note marked internal.
    const staffPage = await get(`/admin/requests/${row.id}`, viewer.cookie)
    expect(staffPage.body).toContain('SECRET internal remark')
    expect(staffPage.body).toContain('내부 메모(고객에게 보이지 않음)')
  })

  it('refuses a stale reply with 409, keeping the text and telling what changed', async () => {
    const { row } = await makeRequest()
    const loaded = versionIn((await get(`/admin/requests/${row.id}`, editor.cookie)).body)
    now += 1000
    const first = await post(
      `/admin/requests/${row.id}`,
      { intent: 'status', status: 'waiting', version: loaded },
      editor2.cookie,
    )
    expect(first.statusCode).toBe(200)
    now += 1000
    const stale = await multipart(
      `/admin/requests/${row.id}`,
      { intent: 'reply', version: loaded, body: '내가 쓰던 답변 <그대로>' },
      [],
      editor.cookie,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('내가 쓰던 답변 &lt;그대로&gt;</textarea>')
    expect(stale.body).toContain('이동료')
    expect(stale.body).toContain('상태를 ‘고객 답변 대기’로 바꿈')
    expect((await rowOf(row.id)).first_response_at).toBeNull()
    // The page now carries the new version: sending again goes through.
    expect(versionIn(stale.body)).not.toBe(loaded)
    const again = await multipart(
      `/admin/requests/${row.id}`,
      { intent: 'reply', version: versionIn(stale.body), body: '내가 쓰던 답변' },
      [],
      editor.cookie,
    )
    expect(again.statusCode).toBe(200)
  })

  it('takes the customer’s answer with a photo: a waiting request goes back to in progress, the assignee is mailed', async () => {
    const { row, status } = await makeRequest({ status: 'waiting', assignee_id: editor.userId })
    const form = await get(status)
    expect(form.body).toContain('고객 답변 대기')
    expect(form.body).toContain('답장 보내기')
    const empty = await multipart(status, { body: '  ' }, [])
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('내용을 입력해 주세요.')
    now += 1000
    const sent = await multipart(status, { body: '명판 사진을 보냅니다.' }, [
      { name: 'nameplate.jpg', data: await jpeg() },
    ])
    expect(sent.statusCode).toBe(302)
    expect(sent.headers.location).toContain('answered=1')
    const after = await rowOf(row.id)
    expect(after.status).toBe('in_progress')
    const page = await get(sent.headers.location as string)
    expect(page.body).toContain('명판 사진을 보냅니다.')
    expect(page.body).toContain('nameplate.jpg')
    expect(page.body).toContain('처리 중')
    await t.runtime.services.mail.flush()
    const notice = await smtp.waitFor(
      (m) => m.envelopeTo.includes(editor.username) && m.subject.includes(row.tracking_no!),
    )
    expect(notice.text).toContain(`/admin/requests/${row.id}`)
    // Staff download the photo through the console only.
    const staffPage = await get(`/admin/requests/${row.id}`, editor.cookie)
    const href = /href="(\/admin\/requests\/\d+\/files\/\d+)"/.exec(staffPage.body)![1]!
    const file = await get(href, viewer.cookie)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect((await get(href)).statusCode).toBe(404)
  })

  it('reopens a resolved request on the customer’s answer, clearing resolved_at', async () => {
    const { row, status } = await makeRequest({ status: 'resolved', resolved_at: new Date(now) })
    now += 1000
    expect((await multipart(status, { body: '아직 소리가 납니다.' }, [])).statusCode).toBe(302)
    const after = await rowOf(row.id)
    expect(after.status).toBe('in_progress')
    expect(after.resolved_at).toBeNull()
  })

  it('refuses an answer to a closed request, keeping the text', async () => {
    const { row, status } = await makeRequest({ status: 'closed' })
    const page = await get(status)
    expect(page.body).toContain('이 신청은 종료되어 더 이상 답장을 받지 않습니다')
    const refused = await multipart(status, { body: '하나 더 묻고 싶습니다' }, [])
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('하나 더 묻고 싶습니다')
    expect((await rowOf(row.id)).status).toBe('closed')
  })
})

describe('roles', () => {
  it('lets a viewer read but not act; a member or a visitor never reaches the console', async () => {
    const { row } = await makeRequest()
    const read = await get(`/admin/requests/${row.id}`, viewer.cookie)
    expect(read.statusCode).toBe(200)
    expect(read.body).toContain('보기 전용 계정은 문의를 처리할 수 없습니다')
    expect(read.body).not.toContain('name="intent" value="reply"')
    const version = versionIn((await get(`/admin/requests/${row.id}`, editor.cookie)).body)
    const acted = await post(
      `/admin/requests/${row.id}`,
      { intent: 'status', status: 'closed', version },
      viewer.cookie,
    )
    expect(acted.statusCode).toBe(403)
    expect((await rowOf(row.id)).status).toBe('received')
    const member = await createMember(t)
    const memberCookie = cookieOf((await apiLogin(t.app, member.username, member.password)).cookie)
    for (const url of ['/admin/requests', `/admin/requests/${row.id}`]) {
      expect((await get(url, memberCookie)).statusCode).toBe(404)
      expect((await get(url)).statusCode).toBe(404)
    }
    expect((await post(`/admin/requests/${row.id}`, { intent: 'note', body: 'x' }, memberCookie)).statusCode).toBe(404)
    // The tracking number leads to the thread.
    const byTracking = await get(`/admin/requests/${row.tracking_no}`, viewer.cookie)
    expect(byTracking.statusCode).toBe(302)
    expect(byTracking.headers.location).toBe(`/admin/requests/${row.id}`)
  })
})
