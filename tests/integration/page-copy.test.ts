import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'

/**
 * The page-copy editor (docs/decisions/055-page-copy-editor.md): locking per text. Two editors
 * changing different texts both save, whatever stale texts their forms still hold; the same text
 * (key and language) changed on both sides is refused with only that text compared, nothing lost;
 * publishing publishes what the editor saw. The page shows labels, sections, the right inputs.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let first: EnrolledStaff
let second: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  first = await enrolStaff(t.runtime.services, { username: 'copy.first@example.com', name: '문구하나', role: 'editor' })
  second = await enrolStaff(t.runtime.services, { username: 'copy.second@example.com', name: '문구둘', role: 'editor' })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const post = (url: string, values: Record<string, string>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })

/** The whole form as an editor's browser would post it: every text as loaded, then the editor's changes. */
async function formOf(page: 'esg' | 'recruitment') {
  const loaded = await t.runtime.services.pageTexts.load(page)
  const values: Record<string, string> = { lock: loaded.lock }
  for (const text of loaded.texts) {
    values[`${text.key}.ko`] = text.ko
    values[`${text.key}.en`] = text.en
  }
  return values
}
const shown = async (page: 'esg' | 'recruitment', key: string) =>
  (await t.runtime.services.pageTexts.load(page)).texts.find((text) => text.key === key)!

