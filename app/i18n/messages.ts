import type { Lang } from '#shared/locales.ts'
import en from './en.json'
import ko from './ko.json'

export type MessageKey = keyof typeof ko
export type MessageVars = Record<string, string | number>

const catalogs: Record<Lang, Record<MessageKey, string>> = { ko, en }

/** The message for `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = catalogs[lang][key]
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

export type Translate = (key: MessageKey, vars?: MessageVars) => string
