import { count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, files, productBanners } from '#server/db/schema.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'

/**
 * Link fields through the console's real save (production build, `app.inject`): a product banner's
 * link of `javascript:` and its disguises is refused with the field message in the editor's
 * language and nothing is stored; a site address is saved (docs/decisions/040-safe-link-schemes.md).
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'links.editor@example.com',
    name: '한링크',
    role: 'editor',
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const post = (url: string, values: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: editor.cookie },
  })

async function bannerForm(url: string) {
  const [image] = await t.runtime.database.db
    .select({ key: files.file_name })
    .from(files)
    .where(like(files.content_type, 'image/%'))
    .limit(1)
  return {
    intent: 'save-publish',
    title: '링크 시험',
    title_en: 'Link test',
    introduce: '소개',
    introduce_en: 'Intro',
    image: image!.key,
    url,
    sort_order: '0',
  }
}

const stored = async () => {
  const db = t.runtime.database.db
  const [banners] = await db.select({ n: count() }).from(productBanners)
  const [audits] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.record_type, 'product-banners'))
  return { banners: banners!.n, audits: audits!.n }
}

const KO = 'http://, https://, mailto:, tel:로 시작하는 주소나 /로 시작하는 사이트 안의 주소를 입력해 주세요.'
const EN =
  'Enter an address starting with http://, https://, mailto: or tel:, or an address on this site starting with /.'

describe("a product banner's link", () => {
  it('javascript:alert(1) answers 400 with the field message in Korean and in English, and stores nothing', async () => {
    const before = await stored()
    const ko = await post('/admin/content/product-banners/new', await bannerForm('javascript:alert(1)'))
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toContain(KO)
    const en = await post('/admin/content/product-banners/new?lang=en', await bannerForm('javascript:alert(1)'))
    expect(en.statusCode).toBe(400)
    expect(en.body).toContain(EN)
    expect(await stored()).toEqual(before)
  })

  it('refuses the disguised forms too', async () => {
    const before = await stored()
    for (const url of [
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '&#106;avascript:alert(1)',
      '//evil.com',
    ]) {
      const res = await post('/admin/content/product-banners/new', await bannerForm(url))
      expect(res.statusCode, JSON.stringify(url)).toBe(400)
      expect(res.body).toContain(KO)
    }
    // A NUL no keyboard types is refused before any form reads it: the bilingual bad-request page.
    const nul = await post('/admin/content/product-banners/new', await bannerForm('java\u0000script:alert(1)'))
    expect(nul.statusCode).toBe(400)
    expect(nul.body).toContain('잘못된 요청입니다')
    expect(await stored()).toEqual(before)
  })

  it('a site address is saved', async () => {
    const res = await post('/admin/content/product-banners/new', await bannerForm('/product/electric-actuator/tm'))
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302)
  })
})
