import type { MessageKey } from './i18n/messages.ts'

/**
 * The static pages whose copy the console edits (docs/decisions/015-content-publishing.md): the
 * text of each catalogue key of the page (shared/i18n/content/*.json) may be replaced, per
 * language; a key without a replacement keeps the catalogue's text.
 */
export const TEXT_PAGES = {
  esg: { title: 'console.texts.esg', publicPath: '/company/introduction/management', prefix: 'esg.' },
  recruitment: { title: 'console.texts.recruitment', publicPath: '/recruitment', prefix: 'recruitment.' },
} as const satisfies Record<string, { title: MessageKey; publicPath: string; prefix: string }>

export type TextPage = keyof typeof TEXT_PAGES
/** `Object.hasOwn`, not `in`: an address such as `/admin/texts/toString` is not a page. */
export const isTextPage = (page: string): page is TextPage => Object.hasOwn(TEXT_PAGES, page)

/**
 * A nested copy object with replaced texts: `overrides` by dotted path below the page's prefix
 * (`procedure.steps.0.title`). Paths that do not name a string of the copy are ignored.
 */
export function withTexts<T>(copy: T, overrides: Record<string, string>): T {
  const out = structuredClone(copy) as Record<string, unknown>
  for (const [path, text] of Object.entries(overrides)) {
    const parts = path.split('.')
    let node: unknown = out
    for (const part of parts.slice(0, -1))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
    const last = parts.at(-1)!
    if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)[last] === 'string')
      (node as Record<string, unknown>)[last] = text
  }
  return out as T
}
