import { and, desc, eq, like } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, banners, files, historyEntries } from '#server/db/schema.ts'
import { columnsOf, CONTENT_KINDS, type ContentField } from '#shared/content-kinds.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * The console's content editors through the production build (`app.inject`): create → publish
 * → the public page shows it; drafts stay off the public page but show in a staff preview;
 * scheduled popups; the second of two saves from the same version is refused naming the first
 * editor; every change audited with before and after; the search index follows publishing;
 * roles on the server; bilingual validation.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let editor2: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'content.editor@example.com',
    name: '박편집',
    role: 'editor',
  })
  editor2 = await enrolStaff(t.runtime.services, {
    username: 'content.editor2@example.com',
    name: '오동시',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'content.viewer@example.com',
    name: '윤감사',
    role: 'viewer',
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })
const post = (url: string, values: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
const idFrom = (res: LightMyRequestResponse) =>
  Number(/\/admin\/content\/[a-z-]+\/(\d+)\?done=/.exec(String(res.headers.location))![1])
const versionOf = async (kind: string, id: number, cookie = editor.cookie) =>
  Number(/name="version" value="(\d+)"/.exec((await get(`/admin/content/${kind}/${id}`, cookie)).body)![1])

const popupForm = (title: string, startsIn: number, extra: Record<string, string> = {}) => ({
  title: `${title} 팝업`,
  title_en: `${title} popup`,
  image: '',
  description: `<p>${title} 안내 <script>alert(1)</script></p>`,
  description_en: `<p>${title} notice</p>`,
  starts_at: koreaLocal(startsIn),
  ends_at: koreaLocal(60 * 24),
  sort_order: '0',
  ...extra,
})

describe('access', () => {
  it('is the site 404 for visitors, read-only for viewers (403 on any change), open to editors', async () => {
    expect((await get('/admin/content')).statusCode).toBe(404)
    expect((await post('/admin/content/popups/new', popupForm('익명', -5))).statusCode).toBe(404)
    const list = await get('/admin/content/popups', viewer.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toBe('private, no-store')
    expect(list.body).not.toContain('/admin/content/popups/new')
    expect((await get('/admin/content/popups/new', viewer.cookie)).statusCode).toBe(404)
    expect(
      (await post('/admin/content/popups/new', { intent: 'save', ...popupForm('열람', -5) }, viewer.cookie)).statusCode,
    ).toBe(403)
    expect((await get('/admin/content/no-such-kind', editor.cookie)).statusCode).toBe(404)
  })
})

describe('popups', () => {
  it('a new popup is unpublished until published; then the home page shows it, sanitised', async () => {
    const created = await post(
      '/admin/content/popups/new',
      { intent: 'save', ...popupForm('가을 전시회', -5) },
      editor.cookie,
    )
    expect(created.statusCode, created.body.slice(0, 300)).toBe(302)
    const id = idFrom(created)
    expect((await get('/')).body).not.toContain('가을 전시회 팝업')
    const pending = await get('/admin/content', editor.cookie)
    expect(pending.body).toContain('가을 전시회 팝업')

    const published = await post(
      `/admin/content/popups/${id}`,
      { intent: 'publish', version: String(await versionOf('popups', id)) },
      editor.cookie,
    )
    expect(published.headers.location).toBe(`/admin/content/popups/${id}?done=publish`)
    const home = (await get('/')).body
    expect(home).toContain('가을 전시회 팝업')
    expect(home).not.toContain('<script>alert(1)</script>')
    expect((await get('/?lang=en')).body).toContain('가을 전시회 popup')
  })

  it('a scheduled popup stays off the home page until its start, but a staff preview shows it', async () => {
    const created = await post(
      '/admin/content/popups/new',
      { intent: 'save-publish', ...popupForm('예약 공지', 120) },
      editor.cookie,
    )
    expect(created.statusCode).toBe(302)
    expect((await get('/')).body).not.toContain('예약 공지 팝업')
    expect((await get('/?preview=all')).body).not.toContain('예약 공지 팝업')
    const preview = await get('/?preview=all', editor.cookie)
    expect(preview.body).toContain('예약 공지 팝업')
    expect(preview.body).toContain('미리보기 중')
    expect((await get('/admin/content', editor.cookie)).body).toMatch(/예약: .*부터 표시/)
  })

  it('refuses a bad window and bad addresses with messages in the editor language', async () => {
    const ko = await post(
      '/admin/content/popups/new',
      { intent: 'save', ...popupForm('잘못', 60, { ends_at: koreaLocal(30) }) },
      editor.cookie,
    )
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toContain('종료 시각은 시작 시각보다 뒤여야 합니다.')
    const en = await post(
      '/admin/content/popups/new?lang=en',
      { intent: 'save', ...popupForm('Bad', 0, { starts_at: '2026-02-31T10:00', title: '' }) },
      editor.cookie,
    )
    expect(en.statusCode).toBe(400)
    expect(en.body).toContain('Enter a valid date and time.')
    expect(en.body).toContain('This field is required.')
  })
})

describe('drafts, preview and publishing of a published record', () => {
  it('a draft leaves the public page alone, shows in preview, and publishing makes it public', async () => {
    const [banner] = await t.runtime.database.db.select().from(banners).orderBy(banners.sort_order, banners.id).limit(1)
    const form = {
      title: '초안 배너 제목',
      title_en: 'Draft banner title',
      pc_image: banner!.pc_image,
      pc_image_en: banner!.pc_image_en,
      mb_image: banner!.mb_image,
      mb_image_en: banner!.mb_image_en,
      sort_order: String(banner!.sort_order),
    }
    const draft = await post(
      `/admin/content/banners/${banner!.id}`,
      { intent: 'save', version: String(await versionOf('banners', banner!.id)), ...form },
      editor.cookie,
    )
    expect(draft.headers.location).toBe(`/admin/content/banners/${banner!.id}?done=draft`)
    expect((await get('/')).body).not.toContain('초안 배너 제목')
    expect((await get('/?preview=all', editor.cookie)).body).toContain('초안 배너 제목')

    await post(
      `/admin/content/banners/${banner!.id}`,
      { intent: 'publish', version: String(await versionOf('banners', banner!.id)) },
      editor.cookie,
    )
    expect((await get('/')).body).toContain('초안 배너 제목')
    const [entry] = await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'banners'), eq(auditLog.action, 'content.publish')))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry!.user_id).toBe(editor.userId)
    expect(entry!.before).toEqual({ title: banner!.title, title_en: banner!.title_en })
    expect(entry!.after).toEqual({ title: '초안 배너 제목', title_en: 'Draft banner title' })
  })

  it('the second of two saves from the same version is refused, naming who saved first; nothing is overwritten', async () => {
    const [entry] = await t.runtime.database.db.select().from(historyEntries).limit(1)
    const version = String(await versionOf('history', entry!.id))
    const base = {
      year: String(entry!.year),
      tag: entry!.tag,
      tag_en: entry!.tag_en,
      title: entry!.title,
      title_en: entry!.title_en,
      description: entry!.description,
      description_en: entry!.description_en,
      sort_order: String(entry!.sort_order),
    }
    const first = await post(
      `/admin/content/history/${entry!.id}`,
      { intent: 'save-publish', version, ...base, title: '먼저 저장한 제목' },
      editor.cookie,
    )
    expect(first.statusCode).toBe(302)
    const second = await post(
      `/admin/content/history/${entry!.id}`,
      { intent: 'save-publish', version, ...base, title: '나중에 저장한 제목' },
      editor2.cookie,
    )
    expect(second.statusCode).toBe(409)
    expect(second.body).toContain('박편집님이')
    expect(second.body).toContain('내 변경은 저장되지 않았습니다')
    // The refused values are still in the form, and the saved ones are untouched.
    expect(second.body).toContain('나중에 저장한 제목')
    const [now] = await t.runtime.database.db.select().from(historyEntries).where(eq(historyEntries.id, entry!.id))
    expect(now!.title).toBe('먼저 저장한 제목')
  })

  it('publishing changes the search index in the same step; unpublishing takes the record out of it', async () => {
    const created = await post(
      '/admin/content/history/new',
      {
        intent: 'save-publish',
        year: '2026',
        tag: '수상',
        tag_en: 'Award',
        title: '스마트밸브 대상 수상',
        title_en: 'Smart valve grand prize',
        description: '<p>수상</p>',
        description_en: '<p>Award</p>',
        sort_order: '0',
      },
      editor.cookie,
    )
    const id = idFrom(created)
    const search = async () =>
      JSON.parse((await get(`/api/search/list?keyword=${encodeURIComponent('스마트밸브')}&language=KOR`)).body).data
        .list as { title: string }[]
    expect((await search()).map((h) => h.title).join()).toContain('스마트밸브 대상 수상')
    await post(
      `/admin/content/history/${id}`,
      { intent: 'unpublish', version: String(await versionOf('history', id)) },
      editor.cookie,
    )
    expect(await search()).toEqual([])
    expect((await get('/company/introduction/info')).body).not.toContain('스마트밸브 대상 수상')
  })
})

