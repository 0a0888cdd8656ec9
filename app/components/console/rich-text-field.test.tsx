// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { privacyPolicy } from '#server/seed/demo/company/terms-privacy.ts'
import { htmlToText, sanitizeRichText } from '#server/services/html.ts'
import { setupDomRoot } from '#tests/helpers/dom.tsx'
import { ssr } from '#tests/helpers/ssr.tsx'
import { isAllowedLink, richTextExtensions } from './rich-text-extensions.ts'
import { RichTextField } from './rich-text-field.tsx'

beforeAll(() => {
  // What jsdom lacks and ProseMirror calls when it focuses the editor and scrolls the caret into view.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }
  Range.prototype.getBoundingClientRect = () => rect as DOMRect
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
  document.elementFromPoint = () => null
})

describe('RichTextField without JavaScript (server-rendered)', () => {
  it('is a labelled <textarea name> holding the HTML, with a note on what the server keeps', () => {
    const html = ssr(
      <RichTextField
        name="description"
        label="내용"
        defaultValue={'<p>안녕 <strong>하세요</strong></p>'}
        required
        hint="팝업 본문"
      />,
    )
    expect(html).toMatch(
      /<label class="field__label " for="[^"]+">내용<span class="field__required"> \[필수\]<\/span><\/label>/,
    )
    expect(html).toMatch(
      /<textarea name="description"[^>]*aria-describedby="[^"]+-hint"[^>]*>&lt;p&gt;안녕 &lt;strong&gt;하세요&lt;\/strong&gt;&lt;\/p&gt;<\/textarea>/,
    )
    expect(html).toContain('<noscript>')
    expect(html).not.toContain('role="toolbar"')
  })
})

describe('RichTextField in the browser', () => {
  const { mount, container } = setupDomRoot()
  const hidden = () => container().querySelector<HTMLInputElement>('input[type="hidden"][name="body"]')
  const tool = (label: string) =>
    container().querySelector<HTMLButtonElement>(`[role="toolbar"] button[aria-label="${label}"]`)!
  const click = (el: HTMLElement) => act(() => el.click())

  /** Mounts the field and waits for the editor's chunk (React.lazy) to replace the textarea. */
  async function mountEditor(defaultValue: string) {
    mount(<RichTextField name="body" label="본문" defaultValue={defaultValue} hint="도움말" />)
    for (let i = 0; i < 100 && !hidden(); i++) await act(() => new Promise((r) => setTimeout(r, 20)))
    expect(hidden(), 'the editor loaded').not.toBeNull()
  }

  it('replaces the textarea with the editor and a labelled, described textbox; the HTML goes into a hidden input', async () => {
    await mountEditor('<p>Hello</p>')
    expect(container().querySelector('textarea')).toBeNull()
    expect(hidden()!.value).toBe('<p>Hello</p>')
    const box = container().querySelector('[role="textbox"]')!
    expect(box.getAttribute('contenteditable')).toBe('true')
    expect(box.getAttribute('aria-multiline')).toBe('true')
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('본문')
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('도움말')
    const toolbar = container().querySelector('[role="toolbar"]')!
    expect(toolbar.getAttribute('aria-label')).toBe('서식 도구')
    expect(toolbar.getAttribute('aria-controls')).toBe(box.id)
    const labels = [...toolbar.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))
    expect(labels).toEqual([
      '굵게',
      '기울임',
      '제목 2',
      '제목 3',
      '글머리 기호 목록',
      '번호 목록',
      '링크',
      '실행 취소',
      '다시 실행',
    ])
  })

  it('toolbar buttons change the text, say whether they are on, and undo takes it back', async () => {
    await mountEditor('<p>Hello</p>')
    expect(tool('제목 2').getAttribute('aria-pressed')).toBe('false')
    expect(tool('실행 취소').getAttribute('aria-disabled')).toBe('true')
    click(tool('제목 2'))
    expect(hidden()!.value).toBe('<h2>Hello</h2>')
    expect(tool('제목 2').getAttribute('aria-pressed')).toBe('true')
    click(tool('번호 목록'))
    expect(hidden()!.value).toBe('<ol><li><p>Hello</p></li></ol>')
    expect(tool('번호 목록').getAttribute('aria-pressed')).toBe('true')
    expect(tool('실행 취소').getAttribute('aria-disabled')).toBeNull()
    click(tool('실행 취소'))
    click(tool('실행 취소'))
    expect(hidden()!.value).toBe('<p>Hello</p>')
  })

  it('is one tab stop: arrow keys, Home and End move between the buttons', async () => {
    await mountEditor('<p>x</p>')
    const buttons = [...container().querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')]
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1, -1])
    act(() => buttons[0]!.focus())
    const key = (k: string) =>
      act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })))
    key('ArrowRight')
    expect(document.activeElement).toBe(buttons[1])
    expect(buttons[1]!.tabIndex).toBe(0)
    key('End')
    expect(document.activeElement).toBe(buttons[8])
    key('ArrowRight')
    expect(document.activeElement).toBe(buttons[0])
    key('ArrowLeft')
    expect(document.activeElement).toBe(buttons[8])
  })

  it('adds a link from the address row, refusing a script address', async () => {
    await mountEditor('<p>Read </p>')
    click(tool('링크'))
    const input = container().querySelector<HTMLInputElement>('.rich-text__link input')!
    expect(document.activeElement).toBe(input)
    const enter = (value: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
    enter('javascript:alert(1)')
    act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })))
    expect(container().querySelector('.rich-text__link [role="alert"]')?.textContent).toBe(
      'https://, http://, mailto:, tel: 로 시작하는 주소를 입력해 주세요.',
    )
    expect(hidden()!.value).not.toContain('<a')
    enter('https://example.com/catalog?lang=ko')
    act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })))
    expect(container().querySelector('.rich-text__link')).toBeNull()
    expect(hidden()!.value).toContain(
      '<a href="https://example.com/catalog?lang=ko">https://example.com/catalog?lang=ko</a>',
    )
  })
})

