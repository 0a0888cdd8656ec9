import type { Lang } from '#shared/locales.ts'
import en from './en.json'
import ko from './ko.json'
import { provideMessages, type Messages } from './messages.ts'

// Both catalogues, for server rendering, meta and API errors. Imported for its effect too.
const catalogs: Record<Lang, Messages> = { ko, en }
provideMessages('ko', ko)
provideMessages('en', en)

/** The catalogue the root loader sends to the browser: the page's language only. */
export const messagesFor = (lang: Lang): Messages => catalogs[lang]
