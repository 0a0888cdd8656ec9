import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toFormValues } from '#server/services/console-content/values.ts'
import { CONTENT_KINDS, type ContentKindName } from '#shared/content-kinds.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { enrolStaff } from '#tests/helpers/staff.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'

/**
 * Per-language publishing of site content (docs/decisions/043-per-language-publishing.md) through
 * the content editor and the production pages: a language goes live or comes off on its own, a
 * page of a language leaves out a record not published in it, the bilingual public answers carry
 * no unpublished text, and the console lists missing and outdated translations.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let actor: { userId: number; ip: string }
let cookie: string

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  const staff = await enrolStaff(t.runtime.services, { username: 'languages.editor@example.com', role: 'editor' })
  actor = { userId: staff.userId, ip: '127.0.0.1' }
  cookie = staff.cookie
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const popup = (title: string, titleEn: string) => ({
  title,
  title_en: titleEn,
  image: '',
  description: `<p>${title} 본문</p>`,
  description_en: titleEn ? `<p>${titleEn} body</p>` : '',
  starts_at: koreaLocal(-60),
  ends_at: koreaLocal(60 * 24 * 10),
  sort_order: '0',
})

const page = async (path: string, lang: 'ko' | 'en') => {
  const res = await t.app.inject({ url: `${path}${path.includes('?') ? '&' : '?'}lang=${lang}` })
  expect(res.statusCode).toBe(200)
  return res.body
}

describe('one language at a time', () => {
  it('publishes and unpublishes each language on its own, and the public reads follow', async () => {
    const editor = t.runtime.services.contentEditor
    const content = t.runtime.services.content
    const created = await editor.create(actor, 'popups', popup('한국어만 팝업', '영어 번역 중'), false)
    if (!created.ok) throw new Error('create failed')

    // Korean goes live; English stays off: its pages leave the record out, the API carries no English text.
    const ko = await editor.save(
      actor,
      'popups',
      created.id,
      created.version,
      popup('한국어만 팝업', '영어 번역 중'),
      'ko',
    )
    if (!ko.ok) throw new Error('publish ko failed')
    expect((await editor.get('popups', created.id))!.languages).toEqual({ ko: 'live', en: 'off' })
    expect((await content.popups({ lang: 'ko' })).map((p) => p.title)).toContain('한국어만 팝업')
    expect((await content.popups({ lang: 'en' })).map((p) => p.title)).not.toContain('한국어만 팝업')
    const api = (await content.popups()).find((p) => p.id === created.id)!
    expect(api).toMatchObject({ title: '한국어만 팝업', title_en: '', description_en: '' })
    // The form still shows the English text being translated.
    expect((await editor.get('popups', created.id))!.values.title_en).toBe('영어 번역 중')

    // English goes live too.
    const en = await editor.save(
      actor,
      'popups',
      created.id,
      ko.version,
      popup('한국어만 팝업', 'Both languages'),
      'en',
    )
    if (!en.ok) throw new Error('publish en failed')
    expect((await editor.get('popups', created.id))!.languages).toEqual({ ko: 'live', en: 'live' })
    expect((await content.popups({ lang: 'en' })).find((p) => p.id === created.id)?.title_en).toBe('Both languages')

    // Both languages edited, only Korean published: the English change waits as the draft.
    const both = await editor.save(
      actor,
      'popups',
      created.id,
      en.version,
      popup('고친 한국어', 'Edited English'),
      'ko',
    )
    if (!both.ok) throw new Error('publish ko failed')
    const state = (await editor.get('popups', created.id))!
    expect(state.languages).toEqual({ ko: 'live', en: 'pending' })
    expect(state.values).toMatchObject({ title: '고친 한국어', title_en: 'Edited English' })
    const shown = (await content.popups({ lang: 'en' })).find((p) => p.id === created.id)!
    expect(shown).toMatchObject({ title: '고친 한국어', title_en: 'Both languages' })

    // English comes off the site, then Korean: the record is unpublished.
    const offEn = await editor.unpublishLanguage(actor, 'popups', created.id, both.version, 'en')
    if (!offEn.ok) throw new Error('unpublish en failed')
    expect((await editor.get('popups', created.id))!.languages).toEqual({ ko: 'live', en: 'off' })
    expect((await content.popups({ lang: 'en' })).map((p) => p.id)).not.toContain(created.id)
    const offKo = await editor.unpublishLanguage(actor, 'popups', created.id, offEn.version, 'ko')
    if (!offKo.ok) throw new Error('unpublish ko failed')
    expect(await editor.get('popups', created.id)).toMatchObject({
      published: false,
      languages: { ko: 'off', en: 'off' },
    })
    expect((await content.popups({ lang: 'ko' })).map((p) => p.id)).not.toContain(created.id)
  })

  it('lists missing and outdated translations in the console', async () => {
    const editor = t.runtime.services.contentEditor
    const missing = await editor.create(actor, 'popups', popup('번역 없는 팝업', ''), false)
    const outdated = await editor.create(actor, 'popups', popup('원문 팝업', 'Source popup'), false)
    if (!missing.ok || !outdated.ok) throw new Error('create failed')
    const edited = await editor.save(
      actor,
      'popups',
      outdated.id,
      outdated.version,
      popup('고친 원문 팝업', 'Source popup'),
      false,
    )
    if (!edited.ok) throw new Error('save failed')

    const gaps = await editor.translations()
    expect(gaps.find((g) => g.state.id === missing.id && g.kind === 'popups')).toMatchObject({
      lang: 'en',
      why: 'missing',
      fields: ['title', 'description'],
    })
    expect(gaps.find((g) => g.state.id === outdated.id && g.kind === 'popups')).toMatchObject({
      lang: 'en',
      why: 'outdated',
    })
    // Filling in the English is not an edit of it that would make the Korean look behind.
    const filled = await editor.save(
      actor,
      'popups',
      missing.id,
      missing.version,
      popup('번역 없는 팝업', 'Now translated'),
      false,
    )
    if (!filled.ok) throw new Error('save failed')
    expect((await editor.translations()).some((g) => g.kind === 'popups' && g.state.id === missing.id)).toBe(false)
  })
})

const post = (url: string, values: Record<string, string>, lang: 'ko' | 'en' = 'ko') =>
  t.app.inject({
    method: 'POST',
    url: `${url}?lang=${lang}`,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  })
const consolePage = (url: string, lang: 'ko' | 'en' = 'ko') =>
  t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`, headers: { cookie } })
const versionIn = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!

describe('the content form, one language at a time', () => {
  it('publishes Korean alone, asks for the English to publish it, and shows the state of each language', async () => {
    const created = await post('/admin/content/popups/new', { ...popup('콘솔 한국어 팝업', ''), intent: 'save' })
    expect(created.statusCode).toBe(302)
    const address = String(created.headers.location).replace(/\?.*$/, '')

    // The English may wait: Korean goes live alone, and the form says so in either language.
    let form = await consolePage(address)
    const ko = await post(address, {
      ...popup('콘솔 한국어 팝업', ''),
      version: versionIn(form.body),
      intent: 'save-publish-ko',
    })
    expect(ko.headers.location).toContain('done=publish-ko')
    form = await consolePage(String(ko.headers.location))
    expect(form.body).toContain('한국어를 게시했습니다')
    expect(form.body).toContain('한국어: 게시 중')
    expect(form.body).toContain('영어: 숨김')
    expect((await consolePage(String(ko.headers.location), 'en')).body).toContain('English: Hidden')
    expect(await page('/', 'ko')).toContain('콘솔 한국어 팝업')

    // Publishing the English without it: refused on the field, in the editor's language, nothing lost.
    const refused = await post(
      address,
      { ...popup('콘솔 한국어 팝업', ''), version: versionIn(form.body), intent: 'save-publish-en' },
      'en',
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Fill this in to publish the English.')
    expect(refused.body).toContain('콘솔 한국어 팝업')

    // The translation view lists it, then the English goes live.
    const home = await consolePage('/admin/content', 'en')
    expect(home.body).toContain('Missing or outdated translations')
    expect(home.body).toMatch(/콘솔 한국어 팝업<\/a><\/td><td>English<\/td><td>Empty: Title, Body/)
    const en = await post(address, {
      ...popup('콘솔 한국어 팝업', 'Console popup in English'),
      version: versionIn(form.body),
      intent: 'save-publish-en',
    })
    expect(en.headers.location).toContain('done=publish-en')
    expect(await page('/', 'en')).toContain('Console popup in English')
    expect((await consolePage('/admin/content')).body).not.toMatch(/콘솔 한국어 팝업<\/a><\/td><td>영어/)
  })
})

/** The first bilingual text field of a kind: what its public page shows of a record. */
const shownField = (kind: (typeof CONTENT_KINDS)[number]) =>
  kind.fields.find((f) => 'bilingual' in f && f.bilingual && f.type === 'text')!.name

