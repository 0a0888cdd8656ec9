import { describe, expect, it } from 'vitest'
import { translate } from '#shared/i18n/messages.ts'
import { languageBadge } from './language-badge.ts'

const text = (lang: 'ko' | 'en', badge: ReturnType<typeof languageBadge>) =>
  badge.labels.map((key) => translate(lang, key)).join(' · ')

describe('the console list badge of one language of a record', () => {
  it('marks a popup Scheduled, Live or Expired by its window, never "published" when it is not shown', () => {
    expect(text('ko', languageBadge('live', 'scheduled'))).toBe('예약됨')
    expect(text('en', languageBadge('live', 'scheduled'))).toBe('Scheduled')
    expect(text('ko', languageBadge('live', 'ended'))).toBe('종료됨')
    expect(text('en', languageBadge('live', 'ended'))).toBe('Expired')
    expect(text('ko', languageBadge('live', 'current'))).toBe('게시 중')
    expect(text('en', languageBadge('live', 'current'))).toBe('Live')
    expect(languageBadge('live', 'scheduled').className).toBe('scheduled')
    expect(languageBadge('live', 'ended').className).toBe('expired')
  })

  it('keeps Hidden and the pending changes as before, the window first when it is not current', () => {
    expect(text('ko', languageBadge('off', 'scheduled'))).toBe('게시 안 함')
    expect(text('en', languageBadge('off', 'ended'))).toBe('Unpublished')
    expect(text('en', languageBadge('pending', 'current'))).toBe('Unpublished changes')
    expect(text('en', languageBadge('pending', 'ended'))).toBe('Expired · Unpublished changes')
    expect(text('ko', languageBadge('pending', 'scheduled'))).toBe('예약됨 · 게시 전 변경 있음')
  })

  it('leaves kinds without a window as they were', () => {
    expect(text('ko', languageBadge('live', null))).toBe('게시 중')
    expect(text('en', languageBadge('live', null))).toBe('Published')
    expect(text('en', languageBadge('pending', null))).toBe('Unpublished changes')
    expect(languageBadge('live', null).className).toBe('live')
  })
})
