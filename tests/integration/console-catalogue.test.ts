import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, redirects, searchEntries } from '#server/db/schema.ts'
import { storeFile } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'

/**
 * The console's product catalogue through the production build (`app.inject`), on the demo tree
 * (1 electric actuator › 2 TM (3 BASIC…), 6 TX, 7 TQ (8 BASIC); 11 gate hoist › 12 TM): bilingual
 * validation, a stale save refused naming the first editor, renames and moves answering 301 from
 * every old address (no chains, the sitemap only the new), hidden nodes off the public site, the
 * 6-image limit, one audit entry per change.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let editor2: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'catalogue.editor@example.com',
    name: '김카탈',
    role: 'editor',
  })
  editor2 = await enrolStaff(t.runtime.services, {
    username: 'catalogue.editor2@example.com',
    name: '이동시',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'catalogue.viewer@example.com',
    name: '최열람',
    role: 'viewer',
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })
const post = (url: string, values: Record<string, string>, cookie = editor.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })
const versionOf = async (id: number) =>
  (await t.runtime.database.db.select({ v: products.version }).from(products).where(eq(products.id, id)))[0]!.v
const auditCount = async (id: number) =>
  (
    await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'product'), eq(auditLog.record_id, String(id))))
  ).length
const sitemap = async () => (await get('/sitemap.xml')).body
const locationOf = async (url: string) => {
  const res = await get(url)
  return { status: res.statusCode, location: res.headers.location }
}

describe('access', () => {
  it('is the site 404 for visitors, readable by viewers, changeable by editors only', async () => {
    expect((await get('/admin/catalogue')).statusCode).toBe(404)
    const page = await get('/admin/catalogue', viewer.cookie)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('전동 액추에이터')
    expect(page.body).toContain('/product/electric-actuator/tm/basic')
    expect(page.body).not.toContain('name="intent" value="rename"')
    expect(
      (await post('/admin/catalogue', { intent: 'hide', id: '6', version: String(await versionOf(6)) }, viewer.cookie))
        .statusCode,
    ).toBe(403)
    expect((await get('/admin/catalogue/2', editor.cookie)).body).toContain('상세')
  })
})

describe('validation', () => {
  it('refuses empty names and an English name without Latin letters, in the editor language', async () => {
    const ko = await post('/admin/catalogue', { intent: 'create', parent_id: '1', title: '', title_en: '' })
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toContain('필수 항목입니다.')
    const en = await post('/admin/catalogue?lang=en', {
      intent: 'create',
      parent_id: '1',
      title: '새 시리즈',
      title_en: '새 시리즈',
    })
    expect(en.statusCode).toBe(400)
    expect(en.body).toContain('The English name needs at least one Latin letter or digit')
    const deep = await post('/admin/catalogue', {
      intent: 'create',
      parent_id: '3',
      title: '너무 깊음',
      title_en: 'Too deep',
    })
    expect(deep.statusCode).toBe(400)
    expect(deep.body).toContain('옮길 수 있는 상위 항목을 골라 주세요')
    const badType = await post('/admin/catalogue/6', {
      intent: 'detail',
      version: String(await versionOf(6)),
      title: 'TX',
      title_en: 'TX',
      type: '3',
    })
    expect(badType.statusCode).toBe(400)
    expect(badType.body).toContain('유형 1 또는 2를 골라 주세요.')
  })
})

describe('optimistic locking', () => {
  it('refuses the second of two saves from the same version, naming who saved first', async () => {
    const version = String(await versionOf(9))
    const first = await post(
      '/admin/catalogue',
      { intent: 'rename', id: '9', version, title: 'LTMD-O 개정', title_en: 'LTMD-O' },
      editor.cookie,
    )
    expect(first.statusCode).toBe(302)
    const second = await post(
      '/admin/catalogue',
      { intent: 'rename', id: '9', version, title: 'LTMD-O 동시', title_en: 'LTMD-O' },
      editor2.cookie,
    )
    expect(second.statusCode).toBe(409)
    expect(second.body).toContain('김카탈님이')
    expect((await get('/admin/catalogue', viewer.cookie)).body).toContain('LTMD-O 개정')
  })
})

describe('addresses', () => {
  it('a rename answers 301 from every old address of the node and its subtree; the sitemap lists only the new ones', async () => {
    const before = await auditCount(2)
    const res = await post('/admin/catalogue', {
      intent: 'rename',
      id: '2',
      version: String(await versionOf(2)),
      title: 'TM 다회전',
      title_en: 'TM Multi-turn',
    })
    expect(res.statusCode).toBe(302)
    expect(await auditCount(2)).toBe(before + 1)
    expect(await locationOf('/product/electric-actuator/tm')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tm-multi-turn',
    })
    expect(await locationOf('/product/electric-actuator/tm/basic?lang=en')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tm-multi-turn/basic?lang=en',
    })
    // The specification's id addresses answer with the slug address too.
    expect(await locationOf('/product/1/2')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tm-multi-turn',
    })
    expect(await locationOf('/product/0/0')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tm-multi-turn',
    })
    const page = await get('/product/electric-actuator/tm-multi-turn')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('TM 다회전')
    expect(page.body).toContain('href="/product/electric-actuator/tm-multi-turn/basic"')
    const map = await sitemap()
    expect(map).toContain('/product/electric-actuator/tm-multi-turn/basic<')
    expect(map).not.toContain('/product/electric-actuator/tm/')
    expect(map).not.toContain('/product/electric-actuator/tm<')
    const entry = await t.runtime.database.db
      .select({ url: searchEntries.url })
      .from(searchEntries)
      .where(and(eq(searchEntries.kind, 'product'), eq(searchEntries.source_id, '3'), eq(searchEntries.lang, 'ko')))
    expect(entry[0]?.url).toBe('/product/electric-actuator/tm-multi-turn/basic')
  })

  it('a move answers 301 from the old addresses without chains, and moving back makes the old address live again', async () => {
    const moved = await post('/admin/catalogue', {
      intent: 'move',
      id: '3',
      version: String(await versionOf(3)),
      parent_id: '7',
    })
    expect(moved.statusCode).toBe(302)
    // TQ already has a BASIC: the moved one becomes basic-2.
    expect(await locationOf('/product/electric-actuator/tm-multi-turn/basic')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tq/basic-2',
    })
    // The redirect made by the rename leads straight to the new address.
    expect(await locationOf('/product/electric-actuator/tm/basic')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tq/basic-2',
    })
    expect(await locationOf('/product/1/2/3')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tq/basic-2',
    })
    expect((await get('/product/electric-actuator/tq/basic-2')).statusCode).toBe(200)
    const map = await sitemap()
    expect(map).toContain('/product/electric-actuator/tq/basic-2<')
    expect(map).not.toContain('/product/electric-actuator/tm-multi-turn/basic<')
    // A series cannot go under a series, nor an item under a family.
    const wrong = await post('/admin/catalogue', {
      intent: 'move',
      id: '3',
      version: String(await versionOf(3)),
      parent_id: '1',
    })
    expect(wrong.statusCode).toBe(400)

    const back = await post('/admin/catalogue', {
      intent: 'move',
      id: '3',
      version: String(await versionOf(3)),
      parent_id: '2',
    })
    expect(back.statusCode).toBe(302)
    expect((await get('/product/electric-actuator/tm-multi-turn/basic')).statusCode).toBe(200)
    expect(await locationOf('/product/electric-actuator/tq/basic-2')).toEqual({
      status: 301,
      location: '/product/electric-actuator/tm-multi-turn/basic',
    })
    const list = await get('/admin/catalogue/redirects', viewer.cookie)
    expect(list.body).toContain('/product/electric-actuator/tq/basic-2')
    expect(list.body).not.toContain('<code>/product/electric-actuator/tm-multi-turn/basic</code>')
  })

  it('an old address outside the product route answers from the redirects table too; a deleted redirect is a 404', async () => {
    await t.runtime.database.db
      .insert(redirects)
      .values({ from_path: '/old/catalogue.html', to_path: '/product/electric-actuator/tx' })
    expect(await locationOf('/old/catalogue.html')).toEqual({ status: 301, location: '/product/electric-actuator/tx' })
    const row = (
      await t.runtime.database.db.select().from(redirects).where(eq(redirects.from_path, '/old/catalogue.html'))
    )[0]!
    expect((await post('/admin/catalogue/redirects', { intent: 'delete', id: String(row.id) })).statusCode).toBe(302)
    expect((await get('/old/catalogue.html')).statusCode).toBe(404)
  })
})

describe('hide and show', () => {
  it('a hidden series and its items leave the public tree, detail, sitemap and search; the console marks them', async () => {
    const hide = await post('/admin/catalogue', { intent: 'hide', id: '7', version: String(await versionOf(7)) })
    expect(hide.statusCode).toBe(302)
    expect((await get('/product/electric-actuator/tq')).statusCode).toBe(404)
    expect((await get('/product/electric-actuator/tq/basic')).statusCode).toBe(404)
    expect((await get('/product/1/7/8')).statusCode).toBe(404)
    expect((await get('/product/electric-actuator/tx')).body).not.toContain('href="/product/electric-actuator/tq')
    expect(await sitemap()).not.toContain('/product/electric-actuator/tq')
    const tree = JSON.parse((await get('/api/product/list')).body).data as { product_list: { id: number }[] }[]
    expect(tree.flatMap((f) => f.product_list.map((s) => s.id))).not.toContain(7)
    expect((await get('/api/product/detail?info_id=8')).statusCode).toBe(404)
    const entries = await t.runtime.database.db
      .select()
      .from(searchEntries)
      .where(and(eq(searchEntries.kind, 'product'), eq(searchEntries.source_id, '8')))
    expect(entries).toHaveLength(0)
    const console = (await get('/admin/catalogue', viewer.cookie)).body
    expect(console).toContain('상위 항목과 함께 숨김')

    expect(
      (await post('/admin/catalogue', { intent: 'show', id: '7', version: String(await versionOf(7)) })).statusCode,
    ).toBe(302)
    expect((await get('/product/electric-actuator/tq/basic')).statusCode).toBe(200)
    expect(await sitemap()).toContain('/product/electric-actuator/tq/basic<')
  })
})

describe('a new family', () => {
  it('is added last at the top level, hidden, with its own slug', async () => {
    const res = await post('/admin/catalogue', { intent: 'create', title: '밸브', title_en: 'Valves' })
    expect(res.statusCode).toBe(302)
    const [row] = await t.runtime.database.db.select().from(products).where(eq(products.title, '밸브'))
    expect(row).toMatchObject({ parent_id: null, depth: 1, slug: 'valves', published: false })
    const page = (await get('/admin/catalogue?done=create', viewer.cookie)).body
    expect(page).toContain('추가했습니다.')
    expect(page).toContain('밸브')
  })
})

describe('a new product', () => {
  it('starts hidden, takes up to 6 images (a 7th refused with a message) and options, then shows on the site', async () => {
    const created = await post('/admin/catalogue', {
      intent: 'create',
      parent_id: '11',
      title: '신형 권양기',
      title_en: 'New Hoist 2027',
    })
    expect(created.statusCode).toBe(302)
    const [row] = await t.runtime.database.db.select().from(products).where(eq(products.title, '신형 권양기'))
    expect(row).toMatchObject({ slug: 'new-hoist-2027', published: false, depth: 2 })
    expect((await get('/product/hydrological-gate-hoist/new-hoist-2027')).statusCode).toBe(404)
    const id = row!.id
    for (let i = 1; i <= 7; i++) {
      await storeFile(t.runtime.database.db, t.runtime.storage, {
        key: `catalogue-test/hoist-${i}.png`,
        originName: `hoist-${i}.png`,
        data: `png ${i}`,
        contentType: 'image/png',
      })
    }
    for (let i = 1; i <= 6; i++) {
      const res = await post(`/admin/catalogue/${id}`, {
        intent: 'image-add',
        version: String(await versionOf(id)),
        path: `catalogue-test/hoist-${i}.png`,
      })
      expect(res.statusCode, res.body.slice(0, 200)).toBe(302)
    }
    const seventh = await post(`/admin/catalogue/${id}`, {
      intent: 'image-add',
      version: String(await versionOf(id)),
      path: 'catalogue-test/hoist-7.png',
    })
    expect(seventh.statusCode).toBe(400)
    expect(seventh.body).toContain('이미지는 최대 6장까지입니다. 7번째 이미지는 추가할 수 없습니다.')
    const unknownFile = await post(`/admin/catalogue/${id}?lang=en`, {
      intent: 'detail',
      version: String(await versionOf(id)),
      title: '신형 권양기',
      title_en: 'New Hoist 2027',
      // Every field, as the form sends them: the page shows the image's refusal at the image.
      ...Object.fromEntries(
        ['introduce', 'description', 'item', 'item_introduce'].flatMap((name) => [
          [name, ''],
          [`${name}_en`, ''],
        ]),
      ),
      type: '2',
      image: 'nowhere/x.png',
    })
    expect(unknownFile.statusCode).toBe(400)
    expect(unknownFile.body).toMatch(/class="field__error"[^>]*>This is not an uploaded file\./)
    const option = await post(`/admin/catalogue/${id}`, {
      intent: 'option-add',
      version: String(await versionOf(id)),
      title: '방폭형',
      title_en: 'Explosion-proof',
      content: '<p>방폭 <script>x()</script>인증</p>',
      content_en: '<p>Certified</p>',
    })
    expect(option.statusCode).toBe(302)
    const detail = await post(`/admin/catalogue/${id}`, {
      intent: 'detail',
      version: String(await versionOf(id)),
      title: '신형 권양기',
      title_en: 'New Hoist 2027',
      type: '2',
      introduce: '2027년형 수문 권양기',
      introduce_en: 'The 2027 gate hoist',
      description: '<p>설명 본문</p>',
      description_en: '<p>Body</p>',
      item: '',
      item_en: '',
      item_introduce: '',
      item_introduce_en: '',
      image: 'catalogue-test/hoist-1.png',
    })
    expect(detail.statusCode).toBe(302)
    expect(
      (await post('/admin/catalogue', { intent: 'show', id: String(id), version: String(await versionOf(id)) }))
        .statusCode,
    ).toBe(302)
    const page = await get('/product/hydrological-gate-hoist/new-hoist-2027')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('2027년형 수문 권양기')
    expect(page.body).toContain('/media/catalogue-test/hoist-6.png')
    expect(page.body).toContain('방폭')
    expect(page.body).not.toContain('x()')
    expect(await auditCount(id)).toBe(1 + 6 + 1 + 1 + 1)
  })
})
