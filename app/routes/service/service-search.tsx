import { useMemo, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useTypingBeforeHydration } from '#app/utils/use-typing-before-hydration.ts'
import { RESULTS_FOCUS, resetSearchHref, SEARCH_MAX, searchHref, searchTextOf, toggleId } from './service-query.ts'

export type CheckGroup = { id: number; title: string; options: { id: number; title: string; disabled: boolean }[] }

/**
 * The search box with Search and Initialization, and the option checkboxes, in one GET form:
 * without JavaScript it submits `search` and repeated `option` fields that the loader reads;
 * with it, Search builds the canonical query (search, option_id_list, page 1, focus). Ticking an
 * option rebuilds the search text from the ticked titles; unticking removes its title.
 */
export function ServiceSearch({
  groups,
  search,
  optionIds,
}: {
  groups: CheckGroup[]
  search: string
  optionIds: number[]
}) {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const [text, setText] = useState(search)
  const [selected, setSelected] = useState<number[]>(optionIds)
  const form = useRef<HTMLFormElement>(null)
  useTypingBeforeHydration(form, (fields) => {
    setText(String(fields.get('search') ?? ''))
    setSelected(fields.getAll('option').map(Number))
  })
  const titles = useMemo(() => new Map(groups.flatMap((g) => g.options.map((o) => [o.id, o.title] as const))), [groups])

  function onToggle(id: number, checked: boolean) {
    const next = toggleId(selected, id, checked)
    setSelected(next)
    setText(searchTextOf(next, titles))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    navigate(searchHref(location.pathname, params, text.trim(), selected))
  }

  const carried = (['lang', 'code', 'std'] as const).filter((name) => params.get(name))
  return (
    <form
      ref={form}
      className="service-search"
      method="get"
      action={location.pathname}
      onSubmit={onSubmit}
      role="search"
      aria-label={t('service.searchTitle')}
    >
      {carried.map((name) => (
        <input key={name} type="hidden" name={name} value={params.get(name) ?? ''} />
      ))}
      <input type="hidden" name="page" value="1" />
      <input type="hidden" name="focus" value={RESULTS_FOCUS} />
      <input type="hidden" name="disableScrollTop" value="true" />
      <div className="service-search__bar">
        <TextInput
          className="service-search__field"
          label={t('service.searchLabel')}
          hideLabel
          name="search"
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          placeholder={t('service.searchPlaceholder')}
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary service-search__submit">
          {t('service.search')}
        </button>
        <Link className="button button--outline service-search__reset" to={resetSearchHref(location.pathname, params)}>
          {t('service.reset')}
        </Link>
      </div>
      {groups.length > 0 ? (
        <div className="service-options" role="group" aria-label={t('service.options')}>
          {groups.map((group) => (
            <fieldset key={group.id} className="service-options__group">
              <legend className="service-options__legend">{group.title}</legend>
              <div className="service-options__list">
                {group.options.map((option) => (
                  <Checkbox
                    key={option.id}
                    name="option"
                    value={String(option.id)}
                    label={option.title}
                    checked={selected.includes(option.id)}
                    disabled={option.disabled}
                    onChange={(checked) => onToggle(option.id, checked)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      ) : null}
    </form>
  )
}
