import { describe, expect, it } from 'vitest'
import { translate } from '#shared/i18n/messages.ts'
import { auditSentence, verbOf } from './audit-sentence.server.ts'

/** The sentence as the console shows it in `lang`. */
const said = (
  lang: 'ko' | 'en',
  entry: { action: string; recordType: string; recordId?: string | null; before?: unknown; after?: unknown },
  who: string | null = '김편집',
) => {
  const { key, vars } = auditSentence({ recordId: null, before: null, after: null, ...entry }, who, lang, (k) =>
    translate(lang, k),
  )
  return translate(lang, key, vars)
}

describe('audit entries in sentences', () => {
  it('says who published which record, with its kind and name, in Korean with the right particles and in English', () => {
    const entry = { action: 'content.publish', recordType: 'popups', recordId: '3', after: { title: '여름 휴가 안내' } }
    expect(said('ko', entry)).toBe('김편집 님이 팝업 ‘여름 휴가 안내’를 게시했습니다')
    expect(said('en', entry, 'Kim Editor')).toBe('Kim Editor published popup ‘여름 휴가 안내’')
  })

  it('names the language of a per-language publication', () => {
    const entry = { action: 'content.publish-en', recordType: 'popups', after: { title: 'ESG 중요성' } }
    expect(said('ko', entry)).toBe('김편집 님이 팝업 ‘ESG 중요성’의 영어 글을 게시했습니다')
    expect(said('en', entry, 'Kim')).toBe('Kim published the English text of popup ‘ESG 중요성’')
  })

  it('a deleted record is named as it was; a record without a name by its number; the system without 님', () => {
    expect(said('ko', { action: 'content.delete', recordType: 'popups', before: { title: '공지' } })).toBe(
      '김편집 님이 팝업 ‘공지’를 삭제했습니다',
    )
    expect(said('en', { action: 'catalogue.image-reorder', recordType: 'product', recordId: '12' }, 'Lee')).toBe(
      'Lee moved or reordered product #12',
    )
    expect(
      said('ko', { action: 'import', recordType: 'import', after: { kind: 'reference', file: 'rows.csv' } }, null),
    ).toBe('시스템이 파일 ‘rows.csv’를 가져왔습니다')
  })

  it('reads every action of the trail by its last part; an unknown one is a change', () => {
    expect(verbOf('terms.draft.save').verb).toBe('saved')
    expect(verbOf('content.unpublish-ko')).toEqual({ verb: 'unpublishedLang', lang: 'ko' })
    expect(verbOf('auth.sign-in-failed').verb).toBe('failed')
    expect(verbOf('auth.sign-in').verb).toBe('signedIn')
    expect(verbOf('document.revise').verb).toBe('revised')
    expect(verbOf('something.new').verb).toBe('changed')
  })
})

describe('every kind of record has a name in both languages', () => {
  it('each content kind', async () => {
    const { CONTENT_KINDS } = await import('#shared/content-kinds.ts')
    for (const { kind } of CONTENT_KINDS)
      for (const lang of ['ko', 'en'] as const) {
        const { vars } = auditSentence(
          { action: 'content.save', recordType: kind, recordId: '1', before: null, after: null },
          'x',
          lang,
          (k) => translate(lang, k),
        )
        expect(String(vars.record), `${kind} in ${lang}`).not.toContain('console.')
      }
  })
})
