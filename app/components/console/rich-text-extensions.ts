import type { Extensions } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import StarterKit from '@tiptap/starter-kit'
import { isSafeLink } from '#shared/safe-link.ts'

/**
 * Link addresses the server's sanitiser keeps (server/services/html.ts): the one link rule
 * (shared/safe-link.ts) — web, mail and phone addresses, and addresses of this site (`/company/info`,
 * `#section`), never `//host` or a script.
 */
export const isAllowedLink = (url: string) => isSafeLink(url.trim())

/** Keeps one HTML attribute of an element as it was (TipTap drops what its schema does not name). */
const kept = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) => (attributes[name] ? { [name]: attributes[name] } : {}),
})

/**
 * The editor's schema: only what the server's sanitiser keeps, so what staff see while editing is
 * what is stored and shown (docs/decisions/017-console-uploads.md). StarterKit without inline code
 * and code blocks (the sanitiser drops `code` and `pre`), headings h2 and h3 (the page has the h1),
 * links to web, mail and phone addresses only. Tables and images are not offered by the toolbar
 * but kept when the stored HTML has them (the terms have tables): without them, opening and saving
 * a text would silently lose its tables.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      heading: { levels: [2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        isAllowedUri: (url) => isAllowedLink(url),
        // Plain links: opening a new tab is the reader's choice (a stored target="_blank" is kept).
        HTMLAttributes: { target: null, rel: null },
      },
    }),
    Table.extend({
      addAttributes() {
        return { ...this.parent?.(), class: kept('class') }
      },
    }).configure({ resizable: false }),
    TableRow,
    TableHeader.extend({
      addAttributes() {
        return { ...this.parent?.(), scope: kept('scope') }
      },
    }),
    TableCell,
    // Only our own files: the sanitiser keeps relative image addresses alone.
    Image.configure({ inline: false, allowBase64: false }),
  ]
}
