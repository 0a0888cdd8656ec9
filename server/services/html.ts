import sanitizeHtml from 'sanitize-html'
import { isSafeLink } from '#shared/safe-link.ts'

/**
 * The one rule for rich text (terms, popups, product descriptions, history): formatting,
 * lists, tables, links and images of our own files only. Applied when stored and again when
 * rendered, so a row written by any path is safe to show.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'h2',
    'h3',
    'h4',
    'h5',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    // A link keeps its address only when the one link rule allows it (shared/safe-link.ts), on top of
    // the schemes above: an address it refuses leaves the link's text without a link.
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs
      const kept = href !== undefined && isSafeLink(href) ? { ...rest, href } : rest
      return { tagName, attribs: kept.target === '_blank' ? { ...kept, rel: 'noopener noreferrer' } : kept }
    },
  },
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options)
}

const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|td|th|dt|dd|blockquote|caption|table)\s*>|<br\s*\/?>|<hr\s*\/?>/gi
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** The visible text of rich text (search indexes it): tags dropped, blocks and breaks become spaces, entities decoded. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(
    html.replace(BLOCK_END, (tag) => `${tag} `),
    { allowedTags: [], allowedAttributes: {} },
  )
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ESCAPED[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
}
