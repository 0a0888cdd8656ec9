import { describe, expect, it, vi } from 'vitest'
import en from './en.json'
import ko from './ko.json'
import { translate, type Messages } from './messages.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('message catalogues', () => {
  it('ko.json and en.json have the same key set', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort())
  })

  it('no value is empty', () => {
    for (const [lang, catalogue] of Object.entries({ ko, en })) {
      for (const [key, value] of Object.entries(catalogue)) {
        expect(typeof value, `${lang} ${key}`).toBe('string')
        expect((value as string).trim(), `${lang} ${key}`).not.toBe('')
      }
    }
  })

  it('both languages use the same placeholders for each key', () => {
    for (const key of Object.keys(ko) as (keyof typeof ko)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(ko[key]))
    }
  })
})

describe('translate', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(translate('en', 'pagination.page', { page: 3 })).toBe('Page 3')
    expect(translate('ko', 'pagination.page', { page: 3 })).toBe('3 페이지')
    expect(translate('en', 'download.button', { code: 'ENG' })).toBe('ENG — {label} ({kind}) download')
  })
})

describe('provideMessages', () => {
  it("leaves the server its whole catalogues: a page's smaller one changes nothing there", async () => {
    await import('./catalogs.server.ts')
    const { provideMessages } = await import('./messages.ts')
    provideMessages('en', { 'error.goHome': 'Elsewhere' } as Messages)
    expect(translate('en', 'error.goHome')).toBe(en['error.goHome'])
  })

  it("gives the browser (no catalogue of its own) the page language's catalogue", async () => {
    vi.resetModules()
    const browser = await import('./messages.ts')
    expect(browser.translate('en', 'pagination.page', { page: 2 })).toBe('pagination.page')
    browser.provideMessages('en', en)
    expect(browser.translate('en', 'pagination.page', { page: 2 })).toBe('Page 2')
    expect(browser.translate('ko', 'pagination.page', { page: 2 })).toBe('pagination.page')
  })
})
