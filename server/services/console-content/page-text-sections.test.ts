import { describe, expect, it } from 'vitest'
import { translate } from '#shared/i18n/messages.ts'
import { anchorsOf, RECRUITMENT_ANCHORS } from '#shared/page-anchors.ts'
import { OTHER_SECTION, placeTexts, TEXT_SECTIONS } from '#shared/page-text-sections.ts'
import { TEXT_PAGES, type TextPage } from '#shared/page-texts.ts'
import { CATALOGUE_TEXTS } from './page-text-catalogue.ts'

const PAGES = Object.keys(TEXT_PAGES) as TextPage[]
const placed = (page: TextPage) =>
  placeTexts(
    page,
    TEXT_PAGES[page].prefix,
    CATALOGUE_TEXTS[page].map((t) => t.key),
  )

describe("the copy pages' sections and labels (docs/decisions/055-page-copy-editor.md)", () => {
  it.each(PAGES)('%s: every catalogue key has a section and a label; every rule places a text', (page) => {
    const sections = placed(page)
    expect(sections.find((s) => s.id === OTHER_SECTION)?.texts.map((t) => t.key) ?? []).toEqual([])
    expect(sections.flatMap((s) => s.texts).length).toBe(CATALOGUE_TEXTS[page].length)
    for (const section of TEXT_SECTIONS[page])
      for (const rule of section.rules) {
        const texts = sections.find((s) => s.id === section.id)!.texts
        expect(
          texts.some((t) => t.label === rule.label),
          `${page}: ${rule.path}`,
        ).toBe(true)
      }
  })

  it.each(PAGES)('%s: labels are distinct within a section in both languages, with their item numbers', (page) => {
    for (const section of placed(page))
      for (const lang of ['ko', 'en'] as const) {
        const labels = section.texts.map((t) => translate(lang, t.label, t.vars))
        expect(new Set(labels).size, `${page}/${section.id}/${lang}`).toBe(labels.length)
        for (const label of labels) expect(label).not.toMatch(/[{}]|^console\./)
      }
  })

  it('sections follow the public pages: their anchors in the order the pages show them', () => {
    expect(placed('esg').map((s) => s.anchor)).toEqual(anchorsOf('management'))
    expect(placed('recruitment').map((s) => s.anchor)).toEqual([
      null,
      null,
      'recruitment-procedure',
      ...RECRUITMENT_ANCHORS,
    ])
  })

  it('numbers repeated items from 1, whatever the key counts from', () => {
    const ko = (page: TextPage, key: string) => {
      const text = placed(page)
        .flatMap((s) => s.texts)
        .find((t) => t.key === key)!
      return [translate('ko', text.label, text.vars), translate('en', text.label, text.vars), text.kind]
    }
    expect(ko('recruitment', 'recruitment.procedure.steps.2.title')).toEqual(['단계 3 제목', 'Step 3: title', 'line'])
    expect(ko('recruitment', 'recruitment.jobs.items.0.tags.3')).toEqual(['직무 1 태그 4', 'Job 1: tag 4', 'line'])
    expect(ko('esg', 'esg.importance.1.body')).toEqual(['이유 1 설명', 'Reason 1: text', 'text'])
  })

  it('a key without a rule still shows, under other texts, by its key', () => {
    const sections = placeTexts('esg', 'esg.', ['esg.lead', 'esg.new.thing'])
    expect(sections.at(-1)).toMatchObject({
      id: OTHER_SECTION,
      texts: [{ key: 'esg.new.thing', label: 'console.pageCopy.label.other' }],
    })
  })
})
