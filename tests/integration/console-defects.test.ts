import { asc, eq, gte } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, userConsents } from '#server/db/schema.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { createMember, uniqueEmail } from '#tests/helpers/members.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { totpAt } from '#tests/helpers/totp.ts'
import type { UploadedFile } from '#shared/uploads.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * The small console defects of issue 33 through the production build (`app.inject`): a member's
 * consents name the terms version and the real time of consent; staff passwords take passphrases
 * (members keep the specification's rule); the popup list tells Scheduled, Live and Expired apart;
 * file fields and lists show a file's original name, not its storage key.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let admin: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  admin = await enrolStaff(t.runtime.services, { username: 'defects.admin@example.com', role: 'admin' })
}, 240_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()
const post = (url: string, values: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form(values),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
const get = (url: string, cookie = admin.cookie) => t.app.inject({ url, headers: { cookie } })
/** The HTML's text with entities decoded, as the reader sees it. */
const text = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')

describe('a member’s consents (item 1)', () => {
  it('name the terms version consented to, its effective date and the real date and time of consent', async () => {
    const member = await createMember(t)
    const consents = await db()
      .select()
      .from(userConsents)
      .where(eq(userConsents.user_id, member.id))
      .orderBy(asc(userConsents.id))
    expect(consents.map((c) => c.terms_version)).toEqual(['1', '1'])
    const detail = await t.runtime.services.consoleMembers.get(member.id)
    expect(detail!.consents[0]).toMatchObject({
      kind: 'service',
      termsVersion: { number: '1', id: consents[0]!.terms_version_id, effectiveAt: expect.any(Date) },
      grantedAt: consents[0]!.granted_at,
    })

    const granted = consents[0]!.granted_at
    const effective = detail!.consents[0]!.termsVersion!.effectiveAt!
    const ko = await get(`/admin/members/${member.id}`)
    expect(ko.statusCode).toBe(200)
    const table = text(ko.body.slice(ko.body.indexOf('data-testid="member-consents"')))
    expect(table).toContain('동의한 약관 버전')
    expect(table).toContain(`>버전 1</a>`)
    expect(table).toContain(`href="/admin/terms/${consents[0]!.terms_version_id}"`)
    expect(table).toContain(`${koreaDateTime(effective, 'ko')} 시행`)
    expect(table).toContain(`<time dateTime="${granted.toISOString()}">${koreaDateTime(granted, 'ko')}</time>`)
    // The version number is never read as a date any more ("1" was 2001-01-01).
    expect(table).not.toMatch(/dateTime="[12]"/)
    expect(table).not.toContain('2001.')

    const en = text((await get(`/admin/members/${member.id}?lang=en`)).body)
    expect(en).toContain('Terms version consented to')
    expect(en).toContain('>Version 1</a>')
    expect(en).toContain(`effective ${koreaDateTime(effective, 'en')}`)
    expect(en).toContain(`<time dateTime="${granted.toISOString()}">${koreaDateTime(granted, 'en')}</time>`)
  })

  it('show the version without a link to viewers, who cannot open the terms', async () => {
    const viewer = await enrolStaff(t.runtime.services, { username: 'defects.viewer@example.com', role: 'viewer' })
    const member = await createMember(t)
    const page = text((await get(`/admin/members/${member.id}`, viewer.cookie)).body)
    expect(page).toContain('<td>버전 1<br/>')
    expect(page).not.toContain('href="/admin/terms/')
  })
})

describe('staff passwords (item 3, docs/decisions/051-staff-passphrases.md)', () => {
  const passphrase = '밸브 구동기 네 대를 점검했고 the torque switch trips at 120 N·m, as the manual says'

  it('a setup link takes a long passphrase with spaces, and the console sign-in accepts it', async () => {
    expect([...passphrase].length).toBeGreaterThan(64)
    const username = uniqueEmail('staff')
    const invited = await t.runtime.services.console.inviteStaff(
      { username, name: '문장암호', role: 'editor' },
      { actorId: admin.userId, ip: null, lang: 'ko', sendMail: false },
    )
    if (!invited.ok) throw new Error(invited.reason)
    const url = new URL(invited.link).pathname + new URL(invited.link).search

    const long = await post(url, { intent: 'password', password: 'x'.repeat(129), password_confirm: 'x'.repeat(129) })
    expect(long.statusCode).toBe(400)
    expect(long.body).toContain('비밀번호는 128자까지 입력할 수 있습니다.')
    const page = await t.app.inject(url)
    expect(page.body).toContain('maxLength="128"')
    expect(page.body).toContain('8~128자. 띄어쓰기를 포함해 어떤 문자든 쓸 수 있으며')

    const set = await post(url, { intent: 'password', password: passphrase, password_confirm: passphrase })
    expect(set.statusCode).toBe(302)
    const setup = await t.runtime.services.console.getSetup(new URL(invited.link).searchParams.get('token')!)
    if (setup?.stage !== 'totp') throw new Error('no TOTP step')
    const done = await post(url, { intent: 'code', code: totpAt(setup.secret, Date.now() - 30_000) })
    expect(done.statusCode).toBe(200)

    const signIn = await post('/admin/login', { intent: 'password', username, password: passphrase })
    expect(signIn.statusCode).toBe(302)
    expect(signIn.headers.location).toBe('/admin/login?step=code')
    const wrong = await post('/admin/login', { intent: 'password', username, password: passphrase.trim() + '.' })
    expect(wrong.statusCode).toBe(401)
  })

  it('the account page changes to a passphrase (and refuses control characters), in both languages', async () => {
    const staff = await enrolStaff(t.runtime.services, { username: uniqueEmail('change'), role: 'viewer' })
    const refused = await post(
      '/admin/account?lang=en',
      {
        intent: 'password',
        old_password: staff.password,
        new_password: 'two\nlines here',
        new_password_confirm: 'two\nlines here',
      },
      staff.cookie,
    )
    expect(refused.statusCode).toBe(400)
    expect(text(refused.body)).toContain('The password cannot contain control characters such as line breaks or tabs.')
    const changed = await post(
      '/admin/account',
      { intent: 'password', old_password: staff.password, new_password: passphrase, new_password_confirm: passphrase },
      staff.cookie,
    )
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toContain('비밀번호를 바꾸었습니다.')
    const signIn = await t.runtime.services.console.signInPassword(
      { username: staff.username, password: passphrase },
      { ip: '198.51.100.7', lang: 'ko' },
    )
    expect(signIn.ok).toBe(true)
  })

  it('members keep the specification’s rule: no passphrase at sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sign',
      headers: { 'content-type': 'application/json' },
      payload: {
        company: '대한상사',
        division: '구매팀',
        name: '홍길동',
        username: uniqueEmail('passphrase'),
        password: passphrase,
      },
    })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('비밀번호 조건을 확인해 주세요.')
  })
})

