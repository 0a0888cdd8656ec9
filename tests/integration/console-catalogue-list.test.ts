import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products } from '#server/db/schema.ts'
import { productNodes } from '#server/services/products.ts'
import { CATALOGUE_LIST_SPEC } from '#shared/catalogue-list.ts'
import { parseListQuery } from '#shared/console-lists.ts'
import { visibleIds } from '#shared/product-slugs.ts'
import { catalogueNodeStatus } from '#shared/record-status.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The catalogue's list view (docs/decisions/068-catalogue-list.md) through the production build, on
 * the demo tree (1 전동 액추에이터 › 2 TM (3 BASIC, 4 INTEGRAL, 5 SMART), 6 TX, 7 TQ (8 BASIC),
 * 9 LTMD-O, 10 WT; 11 수문 권양기 › 12 TM, 13 TX) and nodes added here: search over both names and
 * the slug, the status and level filters (SQL agreeing with the one status function), sorts, pages,
 * a bad field a bilingual 400, viewers refused, bulk hide/show confirmed once, one audit entry per
 * node, the public pages following, and a node saved since the list was loaded left alone (409).
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let other: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'catalogue.list.editor@example.com',
    name: '목록카탈',
    role: 'editor',
  })
  other = await enrolStaff(t.runtime.services, {
    username: 'catalogue.list.other@example.com',
    name: '나중저장',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, {
    username: 'catalogue.list.viewer@example.com',
    name: '목록열람',
    role: 'viewer',
  })
  // Ten hidden item types under TX (6), so the list has two pages; a hidden family with a shown series under it.
  const catalogue = t.runtime.services.catalogueEditor
  const actor = { userId: editor.userId, ip: '127.0.0.1' }
  for (let n = 1; n <= 10; n++)
    expect(
      (await catalogue.create(actor, { parent_id: '6', title: `시험 품목 ${n}`, title_en: `Trial item ${n}` })).ok,
    ).toBe(true)
  const family = await catalogue.create(actor, { title: '밸브', title_en: 'Valves' })
  if (!family.ok) throw new Error('family not created')
  const series = await catalogue.create(actor, {
    parent_id: String(family.id),
    title: '볼 밸브',
    title_en: 'Ball valve',
  })
  if (!series.ok) throw new Error('series not created')
  expect((await catalogue.setPublished(actor, series.id, series.version, true)).ok).toBe(true)
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, cookie = editor.cookie) => t.app.inject({ url, headers: { cookie } })
const post = (url: string, values: Record<string, string>, cookie = editor.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })
const text = (html: string) => html.replace(/<!-- -->/g, '')
/** The ids of the list's rows in their order (each row's box is `item_<id>`; the editor sees them). */
const rowIds = (html: string) => [...html.matchAll(/name="item_(\d+)"/g)].map((m) => Number(m[1]))
const listIds = async (params: string) => {
  const res = await get(`/admin/catalogue?view=list&${params}`)
  expect(res.statusCode, params).toBe(200)
  return rowIds(res.body)
}
/** The series of the public product menu (the tree the site's menu is drawn from). */
const menuIds = async () => {
  const tree = JSON.parse((await get('/api/product/list')).body).data as { product_list: { id: number }[] }[]
  return tree.flatMap((f) => f.product_list.map((s) => s.id))
}
const versionOf = async (id: number) =>
  (await db().select({ v: products.version }).from(products).where(eq(products.id, id)))[0]!.v
const publishedOf = async (id: number) =>
  (await db().select({ p: products.published }).from(products).where(eq(products.id, id)))[0]!.p
const audits = async (ids: number[], action: string) =>
  db()
    .select({ id: auditLog.record_id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.record_type, 'product'),
        eq(auditLog.action, action),
        inArray(
          auditLog.record_id,
          ids.map((i) => String(i)),
        ),
      ),
    )

