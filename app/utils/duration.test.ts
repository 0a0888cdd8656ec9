import { beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/i18n/en.json'
import ko from '#shared/i18n/ko.json'
import { provideMessages, translate, type MessageKey, type Messages, type MessageVars } from '#shared/i18n/messages.ts'
import { durationWords } from './duration.ts'

const t = (lang: 'ko' | 'en') => (key: MessageKey, vars?: MessageVars) => translate(lang, key, vars)
const MIN = 60_000

describe('durationWords', () => {
  beforeAll(() => {
    provideMessages('ko', ko as Messages)
    provideMessages('en', en as Messages)
  })

  it('writes hours and minutes, days and hours, in both languages, rounded down to the minute', () => {
    expect(durationWords(200 * MIN + 59_000, t('ko'))).toBe('3시간 20분')
    expect(durationWords(200 * MIN, t('en'))).toBe('3 h 20 min')
    expect(durationWords(45 * MIN, t('ko'))).toBe('45분')
    expect(durationWords(2 * 1440 * MIN + 4 * 60 * MIN + 30 * MIN, t('ko'))).toBe('2일 4시간')
    expect(durationWords(2 * 1440 * MIN + 4 * 60 * MIN, t('en'))).toBe('2 d 4 h')
    expect(durationWords(1440 * MIN, t('en'))).toBe('1 d')
    expect(durationWords(59_000, t('ko'))).toBe('1분 미만')
    expect(durationWords(-5000, t('en'))).toBe('under 1 min')
  })
})