describe('the popup list (item 4)', () => {
  const actor = () => ({ userId: admin.userId, ip: '127.0.0.1' })
  const popup = async (title: string, starts: number, ends: number | null) => {
    const result = await t.runtime.services.contentEditor.create(
      actor(),
      'popups',
      {
        title,
        title_en: `${title} (en)`,
        description: '<p>본문</p>',
        description_en: '<p>Body</p>',
        starts_at: koreaLocal(starts),
        ends_at: ends === null ? '' : koreaLocal(ends),
        sort_order: '0',
      },
      true,
    )
    if (!result.ok) throw new Error(JSON.stringify(result))
    return result.id
  }
  /** The status cell of the list row whose link reads `label`. */
  const statusOf = (html: string, label: string) => {
    const row = text(html)
      .split('<tr>')
      .find((r) => r.includes(`>${label}</a>`))!
    return row.match(/<span class="status-badges">(.*?)<\/span><\/td>/)![1]!.replace(/<[^>]+>/g, ' | ')
  }

  it('reads Scheduled, Live and Expired by the published dates, as the home page shows them', async () => {
    const scheduled = await popup('예약 팝업', 120, 60 * 24)
    const live = await popup('지금 팝업', -60, null)
    const expired = await popup('지난 팝업', -60 * 48, -60)
    const states = new Map(
      (await t.runtime.services.contentEditor.list('popups')).map((r) => [r.id, [r.languages.ko, r.window]]),
    )
    expect(states.get(scheduled)).toEqual(['live', 'scheduled'])
    expect(states.get(live)).toEqual(['live', 'current'])
    expect(states.get(expired)).toEqual(['live', 'ended'])
    // The public pages show exactly the one the list calls Live.
    const shown = (await t.runtime.services.content.popups()).map((p) => p.id)
    expect(shown).toContain(live)
    expect(shown).not.toContain(scheduled)
    expect(shown).not.toContain(expired)

    const ko = await get('/admin/content/popups')
    expect(ko.statusCode).toBe(200)
    expect(statusOf(ko.body, '예약 팝업')).toContain('한국어: 예약됨')
    expect(statusOf(ko.body, '지금 팝업')).toContain('한국어: 게시 중')
    expect(statusOf(ko.body, '지난 팝업')).toContain('한국어: 종료됨')
    expect(statusOf(ko.body, '지난 팝업')).not.toContain('게시 중')
    expect(statusOf(ko.body, '예약 팝업')).not.toContain('게시 중')
    const en = await get('/admin/content/popups?lang=en')
    expect(statusOf(en.body, '예약 팝업 (en)')).toContain('English: Scheduled')
    expect(statusOf(en.body, '지금 팝업 (en)')).toContain('English: Live')
    expect(statusOf(en.body, '지난 팝업 (en)')).toContain('English: Expired')

    // A pending change is said after the window.
    const { version } = (await t.runtime.services.contentEditor.get('popups', expired))!
    await t.runtime.services.contentEditor.save(
      actor(),
      'popups',
      expired,
      version,
      {
        title: '지난 팝업',
        title_en: '지난 팝업 (en)',
        description: '<p>고친 본문</p>',
        description_en: '<p>Body</p>',
        starts_at: koreaLocal(-60 * 48),
        ends_at: koreaLocal(-60),
        sort_order: '0',
      },
      false,
    )
    expect(statusOf((await get('/admin/content/popups')).body, '지난 팝업')).toContain(
      '한국어: 종료됨 · 게시 후 변경됨',
    )
  })
})