describe('what a visitor sees of a record not published in their language', () => {
  const kinds = CONTENT_KINDS.filter((k) => !('singleton' in k) && k.kind !== 'popups')
  it.each(kinds.map((k) => [k.kind, k] as const))('%s: only the language that is published', async (_, kind) => {
    const editor = t.runtime.services.contentEditor
    const name = kind.kind as ContentKindName
    const record = (await editor.list(name)).find((r) => r.published)
    if (!record) throw new Error(`no published ${name} in the demo content`)
    const field = shownField(kind)
    const form = {
      ...toFormValues(record.values),
      [field]: `한국어표시${name}`,
      [`${field}_en`]: `EnglishShown${name}`,
    }
    const both = await editor.save(actor, name, record.id, record.version, form, true)
    if (!both.ok) throw new Error(`publish ${name} failed: ${JSON.stringify(both)}`)
    expect(await page(kind.publicPath, 'ko')).toContain(`한국어표시${name}`)
    expect(await page(kind.publicPath, 'en')).toContain(`EnglishShown${name}`)

    // English off: the English page leaves the record out (no Korean in its place); Korean unchanged.
    const offEn = await editor.unpublishLanguage(actor, name, record.id, both.version, 'en')
    if (!offEn.ok) throw new Error('unpublish en failed')
    const en = await page(kind.publicPath, 'en')
    expect(en).not.toContain(`EnglishShown${name}`)
    expect(en).not.toContain(`한국어표시${name}`)
    expect(await page(kind.publicPath, 'ko')).toContain(`한국어표시${name}`)

    // English back, Korean off: the reverse.
    const onEn = await editor.save(actor, name, record.id, offEn.version, form, 'en')
    if (!onEn.ok) throw new Error('publish en failed')
    const offKo = await editor.unpublishLanguage(actor, name, record.id, onEn.version, 'ko')
    if (!offKo.ok) throw new Error('unpublish ko failed')
    const ko = await page(kind.publicPath, 'ko')
    expect(ko).not.toContain(`한국어표시${name}`)
    expect(ko).not.toContain(`EnglishShown${name}`)
    expect(await page(kind.publicPath, 'en')).toContain(`EnglishShown${name}`)
  })

  it('popups: only in the language that is published', async () => {
    const editor = t.runtime.services.contentEditor
    const created = await editor.create(actor, 'popups', popup('팝업한국어표시', 'PopupEnglishShown'), false)
    if (!created.ok) throw new Error('create failed')
    const ko = await editor.save(
      actor,
      'popups',
      created.id,
      created.version,
      popup('팝업한국어표시', 'PopupEnglishShown'),
      'ko',
    )
    if (!ko.ok) throw new Error('publish ko failed')
    expect(await page('/', 'ko')).toContain('팝업한국어표시')
    const en = await page('/', 'en')
    expect(en).not.toContain('PopupEnglishShown')
    expect(en).not.toContain('팝업한국어표시')
  })
})
