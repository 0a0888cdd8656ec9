import { createHash } from 'node:crypto'
import { locales, type Lang } from '#shared/locales.ts'
import en from './en.json'
import ko from './ko.json'
import { provideMessages, type Messages } from './messages.ts'

// Both catalogues, for server rendering, meta and API errors. Imported for its effect too.
provideMessages('ko', ko, { complete: true })
provideMessages('en', en, { complete: true })

/** Namespaces only the console shows (and the server translates): not sent with public pages. */
const CONSOLE_ONLY = ['console.', 'import.']
const withoutConsole = (messages: Messages) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => !CONSOLE_ONLY.some((prefix) => key.startsWith(prefix))))

type Variant = 'console' | 'public'

/** Where the browser fetches a catalogue: its name carries its content's hash, so it is kept for a year. */
export const MESSAGES_PREFIX = '/assets/messages/'

/** Each catalogue the browser may fetch, as its JSON text, by file name (`public-ko.1a2b3c4d5e.json`). */
const files = new Map<string, string>()
const urls = {} as Record<Variant, Record<Lang, string>>
const whole: Record<Lang, Messages> = { ko, en }
for (const variant of ['console', 'public'] as const) {
  urls[variant] = {} as Record<Lang, string>
  for (const lang of locales) {
    const json = JSON.stringify(variant === 'console' ? whole[lang] : withoutConsole(whole[lang]))
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10)
    const name = `${variant}-${lang}.${hash}.json`
    files.set(name, json)
    urls[variant][lang] = `${MESSAGES_PREFIX}${name}`
  }
}

/**
 * The address of the catalogue a page's browser fetches (docs/decisions/076-messages-as-an-asset.md):
 * the page's language only, and outside the console without the console's namespaces. A key missing
 * in the browser would show as the key itself, so only namespaces no public page uses are left out.
 */
export const messagesUrlFor = (lang: Lang, options: { console: boolean }): string =>
  urls[options.console ? 'console' : 'public'][lang]

/** The JSON text of the catalogue file `name` (the last part of its address), if there is one. */
export const messagesFile = (name: string): string | undefined => files.get(name)
