// @vitest-environment jsdom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { setupDomRoot } from '#tests/helpers/dom.tsx'
import { ssr, tagWith } from '#tests/helpers/ssr.tsx'
import { FileNamesProvider, rememberUploadedName } from './file-names.tsx'
import { UploadField } from './upload-field.tsx'

describe('UploadField without JavaScript (server-rendered)', () => {
  it('keeps submitting the stored key, shows its preview, and says that uploading needs JavaScript', () => {
    const html = ssr(
      <UploadField
        name="pc_image"
        label="PC 이미지"
        kind="image"
        defaultValue="uploads/2026/11/abc.png"
        required
        error="이미지를 올려 주세요."
      />,
    )
    expect(html).toContain('<input type="hidden" name="pc_image" value="uploads/2026/11/abc.png"/>')
    // The console's own address: staff see every stored file, also one the public no longer gets (ADR 039).
    expect(html).toContain('src="/admin/files/image/uploads/2026/11/abc.png"')
    expect(html).toContain('alt="abc.png 미리보기"')
    const picker = tagWith(html, 'type="file"')
    expect(picker).toContain('disabled=""')
    expect(picker).toContain('accept=".jpg,.jpeg,.png,.webp,.gif,.avif,')
    expect(picker).toContain('aria-invalid="true"')
    expect(picker).not.toContain(' name=')
    expect(html).toMatch(
      /<label class="field__label" for="[^"]+">PC 이미지<span class="field__required"> \[필수\]<\/span><\/label>/,
    )
    expect(html).toContain('JPEG, PNG, WebP, GIF, AVIF 이미지 · 10.0 MB까지')
    expect(html).toContain(
      '<noscript><p class="field__hint">파일을 올리려면 JavaScript가 필요합니다. 지금 파일은 그대로 유지됩니다.</p></noscript>',
    )
    // The form's own message: linked to the picker, not announced as news.
    const errorId = /<p id="([^"]+)" class="field__error">이미지를 올려 주세요.<\/p>/.exec(html)![1]!
    expect(/aria-describedby="([^"]+)"/.exec(picker)![1]!.split(' ')).toContain(errorId)
  })

  it('offers a download link, not a thumbnail, for a stored document', () => {
    const html = ssr(
      <UploadField name="file" label="PDF" kind="file" defaultValue="uploads/2026/11/abc.pdf" />,
      '/page',
      'en',
    )
    expect(html).not.toContain('<img')
    expect(html).toContain(
      'href="/admin/files/download?file_name=uploads%2F2026%2F11%2Fabc.pdf&amp;origin_file_name=abc.pdf"',
    )
    expect(html).toContain('up to 50.0 MB')
    expect(html).toContain('<input type="hidden" name="file" value="uploads/2026/11/abc.pdf"/>')
  })
})

describe('UploadField names a stored file by its original name, not its storage key', () => {
  const key = 'uploads/2026/11/de12db4d97ff83073725.pdf'

  it('takes the name from the page (FileNamesProvider), also for the download link', () => {
    const html = ssr(
      <FileNamesProvider names={{ [key]: '2026 제품 카탈로그.pdf' }}>
        <UploadField name="file" label="PDF" kind="file" defaultValue={key} />
      </FileNamesProvider>,
      '/page',
      'en',
    )
    expect(html).toContain('>2026 제품 카탈로그.pdf</a>')
    expect(html).not.toContain('>de12db4d97ff83073725.pdf</a>')
    expect(html).toContain(
      `href="/admin/files/download?${new URLSearchParams({ file_name: key, origin_file_name: '2026 제품 카탈로그.pdf' }).toString().replace(/&/g, '&amp;')}"`,
    )
    expect(html).toContain('aria-label="Remove file: 2026 제품 카탈로그.pdf"')
    // The form still posts the key.
    expect(html).toContain(`<input type="hidden" name="file" value="${key}"/>`)
  })

  it('falls back to the key only when no name is known; a file this tab uploaded keeps its name', () => {
    expect(ssr(<UploadField name="file" label="PDF" kind="file" defaultValue={key} />)).toContain(
      '>de12db4d97ff83073725.pdf</a>',
    )
    const fresh = 'uploads/2026/11/0a1b2c3d4e5f60718293.pdf'
    rememberUploadedName(fresh, 'Wiring diagram.pdf')
    expect(ssr(<UploadField name="file" label="PDF" kind="file" defaultValue={fresh} />)).toContain(
      '>Wiring diagram.pdf</a>',
    )
  })
})

describe('UploadField in the browser', () => {
  const { mount, container } = setupDomRoot()
  const picker = () => container().querySelector<HTMLInputElement>('input[type="file"]')!
  const hidden = () => container().querySelector<HTMLInputElement>('input[type="hidden"]')!
  const choose = (file: File) =>
    act(() => {
      Object.defineProperty(picker(), 'files', { value: [file], configurable: true })
      picker().dispatchEvent(new Event('change', { bubbles: true }))
    })

  it('is usable once hydrated; removing the file empties the value, announces it and returns to the picker', () => {
    mount(<UploadField name="logo" label="로고" kind="image" defaultValue="uploads/2026/11/logo.webp" />)
    expect(picker().disabled).toBe(false)
    expect(hidden().value).toBe('uploads/2026/11/logo.webp')
    const remove = container().querySelector<HTMLButtonElement>('button[aria-label="파일 빼기: logo.webp"]')!
    act(() => remove.click())
    expect(hidden().value).toBe('')
    expect(container().querySelector('img')).toBeNull()
    expect(container().querySelector('[role="status"]')!.textContent).toBe('이 항목에서 파일을 뺐습니다.')
    expect(document.activeElement).toBe(picker())
  })

  it("refuses a file over the limit before sending anything, in the field's error slot", () => {
    mount(<UploadField name="photo" label="사진" kind="image" />)
    choose(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }))
    const error = container().querySelector('.field__error')!
    expect(error.textContent).toBe('이미지는 10.0 MB까지 올릴 수 있습니다.')
    expect(error.getAttribute('role')).toBe('alert')
    expect(picker().getAttribute('aria-describedby')).toContain(error.id)
    expect(picker().getAttribute('aria-invalid')).toBe('true')
    expect(container().querySelector('progress')).toBeNull()
    expect(hidden().value).toBe('')
  })
})