describe('the list view', () => {
  it('keeps the tree as the default and shows the list with view=list, each row with its path, badge, address and edit link', async () => {
    const tree = await get('/admin/catalogue')
    expect(tree.statusCode).toBe(200)
    expect(tree.body).toContain('class="catalogue-tree"')
    const list = await get('/admin/catalogue?view=list&q=integral')
    expect(list.statusCode).toBe(200)
    const body = text(list.body)
    expect(body).not.toContain('class="catalogue-tree"')
    expect(body).toContain('전동 액추에이터 › TM › INTEGRAL')
    expect(body).toContain('href="/product/electric-actuator/tm/integral"')
    expect(body).toContain('href="/admin/catalogue/4"')
    expect(body).toContain('status-badge--live')
    expect(body).toContain('1건')
    const en = text((await get('/admin/catalogue?view=list&q=integral&lang=en')).body)
    expect(en).toContain('Electric actuator › TM › INTEGRAL')
    expect(en).toContain('Found: 1')
    expect(en).toContain('>Live<')
  })

  it('searches the Korean name, the English name and the slug', async () => {
    expect(await listIds('q=액추에이터')).toEqual([1])
    expect(await listIds('q=hoist')).toEqual([11])
    // Only the slug is written with a hyphen ('Electric actuator' is the English name).
    expect(await listIds('q=electric-actuator')).toEqual([1])
    expect((await listIds('q=시험 품목')).length).toBe(10)
    expect(await listIds('q=trial 10')).toEqual([(await listIds('q=시험 품목 10'))[0]!])
  })

  it('filters by level and by status, the SQL agreeing with the one status function for every node', async () => {
    expect((await listIds('level=family')).sort((a, b) => a - b)).toEqual(
      (await db().select({ id: products.id }).from(products).where(eq(products.depth, 1)))
        .map((r) => r.id)
        .sort((a, b) => a - b),
    )
    const nodes = await productNodes(db())
    const visible = visibleIds(nodes)
    const parentsShown = (id: number) => {
      const node = nodes.find((n) => n.id === id)!
      const parent = nodes.find((n) => n.id === node.parent_id)
      return parent ? visible.has(parent.id) : true
    }
    for (const status of CATALOGUE_LIST_SPEC.statuses) {
      const query = { ...parseListQuery(CATALOGUE_LIST_SPEC, new URLSearchParams()).query, status }
      const page = await t.runtime.services.catalogueEditor.list(query, 'ko', 1000)
      const expected = nodes
        .filter(
          (n) => catalogueNodeStatus({ published: n.published, parentsShown: parentsShown(n.id) }).status === status,
        )
        .map((n) => n.id)
        .sort((a, b) => a - b)
      expect(expected.length, status).toBeGreaterThan(0)
      expect(
        page.rows.map((r) => r.id).sort((a, b) => a - b),
        status,
      ).toEqual(expected)
    }
    const byParent = text((await get('/admin/catalogue?view=list&status=hidden-by-parent')).body)
    expect(byParent).toContain('밸브 › 볼 밸브')
    expect(byParent).toContain('상위 항목과 함께 숨김')
    expect(await listIds('status=hidden&level=series')).not.toContain(6)
    expect((await listIds('status=hidden&level=item')).length).toBe(10)
  })

  it('sorts by level (the default), name and last change, in both directions', async () => {
    const idOf = async (title: string) =>
      (await db().select({ id: products.id }).from(products).where(eq(products.title, title)))[0]!.id
    const valves = await idOf('밸브')
    const ball = await idOf('볼 밸브')
    // Families first, each level by name (밸브, 수문 권양기, 전동 액추에이터).
    expect((await listIds('')).slice(0, 3)).toEqual([valves, 11, 1])
    const deepest = (await listIds('sort=level&dir=desc'))[0]!
    expect((await db().select({ d: products.depth }).from(products).where(eq(products.id, deepest)))[0]!.d).toBe(3)
    // By the English name in the English console, ties by id.
    const byName = [ball, 9, 2, 12, 7, 6, 13, 10]
    expect(await listIds('level=series&sort=name&dir=asc&lang=en')).toEqual(byName)
    expect(await listIds('level=series&sort=name&dir=desc&lang=en')).toEqual([...byName].reverse())
    // The last change newest first: the series shown last in the setup.
    expect((await listIds('sort=updated&dir=desc'))[0]).toBe(ball)
    expect((await listIds('sort=updated&dir=asc'))[0]).not.toBe(ball)
    const sorted = (await get('/admin/catalogue?view=list&sort=name&dir=asc')).body
    const header = /<th scope="col" aria-sort="ascending"><a[^>]*href="([^"]*)"/.exec(sorted)?.[1]
    expect(header).toBe('/admin/catalogue?view=list&amp;sort=name&amp;dir=desc')
  })

  it('reads pages in SQL: 20 rows, then the rest, the view kept in the page links', async () => {
    const total = (await db().select({ id: products.id }).from(products)).length
    expect(total).toBeGreaterThan(20)
    const one = await get('/admin/catalogue?view=list')
    expect(rowIds(one.body)).toHaveLength(20)
    expect(text(one.body)).toContain(`${total}건`)
    expect(one.body).toMatch(/href="\/admin\/catalogue\?view=list&amp;page=2"/)
    const two = await listIds('page=2')
    expect(two).toHaveLength(total - 20)
    expect(two.filter((id) => rowIds(one.body).includes(id))).toEqual([])
  })

  it('answers a bad field with a 400 in the console language naming it, the list still shown', async () => {
    const ko = await get('/admin/catalogue?view=list&status=published&level=planet')
    expect(ko.statusCode).toBe(400)
    expect(text(ko.body)).toContain('이 목록에 없는 선택입니다.')
    expect(ko.body).toContain('<code>status</code>')
    expect(ko.body).toContain('<code>level</code>')
    expect(rowIds(ko.body)).toHaveLength(20)
    const en = await get('/admin/catalogue?view=list&sort=colour&lang=en')
    expect(en.statusCode).toBe(400)
    expect(text(en.body)).toContain('This list does not offer that choice.')
    const view = await get('/admin/catalogue?view=grid')
    expect(view.statusCode).toBe(400)
    expect(view.body).toContain('class="catalogue-tree"')
    expect((await get('/admin/catalogue?view=list&page=x')).statusCode).toBe(400)
  })
})

