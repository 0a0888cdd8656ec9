import { useRef, useState, type FormEvent } from 'react'
import { useNavigate, useNavigation } from 'react-router'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useTypingBeforeHydration } from '#app/utils/use-typing-before-hydration.ts'
import { ORDER_NAME_MAX, type OrderSystem } from '#shared/order-rules.ts'
import { useAreaState } from './area-state.ts'
import { COPY } from './morgan-copy.ts'
import { acceptOrdPart, AREA_PATH, joinOrd, listHref, splitOrd } from './morgan-query.ts'
import { OrdInputs } from './ord-inputs.tsx'

type Props = {
  system: OrderSystem
  name: string
  ord: string
  errors: { name?: string | undefined; ord?: string | undefined }
}

/**
 * Project name and ORD number (spec section 2). A GET form to /morgan: with JavaScript it goes
 * straight to the canonical address (`?type&name&ord`, page 1); without, it sends `ord1` and
 * `ord2`, which the loader redirects there. The server checks the words (its messages show at
 * the inputs). Key it by the address so it shows what the URL says after back/forward.
 */
export function OrderSearchForm({ system, name, ord, errors }: Props) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const area = useAreaState()
  const [text, setText] = useState(name)
  const [parts, setParts] = useState(() => splitOrd(ord))
  const form = useRef<HTMLFormElement>(null)
  useTypingBeforeHydration(form, (fields) => {
    setText(String(fields.get('name') ?? ''))
    setParts([
      acceptOrdPart('', String(fields.get('ord1') ?? ''), 0),
      acceptOrdPart('', String(fields.get('ord2') ?? ''), 1),
    ])
  })
  const busy = navigation.state === 'loading' && navigation.location.pathname === AREA_PATH

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    navigate(listHref({ type: system, name: text.trim(), ord: joinOrd(...parts) }), { state: area })
  }

  return (
    <form
      ref={form}
      className="order-search"
      method="get"
      action={AREA_PATH}
      role="search"
      aria-label={COPY.searchLabel}
      onSubmit={onSubmit}
      noValidate
    >
      <input type="hidden" name="type" value={system} />
      <TextInput
        className="order-search__name"
        label={COPY.name}
        name="name"
        value={text}
        maxLength={ORDER_NAME_MAX}
        placeholder={COPY.namePlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        error={errors.name}
        onChange={(event) => setText(event.target.value)}
      />
      <OrdInputs value={parts} onChange={setParts} error={errors.ord} />
      <SubmitButton className="order-search__submit" busy={busy} busyLabel={COPY.searching}>
        {COPY.submit}
      </SubmitButton>
    </form>
  )
}
