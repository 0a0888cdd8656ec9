import type { Editor } from '@tiptap/core'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { isAllowedLink, richTextExtensions } from './rich-text-extensions.ts'
import '#app/components/form/field.css'
import './rich-text.css'

/**
 * The HTML of the editor: '' when it holds nothing (rather than `<p></p>`), and without the empty
 * paragraph the editor keeps after a closing heading or table for the caret to go to.
 */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''))

type ToolButton = {
  key: MessageKey
  glyph: ReactNode
  run(editor: Editor): void
  /** Toggles show their state with aria-pressed; undo and redo are plain buttons. */
  active?(editor: Editor): boolean
  enabled?(editor: Editor): boolean
}

/** A 24-pixel line icon (decorative: the button's aria-label names it). */
function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

// Drawn, not written: a glyph like "H2" is visible text that the accessible name ("Heading 2") would have to contain.
const ICONS = {
  heading2: 'M3 6v12M11 6v12M3 12h8M15 10a2.5 2.5 0 0 1 5 0c0 2.5-5 4-5 8h5',
  heading3: 'M3 6v12M11 6v12M3 12h8M15 8h5l-3 4a3 3 0 1 1-2 5',
  bulletList: 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01',
  orderedList: 'M10 6h10M10 12h10M10 18h10M4 4v4M3 8h2M3 14.5a1 1 0 0 1 2 0c0 1-2 1.5-2 3h2',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
}