describe('page copy, locked per text', () => {
  it('two editors change different texts of one page: both are saved, nothing reverted', async () => {
    const a = await formOf('recruitment')
    const b = await formOf('recruitment')
    const saved = await post(
      '/admin/texts/recruitment',
      { ...a, intent: 'save', 'recruitment.procedure.steps.2.title.ko': '임원 면접(화상)' },
      first.cookie,
    )
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302)
    // The second form still holds the old step 3 title; it changes another text and the English of the same key.
    const merged = await post(
      '/admin/texts/recruitment',
      {
        ...b,
        intent: 'save',
        'recruitment.benefits.items.0.text.ko': '4대 보험과 단체 상해보험',
        'recruitment.procedure.steps.2.title.en': 'Executive interview (video)',
      },
      second.cookie,
    )
    expect(merged.statusCode, merged.body.slice(0, 300)).toBe(302)
    expect(merged.headers.location).toBe('/admin/texts/recruitment?done=draft&count=2')
    expect(await shown('recruitment', 'recruitment.procedure.steps.2.title')).toMatchObject({
      ko: '임원 면접(화상)',
      en: 'Executive interview (video)',
      hasDraft: true,
    })
    expect((await shown('recruitment', 'recruitment.benefits.items.0.text')).ko).toBe('4대 보험과 단체 상해보험')
  })

  it('the same text changed on both sides is refused: only it is compared, the typing kept, nothing saved', async () => {
    const a = await formOf('esg')
    const b = await formOf('esg')
    expect(
      (await post('/admin/texts/esg', { ...a, intent: 'save', 'esg.e.title.ko': '환경 경영' }, first.cookie))
        .statusCode,
    ).toBe(302)
    const refused = await post(
      '/admin/texts/esg',
      { ...b, intent: 'save', 'esg.e.title.ko': '친환경', 'esg.s.body.ko': '안전보건을 먼저 생각합니다.' },
      second.cookie,
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('문구하나님이')
    // The comparison names the text by its label and lists it alone.
    expect(refused.body).toContain('ESG 경영 · 환경(E) 제목 (한국어)')
    expect(refused.body.match(/conflict-choices__field/g)).toHaveLength(1)
    expect(refused.body).toMatch(/name="esg.e.title.ko"[^>]*value="친환경"/)
    expect(refused.body).toContain('안전보건을 먼저 생각합니다.')
    expect((await shown('esg', 'esg.s.body')).ko).not.toBe('안전보건을 먼저 생각합니다.')
    expect((await shown('esg', 'esg.e.title')).ko).toBe('환경 경영')

    // Saving again with the answered lock saves the editor's choice knowingly, and the other text.
    const lock = /name="lock" value="([^"]*)"/.exec(refused.body)![1]!.replace(/&quot;/g, '"')
    const again = await post(
      '/admin/texts/esg',
      { ...b, lock, intent: 'save', 'esg.e.title.ko': '친환경', 'esg.s.body.ko': '안전보건을 먼저 생각합니다.' },
      second.cookie,
    )
    expect(again.statusCode, again.body.slice(0, 300)).toBe(302)
    expect(await shown('esg', 'esg.e.title')).toMatchObject({ ko: '친환경' })
    expect((await shown('esg', 'esg.s.body')).ko).toBe('안전보건을 먼저 생각합니다.')
  })

  it("publishing publishes what the editor saw: another editor's newer draft stays a draft", async () => {
    const a = await formOf('esg')
    const b = await formOf('esg')
    await post('/admin/texts/esg', { ...b, intent: 'save', 'esg.g.title.ko': '투명한 지배구조' }, second.cookie)
    const published = await post('/admin/texts/esg', { ...a, intent: 'publish' }, first.cookie)
    expect(published.statusCode).toBe(302)
    const page = (await t.app.inject({ url: '/company/introduction/management' })).body
    expect(page).toContain('친환경')
    expect(page).not.toContain('투명한 지배구조')
    expect(await shown('esg', 'esg.g.title')).toMatchObject({ ko: '투명한 지배구조', hasDraft: true })
  })

  it('saves of one key in two languages at the same moment both land', async () => {
    const texts = t.runtime.services.pageTexts
    const lock = texts.parseLock((await texts.load('esg')).lock)!
    const actor = (who: EnrolledStaff) => ({ userId: who.userId, ip: '127.0.0.1' })
    const results = await Promise.all([
      texts.save(actor(first), 'esg', lock, { 'esg.importance.2.title.ko': '지속 성장' }, false),
      texts.save(actor(second), 'esg', lock, { 'esg.importance.2.title.en': 'Lasting growth' }, false),
    ])
    expect(results.map((r) => r.ok)).toEqual([true, true])
    expect(await shown('esg', 'esg.importance.2.title')).toMatchObject({ ko: '지속 성장', en: 'Lasting growth' })
  })

  it('the editor: sections in page order, human labels, a line for titles, the filter without JavaScript', async () => {
    const page = await t.app.inject({ url: '/admin/texts/recruitment?q=면접', headers: { cookie: first.cookie } })
    const html = page.body
    const order = [
      '페이지 제목과 설명',
      '메뉴',
      '채용 절차',
      '인재상',
      '직무 소개',
      '평가 제도',
      '보상 제도',
      '복리후생',
    ]
    const at = order.map((title) => html.indexOf(`<span class="page-copy__title">${title}</span>`))
    expect(at.every((i) => i > 0)).toBe(true)
    expect([...at].sort((x, y) => x - y)).toEqual(at)
    expect(html).toContain('단계 3 제목')
    expect(html).toContain('href="/recruitment?preview=all#recruitment_step_02"')
    expect(html).toMatch(/<input[^>]*name="recruitment.procedure.steps.2.title.ko"/)
    expect(html).toMatch(/<textarea[^>]*name="recruitment.procedure.steps.2.text.ko"/)
    // `?q=면접`: the interview steps stay in view; the benefits section is hidden, still in the form.
    expect(html).toMatch(
      /<details class="page-copy__section" open="" hidden="">\s*<summary><span class="page-copy__title">복리후생/,
    )
    expect(html).toContain('name="recruitment.benefits.items.0.title.ko"')
    const en = await t.app.inject({ url: '/admin/texts/esg?lang=en', headers: { cookie: first.cookie } })
    expect(en.body).toContain('Reason 2: title')
    expect(en.body).toContain('aria-label="ESG Management · Environment (E): title (English)"')
  })

  it('refuses a title with a line break and a form without its lock, in the editor language', async () => {
    const form = await formOf('esg')
    const broken = await post(
      '/admin/texts/esg?lang=en',
      { ...form, intent: 'save', 'esg.s.title.en': 'So\ncial' },
      first.cookie,
    )
    expect(broken.statusCode).toBe(400)
    expect(broken.body).toContain('Enter this on one line, without line breaks.')
    const unlocked = await post('/admin/texts/esg', { ...form, lock: '{"x":1}', intent: 'save' }, first.cookie)
    expect(unlocked.statusCode).toBe(400)
    expect(unlocked.body).toContain('요청 값이 올바르지 않습니다.')
  })
})