describe('site settings', () => {
  it('is one record: a change is a draft until published, then the footer shows it', async () => {
    const list = await get('/admin/content/site-settings', editor.cookie)
    expect(list.statusCode).toBe(302)
    const page = await get(list.headers.location as string, editor.cookie)
    const values = Object.fromEntries(
      [...page.body.matchAll(/name="([a-z_]+)"[^>]*?value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, '&'),
      ]),
    )
    const url = list.headers.location as string
    const draft = await post(url, { ...values, intent: 'save', phone: '02-1234-5678' }, editor.cookie)
    expect(draft.statusCode, draft.body.slice(0, 400)).toBe(302)
    expect((await get('/')).body).not.toContain('02-1234-5678')
    expect((await get('/?preview=all', editor.cookie)).body).toContain('02-1234-5678')
    await post(url, { intent: 'publish', version: String(Number(values.version) + 1) }, editor.cookie)
    expect((await get('/')).body).toContain('02-1234-5678')
  })
})

describe('page copy (ESG, recruitment)', () => {
  const lockOf = async (page: 'esg' | 'recruitment') => (await t.runtime.services.pageTexts.load(page)).lock

  it('a replaced ESG text is a draft until published, then the page shows it in its language', async () => {
    const draft = await post(
      '/admin/texts/esg',
      {
        intent: 'save',
        lock: await lockOf('esg'),
        'esg.lead.ko': '지속 가능한 밸브 자동화',
        'esg.lead.en': 'Sustainable valve automation',
      },
      editor.cookie,
    )
    expect(draft.headers.location).toBe('/admin/texts/esg?done=draft&count=1')
    expect((await get('/company/introduction/management')).body).not.toContain('지속 가능한 밸브 자동화')
    expect((await get('/company/introduction/management?preview=all', editor.cookie)).body).toContain(
      '지속 가능한 밸브 자동화',
    )
    const published = await post('/admin/texts/esg', { intent: 'publish', lock: await lockOf('esg') }, editor.cookie)
    expect(published.headers.location).toBe('/admin/texts/esg?done=publish&count=1')
    expect((await get('/company/introduction/management')).body).toContain('지속 가능한 밸브 자동화')
    expect((await get('/company/introduction/management?lang=en')).body).toContain('Sustainable valve automation')
  })

  it('a nested recruitment text is replaced; a stale change of the same text is refused naming who saved', async () => {
    const lock = await lockOf('recruitment')
    const ok = await post(
      '/admin/texts/recruitment',
      { intent: 'publish', lock, 'recruitment.procedure.steps.0.title.ko': '온라인 지원서 접수' },
      editor.cookie,
    )
    expect(ok.statusCode).toBe(302)
    expect((await get('/recruitment')).body).toContain('온라인 지원서 접수')
    const stale = await post(
      '/admin/texts/recruitment',
      { intent: 'publish', lock, 'recruitment.procedure.steps.0.title.ko': '덮어쓰기' },
      editor2.cookie,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('박편집님이')
    // The refused form keeps the typing, beside what is saved now, to keep or take per field.
    expect(stale.body).toContain('박편집님이 저장한 내용과 내 입력 비교')
    expect(stale.body).toMatch(/<input[^>]*name="recruitment.procedure.steps.0.title.ko"[^>]*value="덮어쓰기"/)
    expect(stale.body).toContain('온라인 지원서 접수')
    expect((await get('/recruitment')).body).not.toContain('덮어쓰기')
    const empty = await post(
      '/admin/texts/recruitment?lang=en',
      { intent: 'save', lock: await lockOf('recruitment'), 'recruitment.title.en': '  ' },
      editor.cookie,
    )
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('This field is required.')
  })
})

describe('every kind', () => {
  /** A valid form of a kind, every text carrying `marker`; files are the stored ones of the demo content. */
  async function formFor(kind: (typeof CONTENT_KINDS)[number], marker: string): Promise<Record<string, string>> {
    const [image] = await t.runtime.database.db
      .select({ key: files.file_name })
      .from(files)
      .where(like(files.content_type, 'image/%'))
      .limit(1)
    const [pdf] = await t.runtime.database.db
      .select({ key: files.file_name })
      .from(files)
      .where(eq(files.content_type, 'application/pdf'))
      .limit(1)
    const form: Record<string, string> = {}
    for (const field of kind.fields as readonly ContentField[]) {
      for (const [i, column] of columnsOf(field).entries()) {
        const lang = i === 0 ? '한' : 'EN'
        form[column] = {
          text: `${marker} ${lang}`,
          textarea: `${marker} ${lang}`,
          lines: `${marker} ${lang}\n둘째 줄`,
          richtext: `<p>${marker} ${lang}</p>`,
          url: 'https://www.youtube.com/embed/abcdefghijk',
          link: '/product/electric-actuator/tm',
          email: 'sales@example.com',
          phone: '02-123-4567',
          image: image!.key,
          file: pdf?.key ?? image!.key,
          int: field.name === 'year' ? '2026' : '0',
          select: field.options?.[0]?.value ?? '',
          datetime: field.name === 'starts_at' ? koreaLocal(-1) : koreaLocal(60),
        }[field.type]
      }
    }
    return form
  }

  for (const kind of CONTENT_KINDS.filter((k) => !('singleton' in k))) {
    it(`${kind.kind}: a new record published in the console is on ${kind.publicPath} at once, and gone when unpublished`, async () => {
      const marker = `표시확인${kind.kind.replace(/-/g, '')}`
      const created = await post(
        `/admin/content/${kind.kind}/new`,
        { intent: 'save-publish', ...(await formFor(kind, marker)) },
        editor.cookie,
      )
      expect(created.statusCode, created.body.slice(0, 500)).toBe(302)
      expect((await get(kind.publicPath)).body).toContain(marker)
      const id = idFrom(created)
      await post(
        `/admin/content/${kind.kind}/${id}`,
        { intent: 'unpublish', version: String(await versionOf(kind.kind, id)) },
        editor.cookie,
      )
      expect((await get(kind.publicPath)).body).not.toContain(marker)
    })
  }
})
