import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useNavigation, useNavigationType, useSearchParams } from 'react-router'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormMessage } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useTypingBeforeHydration } from '#app/utils/use-typing-before-hydration.ts'
import { isLang } from '#shared/locales.ts'
import { checkKeyword, RESULT_PATH, resultHref } from './search-query.ts'

/**
 * The keyword box and Search button of both search pages: a GET form to /search/result, so
 * Enter or the button searches without JavaScript too. With JavaScript, an empty keyword does
 * nothing (the focus stays in the box), a keyword over the limit shows its message without
 * leaving, and any other goes to the results by client-side navigation, the focus staying in
 * the box. Key it by the address so the box shows what the URL says after back/forward.
 */
/** Navigation state of a search sent from the box: the results page puts the focus back in it. */
const FROM_SEARCH_BOX = { searchBox: true } as const

export function SearchForm({ keyword, message }: { keyword: string; message?: FormMessage | undefined }) {
  const t = useT()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const [params] = useSearchParams()
  const alertId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(keyword)
  const [shown, setShown] = useState<FormMessage | undefined>(message)
  const form = useRef<HTMLFormElement>(null)
  useTypingBeforeHydration(form, (fields) => setText(String(fields.get('keyword') ?? '')))
  const lang = params.get('lang')
  const location = useLocation()
  const navigationType = useNavigationType()
  const busy = navigation.state === 'loading' && navigation.location.pathname === RESULT_PATH

  // The results replace this form (another route, or another key): keep the searcher's place.
  // Only right after the search (PUSH), not on a reload or back/forward to that entry.
  const fromBox = navigationType === 'PUSH' && (location.state as typeof FROM_SEARCH_BOX | null)?.searchBox === true
  useEffect(() => {
    if (fromBox) input.current?.focus({ preventScroll: true })
  }, [fromBox, location.key])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const check = checkKeyword(text)
    if (!check.keyword || check.error) {
      setShown(check.error ? { key: check.error } : undefined)
      input.current?.focus()
      return
    }
    navigate(resultHref(check.keyword, lang), { state: FROM_SEARCH_BOX })
  }

  return (
    <form
      ref={form}
      className="search-form"
      method="get"
      action={RESULT_PATH}
      role="search"
      aria-label={t('search.title')}
      onSubmit={onSubmit}
      noValidate
    >
      <div className="search-form__bar">
        <TextInput
          ref={input}
          className="search-form__field"
          label={t('search.label')}
          hideLabel
          name="keyword"
          type="search"
          value={text}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          aria-describedby={shown ? alertId : undefined}
          onChange={(event) => {
            setText(event.target.value)
            setShown(undefined)
          }}
        />
        <SubmitButton className="search-form__submit" busy={busy} busyLabel={t('search.searching')}>
          {t('search.submit')}
        </SubmitButton>
      </div>
      {/* After the keyword, so the GET form sends ?keyword=…&lang=… as the script does. */}
      {isLang(lang) ? <input type="hidden" name="lang" value={lang} /> : null}
      <FormAlert id={alertId} message={shown} />
    </form>
  )
}