describe('what the editor stores survives the server', () => {
  const editorWith = (content: string) => new Editor({ extensions: richTextExtensions(), content })

  it('every format the toolbar offers comes out of sanitizeRichText unchanged', () => {
    const editor = editorWith('<p>start</p>')
    editor.chain().setContent('<p>x</p>').selectAll().toggleBold().toggleItalic().run()
    let html = editor.getHTML()
    expect(html).toBe('<p><strong><em>x</em></strong></p>')
    editor.commands.setContent('<p>Title</p><p>Sub</p><p>One</p><p>Two</p><p>Link</p>')
    const block = (n: number) => {
      let pos = 0
      editor.state.doc.forEach((node, offset, index) => {
        if (index === n) pos = offset + 1
      })
      editor.commands.setTextSelection(pos)
    }
    block(0)
    editor.commands.toggleHeading({ level: 2 })
    block(1)
    editor.commands.toggleHeading({ level: 3 })
    block(2)
    editor.commands.toggleBulletList()
    block(3)
    editor.commands.toggleOrderedList()
    editor.commands.setTextSelection({ from: editor.state.doc.content.size - 5, to: editor.state.doc.content.size - 1 })
    editor.commands.setLink({ href: 'mailto:sales@example.com' })
    html = editor.getHTML()
    expect(html).toBe(
      '<h2>Title</h2><h3>Sub</h3><ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol><p><a href="mailto:sales@example.com">Link</a></p>',
    )
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('keeps the tables, header scopes and every word of the stored terms through a round trip', () => {
    const stored = sanitizeRichText(privacyPolicy.description)
    const saved = sanitizeRichText(editorWith(stored).getHTML())
    expect(saved.match(/<table>/g)?.length).toBe(stored.match(/<table>/g)?.length)
    expect(saved.match(/<th scope="col">/g)?.length).toBe(stored.match(/<th scope="col">/g)?.length)
    expect(htmlToText(saved)).toBe(htmlToText(stored))
    expect(sanitizeRichText(saved)).toBe(saved)
  })

  it('drops what the sanitiser would drop anyway (scripts, inline code, foreign links) rather than showing it', () => {
    const html = editorWith(
      '<p>a<script>alert(1)</script><code>b</code><a href="javascript:alert(1)">c</a><a href="//evil.example">d</a></p>',
    ).getHTML()
    expect(html).toBe('<p>abcd</p>')
  })

  it('allows web, mail, phone and site-relative link addresses only', () => {
    for (const ok of [
      'https://example.com',
      'http://a.b/c?d=1',
      'mailto:x@example.com',
      'tel:+82 2-1234-5678',
      '/company/info',
      '#top',
    ])
      expect(isAllowedLink(ok), ok).toBe(true)
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x', 'vbscript:x', ''])
      expect(isAllowedLink(bad), bad).toBe(false)
  })
})