const TOOLS: ToolButton[] = [
  {
    key: 'console.richText.bold',
    glyph: <b>B</b>,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    key: 'console.richText.italic',
    glyph: <i>I</i>,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    key: 'console.richText.heading2',
    glyph: <Icon d={ICONS.heading2} />,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'console.richText.heading3',
    glyph: <Icon d={ICONS.heading3} />,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    key: 'console.richText.bulletList',
    glyph: <Icon d={ICONS.bulletList} />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    key: 'console.richText.orderedList',
    glyph: <Icon d={ICONS.orderedList} />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
]
const HISTORY: ToolButton[] = [
  {
    key: 'console.richText.undo',
    glyph: <Icon d={ICONS.undo} />,
    run: (e) => e.chain().focus().undo().run(),
    enabled: (e) => e.can().undo(),
  },
  {
    key: 'console.richText.redo',
    glyph: <Icon d={ICONS.redo} />,
    run: (e) => e.chain().focus().redo().run(),
    enabled: (e) => e.can().redo(),
  },
]

/** The link row under the toolbar: address, apply, remove, cancel. Enter applies, Escape cancels. */
function LinkEditor({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const t = useT()
  const id = useId()
  const [url, setUrl] = useState(() => String(editor.getAttributes('link').href ?? ''))
  const [invalid, setInvalid] = useState(false)
  const hasLink = editor.isActive('link')
  const apply = () => {
    const href = url.trim()
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
      return onClose()
    }
    if (!isAllowedLink(href)) return setInvalid(true)
    if (editor.state.selection.empty && !hasLink) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run()
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
    }
    onClose()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter must not submit the form the editor sits in.
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      editor.commands.focus()
      onClose()
    }
  }
  return (
    <div className="rich-text__link">
      <label htmlFor={`${id}url`}>{t('console.richText.linkUrl')}</label>
      <input
        id={`${id}url`}
        type="text"
        inputMode="url"
        autoComplete="off"
        // Opened by the user's click on "Link": the address is what they type next.
        autoFocus
        value={url}
        onChange={(e) => {
          setUrl(e.target.value)
          setInvalid(false)
        }}
        onKeyDown={onKeyDown}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}error` : undefined}
        placeholder="https://"
      />
      <button type="button" className="button button--outline" onClick={apply}>
        {t('console.richText.linkApply')}
      </button>
      {hasLink ? (
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run()
            onClose()
          }}
        >
          {t('console.richText.linkRemove')}
        </button>
      ) : null}
      <button
        type="button"
        className="button button--outline"
        onClick={() => {
          editor.commands.focus()
          onClose()
        }}
      >
        {t('console.richText.linkCancel')}
      </button>
      {invalid ? (
        <p id={`${id}error`} className="field__error" role="alert">
          {t('console.richText.linkInvalid')}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End move between the
 * buttons; toggles say whether they are on (aria-pressed).
 */
function Toolbar({
  editor,
  editorId,
  linkOpen,
  onLink,
}: {
  editor: Editor
  editorId?: string
  linkOpen: boolean
  onLink(): void
}) {
  const t = useT()
  const [focused, setFocused] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: TOOLS.map((tool) => tool.active?.(e) ?? false),
      enabled: HISTORY.map((tool) => tool.enabled?.(e) ?? true),
      link: e.isActive('link'),
    }),
  })
  const all = [...TOOLS, null, ...HISTORY]
  const count = all.length
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = { ArrowRight: focused + 1, ArrowLeft: focused - 1, Home: 0, End: count - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const index = (next + count) % count
    setFocused(index)
    buttons.current[index]?.focus()
  }
  const button = (
    index: number,
    label: string,
    glyph: ReactNode,
    onClick: () => void,
    pressed?: boolean,
    disabled?: boolean,
  ) => (
    <button
      key={label}
      ref={(el) => {
        buttons.current[index] = el
      }}
      type="button"
      className="rich-text__tool"
      tabIndex={index === focused ? 0 : -1}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-disabled={disabled || undefined}
      onFocus={() => setFocused(index)}
      onClick={() => {
        if (!disabled) onClick()
      }}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  )
  return (
    <div
      role="toolbar"
      aria-label={t('console.richText.toolbar')}
      aria-controls={editorId}
      className="rich-text__toolbar"
      onKeyDown={move}
    >
      {all.map((tool, index) => {
        if (tool === null)
          return button(index, t('console.richText.link'), <Icon d={ICONS.link} />, onLink, state.link || linkOpen)
        const history = HISTORY.indexOf(tool)
        if (history >= 0)
          return button(index, t(tool.key), tool.glyph, () => tool.run(editor), undefined, !state.enabled[history])
        return button(index, t(tool.key), tool.glyph, () => tool.run(editor), state.active[TOOLS.indexOf(tool)])
      })}
    </div>
  )
}

/**
 * The TipTap editor behind RichTextField, loaded only when a console page shows one (a chunk of
 * its own). Writes its HTML into the hidden input `name` on every change.
 */
export type RichTextEditorProps = {
  name: string
  label: ReactNode
  /** The HTML to start from (read once, like an input's defaultValue). */
  initialHtml: string
  required?: boolean | undefined
  hint?: ReactNode
  error?: ReactNode
}

export default function RichTextEditor({ name, label, required, hint, error, initialHtml }: RichTextEditorProps) {
  const t = useT()
  const id = useId()
  const editorId = `${id}editor`
  const labelId = `${id}label`
  const hintId = `${id}hint`
  const errorId = `${id}error`
  const [html, setHtml] = useState(initialHtml)
  const [linkOpen, setLinkOpen] = useState(false)
  // The toolbar names the editing area it controls only once that area is in the page.
  const [created, setCreated] = useState(false)
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  const attributes: Record<string, string> = {
    id: editorId,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'rich-text__content',
  }
  if (described) attributes['aria-describedby'] = described
  if (error) attributes['aria-invalid'] = 'true'
  if (required) attributes['aria-required'] = 'true'
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: initialHtml,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => setHtml(htmlOf(e)),
    onCreate: () => setCreated(true),
  })
  return (
    <div className={`field rich-text ${error ? 'field--invalid' : ''}`}>
      {/* Not a <label>: the editor is no form control; a click still puts the caret in it. */}
      <span id={labelId} className="field__label" onClick={() => editor.commands.focus()}>
        {label}
        {required ? <span className="field__required">{` ${t('form.required')}`}</span> : null}
      </span>
      <div className="rich-text__frame">
        <Toolbar
          editor={editor}
          editorId={created ? editorId : undefined}
          linkOpen={linkOpen}
          onLink={() => setLinkOpen((open) => !open)}
        />
        {linkOpen ? <LinkEditor editor={editor} onClose={() => setLinkOpen(false)} /> : null}
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
