import type { Lang } from '#shared/locales.ts'
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

const catalogJson: Record<'console' | 'public', Record<Lang, string>> = {
  console: { ko: JSON.stringify(ko), en: JSON.stringify(en) },
  public: { ko: JSON.stringify(withoutConsole(ko)), en: JSON.stringify(withoutConsole(en)) },
}

/**
 * The catalogue the root loader sends to the browser: the page's language only, and outside the
 * console without the console's namespaces (about 3 KB less on every public page). A key missing
 * in the browser would show as the key itself, so only namespaces no public page uses are left out.
 *
 * It goes as one JSON text, made once at start (messages.ts `provideMessagesJson` reads it): React
 * Router's loader-data encoding passes a string through whole, where it took a catalogue object of
 * some thousand keys apart key by key on every page (560 KB of garbage a request, now 180).
 */
export const messagesJsonFor = (lang: Lang, options: { console: boolean }): string =>
  catalogJson[options.console ? 'console' : 'public'][lang]
