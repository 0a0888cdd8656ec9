import type { Lang } from '#shared/locales.ts'
import { particleAfter, type ParticleMarker } from './particles.ts'
import type ko from './ko.json'

export type MessageKey = keyof typeof ko
export type MessageVars = Record<string, string | number>
export type Messages = Record<MessageKey, string>

/**
 * The message catalogues known to this runtime. On the server `catalogs.server.ts` provides
 * both; the browser fetches the page language's only, before it hydrates (app/utils/page-messages.ts),
 * so the catalogues never travel in the JavaScript bundle.
 */
const catalogs: Partial<Record<Lang, Messages>> = {}

/** Used when the root data could not load (its error page), so that page is never blank. */
const fallback: Record<Lang, Partial<Messages>> = {
  ko: {
    'error.generic.title': '일시적인 오류가 발생했습니다',
    'error.generic.body': '잠시 후 다시 시도해 주세요.',
    'error.goHome': '홈으로',
  },
  en: {
    'error.generic.title': 'Something went wrong',
    'error.generic.body': 'Please try again in a moment.',
    'error.goHome': 'Go to home',
  },
}

/** Languages whose whole catalogue is loaded (the server's): a page's smaller one never replaces it. */
const complete = new Set<Lang>()

/**
 * Makes a catalogue known: the server's whole one (`complete`), or the one a page's browser fetches
 * (without the console's namespaces on public pages, see `catalogs.server.ts`), which on the server
 * changes nothing.
 */
export function provideMessages(lang: Lang, messages: Messages, options: { complete?: boolean } = {}): void {
  if (options.complete) complete.add(lang)
  else if (complete.has(lang)) return
  catalogs[lang] = messages
}

/** `{name}`, then a closing quote or bracket, then a Korean particle marker such as `을(를)` (particles.ts). */
const PLACEHOLDER = /\{(\w+)\}(['"’”」』)]?)(을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)?/g

/** `{name}` placeholders filled from `vars`; a Korean particle after one is chosen for its value. */
export function format(template: string, vars?: MessageVars): string {
  if (!vars) return template
  return template.replace(PLACEHOLDER, (whole, name: string, close: string, marker?: ParticleMarker) => {
    if (!(name in vars)) return whole
    const value = String(vars[name])
    return `${value}${close}${marker ? particleAfter(value, marker) : ''}`
  })
}

/** The message for `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  return format(catalogs[lang]?.[key] ?? fallback[lang][key] ?? key, vars)
}

export type Translate = (key: MessageKey, vars?: MessageVars) => string
