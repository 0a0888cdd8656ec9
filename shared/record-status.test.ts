import { describe, expect, it } from 'vitest'
import { translate } from './i18n/messages.ts'
import { languageStatus, publishedStatus, statusBadge, statusMatches, type LanguageStatus } from './record-status.ts'

const text = (lang: 'ko' | 'en', status: LanguageStatus) =>
  statusBadge(status)
    .labels.map((key) => translate(lang, key))
    .join(' · ')

describe('the one status of a record in a language (every console list, filter and badge)', () => {
  it('tells Draft (not public) from Hidden (public, not in this language)', () => {
    expect(languageStatus({ published: false, state: 'off' })).toEqual({ status: 'draft', changed: false })
    expect(languageStatus({ published: true, state: 'off' })).toEqual({ status: 'hidden', changed: false })
    expect(languageStatus({ published: true, state: 'live', hidden: true }).status).toBe('hidden')
    expect(text('ko', languageStatus({ published: false, state: 'off' }))).toBe('초안')
    expect(text('en', languageStatus({ published: true, state: 'off' }))).toBe('Hidden')
  })

  it('marks a popup Scheduled, Live or Expired by its window, never Live when it is not shown', () => {
    expect(text('ko', languageStatus({ published: true, state: 'live', window: 'scheduled' }))).toBe('예약됨')
    expect(text('en', languageStatus({ published: true, state: 'live', window: 'ended' }))).toBe('Expired')
    expect(text('en', languageStatus({ published: true, state: 'live', window: 'current' }))).toBe('Live')
    expect(statusBadge(languageStatus({ published: true, state: 'live', window: 'ended' })).className).toBe('expired')
    // A window never makes an unpublished popup anything but a draft.
    expect(languageStatus({ published: false, state: 'off', window: 'current' }).status).toBe('draft')
  })

  it('says "changed since published" after the public state', () => {
    const changed = languageStatus({ published: true, state: 'pending', window: 'ended' })
    expect(text('en', changed)).toBe('Expired · Changed since published')
    expect(text('ko', languageStatus({ published: true, state: 'pending' }))).toBe('게시 중 · 게시 후 변경됨')
    expect(statusMatches(changed, 'changed')).toBe(true)
    expect(statusMatches(changed, 'expired')).toBe(true)
    expect(statusMatches(changed, 'live')).toBe(false)
  })

  it('gives a record published for both languages at once one status', () => {
    expect(publishedStatus(true)).toEqual({ status: 'live', changed: false })
    expect(publishedStatus(false)).toEqual({ status: 'draft', changed: false })
  })
})