/** A small PNG of one colour. */
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer()
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function upload(kind: 'image' | 'file', name: string, body: Buffer): Promise<UploadedFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/upload?kind=${kind}`,
    payload: body,
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      cookie: admin.cookie,
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { data: UploadedFile }).data
}

describe('files by their original names (item 5)', () => {
  /** The link text of the upload field holding `key` (its preview's name). */
  const fieldName = (html: string, key: string) => {
    const at = html.indexOf(`value="${key}"`)
    expect(at, `no field holds ${key}`).toBeGreaterThan(-1)
    return text(html.slice(at)).match(/class="upload-field__name">([^<]*)<\/a>/)![1]
  }

  it('in a content form (a popup’s image), its history and the media list', async () => {
    const image = await upload('image', '설명회 포스터 2026.png', await png())
    expect(image.key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{20}\.png$/)
    const created = await t.runtime.services.contentEditor.create(
      { userId: admin.userId, ip: '127.0.0.1' },
      'popups',
      {
        title: '포스터 팝업',
        title_en: 'Poster popup',
        image: image.key,
        description: '<p>본문</p>',
        description_en: '<p>Body</p>',
        starts_at: koreaLocal(-10),
        ends_at: '',
        sort_order: '0',
      },
      false,
    )
    if (!created.ok) throw new Error(JSON.stringify(created))
    const page = await get(`/admin/content/popups/${created.id}`)
    expect(fieldName(page.body, image.key)).toBe('설명회 포스터 2026.png')
    expect(text(page.body)).not.toContain(`>${image.key.split('/').pop()}</a>`)
    // A new image saved: the history compares the two by their names.
    const second = await upload('image', '새 포스터.png', await png())
    const { version } = (await t.runtime.services.contentEditor.get('popups', created.id))!
    const saved = await t.runtime.services.contentEditor.save(
      { userId: admin.userId, ip: '127.0.0.1' },
      'popups',
      created.id,
      version,
      {
        title: '포스터 팝업',
        title_en: 'Poster popup',
        image: second.key,
        description: '<p>본문</p>',
        description_en: '<p>Body</p>',
        starts_at: koreaLocal(-10),
        ends_at: '',
        sort_order: '0',
      },
      false,
    )
    expect(saved.ok).toBe(true)
    const history = text((await get(`/admin/content/popups/${created.id}/history`)).body)
    // The comparison's cells as read (the diff marks words with <del>, <ins> and <span>).
    const compared = history.slice(history.indexOf('id="history-compare"')).replace(/<[^>]+>/g, '')
    expect(compared).toContain('설명회 포스터 2026.png')
    expect(compared).toContain('새 포스터.png')
    expect(compared).not.toContain(image.key.split('/').pop()!)
    const media = text((await get('/admin/media?lang=en')).body)
    expect(media).toContain('설명회 포스터 2026.png')
  })

  it('in a document form and in the catalogue’s thumbnail and image list', async () => {
    const pdf = await upload('file', 'TM 카탈로그 (2026).pdf', PDF)
    const saved = await post(
      '/admin/documents/reference/new',
      {
        intent: 'save',
        type: '1',
        doc_number: '',
        title: '원본 이름 문서',
        title_en: 'Original name document',
        url: '',
        url_en: '',
        product_id: '',
        file_0: pdf.key,
        file_0_for: 'KOR',
      },
      admin.cookie,
    )
    expect(saved.statusCode).toBe(302)
    const doc = await get(saved.headers.location!.replace(/\?.*$/, '?lang=en'))
    expect(fieldName(doc.body, pdf.key)).toBe('TM 카탈로그 (2026).pdf')

    const photo = await upload('image', '전동 액추에이터 정면.png', await png())
    // A series or item type with room for one more image.
    const candidates = await db()
      .select({ id: products.id })
      .from(products)
      .where(gte(products.depth, 2))
      .orderBy(asc(products.id))
    let product: { id: number; version: number } | undefined
    for (const { id } of candidates) {
      const found = await t.runtime.services.catalogueEditor.get(id)
      if (found && found.images.length < 6) {
        product = { id, version: found.row.version }
        break
      }
    }
    const added = await post(
      `/admin/catalogue/${product!.id}`,
      { intent: 'image-add', version: String(product!.version), path: photo.key },
      admin.cookie,
    )
    expect(added.statusCode).toBe(302)
    const catalogue = text((await get(`/admin/catalogue/${product!.id}`)).body)
    expect(catalogue).toContain('<span class="console-muted catalogue-list__file">전동 액추에이터 정면.png</span>')
  })

  it('fall back to the key only when no name is recorded', async () => {
    expect(await t.runtime.services.uploads.names(['uploads/2026/11/unknown.pdf', '', null])).toEqual({})
  })
})
