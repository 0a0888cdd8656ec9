/**
 * The one rule for link addresses staff type (docs/decisions/040-safe-link-schemes.md): the console's
 * schemas refuse what it refuses, the rich-text sanitiser drops such `href`s, the public pages render
 * no link for a stored value it refuses, and the start-up clean-up clears stored values that break it.
 *
 * - `link`: `http://` and `https://` addresses, `mailto:`, `tel:`, a path of this site (`/product/…`,
 *   never `//host` or `/\host`) or a fragment of the same page (`#top`).
 * - `web`: an absolute `http://` or `https://` address only (an embedded video or map, an outside
 *   service such as the groupware): what the field's use needs, stricter than `link`.
 *
 * It is an allow-list read on the text exactly as given: a value is accepted only when it begins with
 * one of those forms and holds nothing a browser would strip or decode into something else first.
 * So `javascript:`, `data:`, `vbscript:` in any case, behind spaces, or split by a tab, a line break or
 * another control character (`java\tscript:`, which a browser reads as `javascript:`), character
 * references (`&#106;avascript:`, `/&#47;host`), backslashes (`/\host`, read as `//host`) and invisible
 * or direction-changing characters are all refused. The forms trim the text before checking it.
 */
export type LinkRule = 'link' | 'web'

/** C0 and C1 controls (tab and line breaks included), DEL and the backslash, anywhere. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/
/**
 * Invisible characters: format controls (soft hyphen, zero-width and direction marks, bidi overrides,
 * BOM), line and paragraph separators, and the Hangul fillers and Khmer vowels that render as nothing.
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\u3164\uffa0]|\u115f|\u1160|\u17b4|\u17b5/u
/** A numeric character reference (decoded by browsers in attributes even without `;`) or a named one. */
const CHARACTER_REFERENCE = /&#|&[a-z][a-z0-9]*;/i
/** White space other than the plain space (U+0020): the no-break and ideographic spaces, and the like. */
const OTHER_SPACE = /[^\S ]/

const WEB = /^https?:\/\//i
const MAILTO = /^mailto:[^\s]/i
const TEL = /^tel:\+?[\d ().-]*\d[\d ().-]*$/i
const SITE_PATH = /^\/(?!\/)/
const FRAGMENT = /^#/

function isWeb(value: string): boolean {
  if (!WEB.test(value) || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** Whether `value` is a link address the rule allows (anything but a string: false). */
export function isSafeLink(value: unknown, rule: LinkRule = 'link'): boolean {
  if (typeof value !== 'string' || value === '' || value !== value.trim()) return false
  if (CONTROL_OR_BACKSLASH.test(value) || INVISIBLE.test(value) || CHARACTER_REFERENCE.test(value)) return false
  if (OTHER_SPACE.test(value)) return false
  if (rule === 'web') return isWeb(value)
  return isWeb(value) || MAILTO.test(value) || TEL.test(value) || SITE_PATH.test(value) || FRAGMENT.test(value)
}

/** The value to put in an `href` when it is safe, else undefined (the page renders no link). */
export function safeHref(value: unknown, rule: LinkRule = 'link'): string | undefined {
  return isSafeLink(value, rule) ? (value as string) : undefined
}

/** Pages a `next` never leads back to: the sign-in pages themselves (a loop). */
const NOT_AFTER_LOGIN = /^\/(login|signup|confirm|reset-password)(?:[/?#]|$)/

/**
 * Where the login sends a member afterwards (`?next=`, as the console's sign-in does): a path of
 * this site only, by the same allow-list as `isSafeLink` (never `//host`, `/\host`, a scheme,
 * controls, spaces or character references), at most 2,000 characters, and not a sign-in page.
 * Anything else: null (the login goes home).
 */
export function nextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000 || !SITE_PATH.test(value)) return null
  if (!isSafeLink(value) || value.includes(' ') || NOT_AFTER_LOGIN.test(value)) return null
  return value
}