describe('bulk show and hide', () => {
  it('shows viewers the list without bulk controls and refuses their bulk posts', async () => {
    const page = await get('/admin/catalogue?view=list', viewer.cookie)
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('name="intent" value="bulk"')
    expect(rowIds(page.body)).toEqual([])
    expect(page.body).toContain('전동 액추에이터')
    const res = await post(
      '/admin/catalogue?view=list',
      { intent: 'bulk', action: 'hide', item_6: String(await versionOf(6)), confirm: 'yes' },
      viewer.cookie,
    )
    expect(res.statusCode).toBe(403)
    expect(await publishedOf(6)).toBe(true)
  })

  it('hides two nodes after one confirmation, one audit entry each, and the public pages follow; then shows them again', async () => {
    const items = { item_4: String(await versionOf(4)), item_6: String(await versionOf(6)) }
    expect((await get('/product/electric-actuator/tm/integral')).statusCode).toBe(200)
    expect(await menuIds()).toContain(6)

    const ask = await post('/admin/catalogue?view=list', { intent: 'bulk', action: 'hide', ...items })
    expect(ask.statusCode).toBe(200)
    expect(text(ask.body)).toContain('2개 항목을 사이트에서 숨길까요?')
    expect(text(ask.body)).toContain('전동 액추에이터 › TM › INTEGRAL')
    expect(ask.body).toContain('name="confirm" value="yes"')
    expect(await publishedOf(4)).toBe(true)
    expect(await audits([4, 6], 'catalogue.hide')).toHaveLength(0)

    const done = await post('/admin/catalogue?view=list', { intent: 'bulk', action: 'hide', confirm: 'yes', ...items })
    expect(done.statusCode).toBe(200)
    expect(text(done.body)).toContain('2개 항목을 사이트에서 숨겼습니다.')
    expect(await publishedOf(4)).toBe(false)
    expect(await publishedOf(6)).toBe(false)
    expect((await audits([4, 6], 'catalogue.hide')).map((a) => a.id).sort()).toEqual(['4', '6'])
    expect((await get('/product/electric-actuator/tm/integral')).statusCode).toBe(404)
    expect((await get('/product/electric-actuator/tx')).statusCode).toBe(404)
    expect(await menuIds()).not.toContain(6)
    const hidden = text((await get('/admin/catalogue?view=list&status=hidden&level=series')).body)
    expect(hidden).toContain('전동 액추에이터 › TX')
    // The trial items under TX are hidden themselves (own state first).
    expect(await listIds('status=hidden-by-parent&q=시험')).toEqual([])

    const again = { item_4: String(await versionOf(4)), item_6: String(await versionOf(6)) }
    const shown = await post('/admin/catalogue?view=list&lang=en', {
      intent: 'bulk',
      action: 'show',
      confirm: 'yes',
      ...again,
    })
    expect(shown.statusCode).toBe(200)
    expect(text(shown.body)).toContain('Shown on the site: 2.')
    expect((await audits([4, 6], 'catalogue.show')).map((a) => a.id).sort()).toEqual(['4', '6'])
    expect((await get('/product/electric-actuator/tm/integral')).statusCode).toBe(200)
    expect(await menuIds()).toContain(6)
  })

  it('leaves a node saved since the list was loaded alone, naming it and who saved it (409), while the others commit', async () => {
    const stale = await versionOf(9)
    const fresh = await versionOf(10)
    const changed = await t.runtime.services.catalogueEditor.rename(
      { userId: other.userId, ip: '127.0.0.1' },
      9,
      stale,
      { title: 'LTMD-O', title_en: 'LTMD-O' },
    )
    expect(changed.ok).toBe(true)
    const res = await post('/admin/catalogue?view=list', {
      intent: 'bulk',
      action: 'hide',
      confirm: 'yes',
      item_9: String(stale),
      item_10: String(fresh),
    })
    expect(res.statusCode).toBe(409)
    const body = text(res.body)
    expect(body).toContain('1개 항목을 사이트에서 숨겼습니다.')
    expect(body).toContain('1개 항목은 바뀌지 않았습니다.')
    expect(body).toContain('전동 액추에이터 › LTMD-O')
    expect(body).toContain('나중저장')
    expect(await publishedOf(9)).toBe(true)
    expect(await publishedOf(10)).toBe(false)
    expect(await audits([9], 'catalogue.hide')).toHaveLength(0)
    expect(await audits([10], 'catalogue.hide')).toHaveLength(1)
  })
})
