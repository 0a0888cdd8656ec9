// @vitest-environment jsdom
import { act } from 'react'
import { z } from 'zod'
import { beforeEach, describe, expect, it } from 'vitest'
import { messageKey } from '#shared/field-errors.ts'
import { usernameField } from '#shared/member-fields.ts'
import { setupDomRoot } from '#tests/helpers/dom.tsx'
import { ssr } from '#tests/helpers/ssr.tsx'
import { Field } from './field.tsx'
import { FormAlert } from './form-alert.tsx'
import { SubmitButton } from './submit-button.tsx'
import { TextInput } from './text-input.tsx'
import { Textarea } from './textarea.tsx'
import { useFormErrors } from './use-form-errors.ts'

describe('Field, TextInput and Textarea (server-rendered)', () => {
  it('links label, required marker, hint and error to the input', () => {
    const html = ssr(
      <TextInput id="email" label="ID" name="username" required hint="E-mail" error="Enter your ID." />,
      '/page',
      'en',
    )
    expect(html).toContain(
      '<label class="field__label " for="email">ID<span class="field__required"> [Required]</span></label>',
    )
    expect(html).toMatch(
      /<input[^>]+id="email"[^>]+required=""[^>]+aria-invalid="true"[^>]+aria-describedby="email-hint email-error"/,
    )
    expect(html).toContain('<p id="email-hint" class="field__hint">E-mail</p>')
    expect(html).toContain('<p id="email-error" class="field__error">Enter your ID.</p>')
  })

  it('keeps a describedby of the caller (a hint shared by several inputs) before its own', () => {
    const html = ssr(<TextInput id="code1" label="Part 1" name="code1" aria-describedby="serial-hint" error="Wrong" />)
    expect(html).toContain('aria-describedby="serial-hint code1-error"')
  })

  it('password inputs get a show/hide toggle button; others do not', () => {
    const html = ssr(<TextInput id="pw" label="비밀번호" name="password" type="password" />)
    expect(html).toContain('type="password"')
    expect(html).toMatch(/<button type="button" class="field__toggle" aria-controls="pw" aria-label="비밀번호 보기"/)
    expect(html).not.toContain('aria-invalid')
    expect(ssr(<TextInput label="Name" name="name" />)).not.toContain('field__toggle')
  })

  it('a textarea gets the same wiring as a text input', () => {
    const html = ssr(<Textarea id="msg" label="내용" name="content" required error="필수 항목입니다." />)
    expect(html).toMatch(
      /<textarea[^>]+id="msg"[^>]+required=""[^>]+aria-invalid="true"[^>]+aria-describedby="msg-error"/,
    )
    expect(html).toContain('[필수]')
  })

  it('wires any other control the same way', () => {
    const html = ssr(
      <Field id="kind" label="Kind" error="Choose one.">
        {(control) => (
          <select {...control} name="kind">
            <option>A</option>
          </select>
        )}
      </Field>,
    )
    expect(html).toMatch(
      /<label class="field__label " for="kind">Kind<\/label><select id="kind" aria-invalid="true" aria-describedby="kind-error"/,
    )
  })
})

describe('FormAlert and SubmitButton', () => {
  it('FormAlert announces the form message in the page language, with its values', () => {
    expect(
      ssr(
        <FormAlert id="m" message={{ key: 'member.error.tooManyAttemptsWait', vars: { minutes: 3 } }} />,
        '/page',
        'en',
      ),
    ).toMatch(/<p id="m" class="form-alert" role="alert">[^<]*3[^<]*<\/p>/)
    expect(ssr(<FormAlert message={undefined} />)).not.toContain('form-alert')
  })

  it('SubmitButton is disabled and says so while the form is being sent', () => {
    expect(ssr(<SubmitButton busy={false}>Send</SubmitButton>)).toMatch(
      /<button type="submit" class="button button--primary form-submit "[^>]*>Send<\/button>/,
    )
    const busy = ssr(<SubmitButton busy>Send</SubmitButton>, '/page', 'en')
    expect(busy).toMatch(/disabled=""[^>]*>Sending…<\/button>/)
    expect(
      ssr(
        <SubmitButton busy busyLabel="Checking…">
          Send
        </SubmitButton>,
      ),
    ).toContain('>Checking…</button>')
  })
})

describe('useFormErrors in the browser', () => {
  const schema = z.object({ name: z.string().min(1, messageKey('member.error.nameRequired')), username: usernameField })
  const { mount, container } = setupDomRoot()
  let sent: number
  beforeEach(() => {
    sent = 0
  })

  function ProbeForm({ serverErrors }: { serverErrors?: Record<string, 'member.error.idMismatch'> }) {
    const { errorFor, onSubmit, onInput } = useFormErrors(schema, serverErrors)
    return (
      <form
        noValidate
        onInput={onInput}
        onSubmit={(event) => {
          onSubmit(event)
          if (!event.defaultPrevented) sent++
          event.preventDefault()
        }}
      >
        <TextInput id="name" label="Name" name="name" error={errorFor('name')} />
        <TextInput id="username" label="ID" name="username" error={errorFor('username')} />
        <SubmitButton busy={false}>Send</SubmitButton>
      </form>
    )
  }

  const form = () => container().querySelector('form')!
  const input = (id: string) => container().querySelector<HTMLInputElement>(`#${id}`)!
  /** Types as a user would: React only sees a change made through the native value setter. */
  const type = (el: HTMLInputElement, value: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }
  const errorText = (id: string) => container().querySelector(`#${id}-error`)?.textContent ?? null

  it('an invalid form is not sent: every field shows its message and the first one gets the focus', () => {
    mount(<ProbeForm />)
    act(() => form().requestSubmit())
    expect(sent).toBe(0)
    expect(errorText('name')).toBe('이름을 입력해 주세요.')
    expect(errorText('username')).toBe('아이디를 입력해 주세요.')
    expect(input('name').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(input('name'))
  })

  it("a field's message goes away when that field changes, the others stay", () => {
    mount(<ProbeForm />)
    act(() => form().requestSubmit())
    act(() => type(input('name'), '김철수'))
    expect(errorText('name')).toBeNull()
    expect(errorText('username')).toBe('아이디를 입력해 주세요.')
  })

  it("a valid form is sent, and the server's messages show at their fields", () => {
    mount(<ProbeForm serverErrors={{ username: 'member.error.idMismatch' }} />)
    expect(errorText('username')).toBe('아이디가 일치하지 않습니다.')
    act(() => {
      input('name').value = '김철수'
      input('username').value = 'kim@example.com'
      form().requestSubmit()
    })
    expect(sent).toBe(1)
    expect(errorText('username')).toBeNull()
  })
})
