// @vitest-environment jsdom
import { act, useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Checkbox } from './checkbox.tsx'
import { Dropdown, type DropdownOption } from './dropdown.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { setupDomRoot } from '#tests/helpers/dom.tsx'
import { TreeSideMenu } from './tree-side-menu.tsx'

const dom = setupDomRoot()
const { mount } = dom
let container: HTMLDivElement
beforeEach(() => {
  container = dom.container()
})

const $ = <T extends Element = HTMLElement>(selector: string) => {
  const el = container.querySelector<T>(selector)
  if (!el) throw new Error(`no ${selector}`)
  return el
}
const key = (el: Element, k: string) =>
  act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))
const click = (el: Element) => act(() => void (el as HTMLElement).click())

describe('Dropdown in the browser', () => {
  const options: DropdownOption[] = [
    { value: 'a', label: 'Apple' },
    { value: 'b', label: 'Banana', disabled: true },
    { value: 'c', label: 'Cherry' },
    { value: 'd', label: 'Date' },
  ]

  function Harness({ onChange, initial = null }: { onChange: (v: string) => void; initial?: string | null }) {
    const [value, setValue] = useState<string | null>(initial)
    return (
      <>
        <Dropdown
          label="Fruit"
          options={options}
          value={value}
          name="fruit"
          onChange={(v) => {
            onChange(v)
            setValue(v)
          }}
        />
        <button type="button" id="outside">
          outside
        </button>
      </>
    )
  }

  const button = () => $<HTMLButtonElement>('.dropdown__button')
  const list = () => $<HTMLUListElement>('[role="listbox"]')
  const activeText = () => {
    const id = list().getAttribute('aria-activedescendant')
    return id ? document.getElementById(id)?.textContent : null
  }

  it('opens on click with focus on the listbox; arrows skip disabled; Enter chooses, closes and refocuses the button', () => {
    const onChange = vi.fn()
    mount(<Harness onChange={onChange} />)
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(list().hidden).toBe(true)

    click(button())
    expect(button().getAttribute('aria-expanded')).toBe('true')
    expect(list().hidden).toBe(false)
    expect(document.activeElement).toBe(list())
    expect(activeText()).toBe('Apple')

    key(list(), 'ArrowDown')
    expect(activeText()).toBe('Cherry')
    key(list(), 'End')
    expect(activeText()).toBe('Date')
    key(list(), 'ArrowUp')
    expect(activeText()).toBe('Cherry')

    key(list(), 'Enter')
    expect(onChange).toHaveBeenCalledWith('c')
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button())
    expect(button().textContent).toContain('Cherry')
    expect($<HTMLInputElement>('input[type="hidden"]').value).toBe('c')
    expect(container.querySelector('[aria-selected="true"]')?.textContent).toBe('Cherry')
  })

  it('ArrowDown on the closed button opens it on the selected option; Escape closes without choosing', () => {
    const onChange = vi.fn()
    mount(<Harness onChange={onChange} initial="d" />)
    key(button(), 'ArrowDown')
    expect(button().getAttribute('aria-expanded')).toBe('true')
    expect(activeText()).toBe('Date')
    key(list(), 'ArrowUp')
    key(list(), 'Escape')
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(onChange).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button())
  })

  it('a click on an option chooses it; a click on a disabled option does nothing', () => {
    const onChange = vi.fn()
    mount(<Harness onChange={onChange} />)
    click(button())
    click($('[role="option"][aria-disabled="true"]'))
    expect(onChange).not.toHaveBeenCalled()
    expect(button().getAttribute('aria-expanded')).toBe('true')
    click(container.querySelectorAll('[role="option"]')[3]!)
    expect(onChange).toHaveBeenCalledWith('d')
    expect(button().getAttribute('aria-expanded')).toBe('false')
  })

  it('a press outside closes it', () => {
    mount(<Harness onChange={() => {}} />)
    click(button())
    act(() => void $('#outside').dispatchEvent(new Event('pointerdown', { bubbles: true })))
    expect(button().getAttribute('aria-expanded')).toBe('false')
  })

  it('a second click on the button closes it', () => {
    mount(<Harness onChange={() => {}} />)
    click(button())
    click(button())
    expect(button().getAttribute('aria-expanded')).toBe('false')
  })
})

describe('TextInput password toggle', () => {
  it('switches the input type and the button label', () => {
    mount(<TextInput id="pw" label="Password" name="password" type="password" />)
    const input = $<HTMLInputElement>('#pw')
    const toggle = $<HTMLButtonElement>('.field__toggle')
    expect(input.type).toBe('password')
    expect(toggle.getAttribute('aria-label')).toBe('비밀번호 보기')
    click(toggle)
    expect(input.type).toBe('text')
    expect(toggle.getAttribute('aria-label')).toBe('비밀번호 숨기기')
    click(toggle)
    expect(input.type).toBe('password')
  })
})

describe('Checkbox', () => {
  it('reports the new checked state', () => {
    const onChange = vi.fn()
    function Harness() {
      const [checked, setChecked] = useState(false)
      return (
        <Checkbox
          id="c"
          label="Agree"
          checked={checked}
          onChange={(next) => {
            onChange(next)
            setChecked(next)
          }}
        />
      )
    }
    mount(<Harness />)
    click($('label'))
    expect(onChange).toHaveBeenLastCalledWith(true)
    expect($<HTMLInputElement>('#c').checked).toBe(true)
  })
})

describe('TreeSideMenu toggles', () => {
  it('expands and collapses branches', () => {
    mount(
      <TreeSideMenu
        section="service"
        title="Service"
        current={{ first: 'reference', second: 'catalog' }}
        tree={[
          { id: 'reference', text: 'Reference', children: [{ id: 'catalog', text: 'Catalog' }] },
          { id: 'as', text: 'A/S', children: [{ id: 'faq', text: 'FAQ', children: [{ id: 'x', text: 'X' }] }] },
        ]}
      />,
    )
    const [reference, as] = [...container.querySelectorAll<HTMLButtonElement>('.tree-menu__toggle--first')]
    expect(reference!.getAttribute('aria-expanded')).toBe('true')
    expect(as!.getAttribute('aria-expanded')).toBe('false')
    const asList = document.getElementById(as!.getAttribute('aria-controls')!)!
    expect(asList.hidden).toBe(true)
    click(as!)
    expect(as!.getAttribute('aria-expanded')).toBe('true')
    expect(asList.hidden).toBe(false)
    const faqToggle = $<HTMLButtonElement>('.tree-menu__toggle--second')
    expect(faqToggle.getAttribute('aria-expanded')).toBe('false')
    click(faqToggle)
    expect(document.getElementById(faqToggle.getAttribute('aria-controls')!)!.hidden).toBe(false)
    click(reference!)
    expect(reference!.getAttribute('aria-expanded')).toBe('false')
  })
})
