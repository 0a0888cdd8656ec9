// @vitest-environment jsdom
import { act } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupDomRoot } from '#tests/helpers/dom.tsx'
import type { Lang } from '#shared/locales.ts'
import { RecoveryCodes } from './recovery-codes.tsx'

const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkm-${'nopqrstuvw'[i]}xyz`)
const ACCOUNT = 'staff@example.com'

/** The codes inside a data router whose root data names the site, as the console's pages have it. */
function stub(lang: Lang) {
  const root = {
    lang,
    siteUrl: 'https://www.daehan-actuator.example',
    site: { companyName: lang === 'ko' ? '㈜대한액추에이터' : 'Daehan Actuator Co., Ltd.' },
  }
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      loader: () => root,
      children: [{ path: '*', Component: () => <RecoveryCodes codes={CODES} account={ACCOUNT} /> }],
    },
  ])
  return <Stub initialEntries={['/admin/account']} hydrationData={{ loaderData: { root } }} />
}

describe('the recovery codes without JavaScript (server-rendered)', () => {
  it('are plain, selectable text in a numbered list under the site and the account, with no dead buttons', () => {
    const html = renderToString(stub('ko'))
    for (const code of CODES) expect(html).toContain(`<li><code>${code}</code></li>`)
    expect(html).toContain('㈜대한액추에이터 관리자 콘솔(www.daehan-actuator.example) 복구 코드 · staff@example.com')
    expect(html).toMatch(/<ol [^>]*class="recovery-codes__list"[^>]*aria-labelledby="[^"]+"/)
    expect(html).not.toContain('<button')
    expect(html).toContain('<noscript>')
    expect(html).toContain('코드를 선택해 복사할 수 있습니다.')
  })
})

describe('the recovery codes in the browser', () => {
  const dom = setupDomRoot()
  afterEach(() => vi.restoreAllMocks())
  const button = (name: string) =>
    [...dom.container().querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement

  it('copies all ten codes, one a line, and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    dom.render(stub('en'))
    await act(async () => button('Copy all').click())
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'))
    expect(dom.container().querySelector('[role="status"]')!.textContent).toBe(
      'Recovery codes copied to the clipboard.',
    )
  })

  it('downloads a .txt file whose first line names the site and the account', async () => {
    let blob: Blob | undefined
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b
      return 'blob:codes'
    })
    URL.revokeObjectURL = vi.fn()
    let downloaded = ''
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download
    })
    dom.render(stub('ko'))
    act(() => button('다운로드(.txt)').click())
    expect(downloaded).toBe('recovery-codes-www.daehan-actuator.example.txt')
    expect(blob!.type).toBe('text/plain;charset=utf-8')
    const lines = (await blob!.text()).split('\n')
    expect(lines[0]).toBe('㈜대한액추에이터 관리자 콘솔(www.daehan-actuator.example) 복구 코드 · staff@example.com')
    expect(lines[1]).toMatch(/^코드마다 한 번만 쓸 수 있습니다\. 만든 때: /)
    expect(lines.slice(3, 13)).toEqual(CODES.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`))
    expect(dom.container().querySelector('[role="status"]')!.textContent).toBe('복구 코드 파일을 내려받았습니다.')
  })

  it('prints through the browser (the print stylesheet keeps the codes only)', () => {
    const print = vi.fn()
    window.print = print
    dom.render(stub('en'))
    act(() => button('Print').click())
    expect(print).toHaveBeenCalledOnce()
  })
})
