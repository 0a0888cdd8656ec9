import { useMemo, useState } from 'react'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { Translate } from '#shared/i18n/messages.ts'
import type { PlacedSection, PlacedText } from '#shared/page-text-sections.ts'
import { textMatches } from './page-text-filter.ts'

/** A text as the editor's loader sends it: placed, with its values and state. */
export type EditedText = PlacedText & { ko: string; en: string; changed: boolean; hasDraft: boolean }
export type EditedSection = Omit<PlacedSection, 'texts'> & { texts: EditedText[] }

type Lang = 'ko' | 'en'
const LANGS: readonly Lang[] = ['ko', 'en']
const LANG_NAME = { ko: 'console.content.korean', en: 'console.content.english' } as const

/** A text's whole name in one language, as the comparison and screen readers say it: "채용 절차 · 단계 3 제목 (한국어)". */
export const textName = (t: Translate, section: EditedSection, text: PlacedText, l: Lang) =>
  t('console.pageCopy.field', { section: t(section.title), label: t(text.label, text.vars), lang: t(LANG_NAME[l]) })

/**
 * The filter (docs/decisions/055-page-copy-editor.md): the query of the address (`?q=`, what the
 * filter form sends without JavaScript) and, once typed into, the box's; the keys of the texts it
 * matches (null: every text).
 */
export function useTextFilter(initial: string, sections: EditedSection[]) {
  const t = useT()
  const [query, setQuery] = useState(initial)
  const shown = useMemo(() => {
    if (query.trim() === '') return null
    const keys = new Set<string>()
    for (const section of sections)
      for (const text of section.texts)
        if (textMatches(query, [t(section.title), t(text.label, text.vars), text.key, text.ko, text.en]))
          keys.add(text.key)
    return keys
  }, [query, sections, t])
  return { query, setQuery, shown }
}

/** The filter box: a search form of its own (GET `?q=`), narrowing the page as it is typed into. */
export function PageTextFilter({ filter, total }: { filter: ReturnType<typeof useTextFilter>; total: number }) {
  const t = useT()
  const count = filter.shown?.size ?? total
  return (
    <form method="get" role="search" className="page-copy__filter" onSubmit={(event) => event.preventDefault()}>
      <TextInput
        name="q"
        type="search"
        label={t('console.pageCopy.filter')}
        hint={t('console.pageCopy.filterHint')}
        value={filter.query}
        onChange={(event) => filter.setQuery(event.currentTarget.value)}
        maxLength={100}
        autoComplete="off"
      />
      <button className="button button--outline" type="submit">
        {t('console.pageCopy.filterButton')}
      </button>
      <p className="console-muted page-copy__count" role="status">
        {filter.shown === null
          ? ''
          : count === 0
            ? t('console.pageCopy.filterNone')
            : t('console.pageCopy.filterShown', { count })}
      </p>
    </form>
  )
}

/**
 * One section of the page as a collapsible group (open without JavaScript too), with a link to its
 * spot on the public page, and its texts: a one-line input for a title, a textarea for plain text,
 * each in Korean and English.
 */
export function PageTextSection({
  section,
  publicPath,
  shown,
  openByDefault,
  posted,
  errors,
  flagged,
}: {
  section: EditedSection
  publicPath: string
  /** The keys the filter matches; null: all. */
  shown: Set<string> | null
  openByDefault: boolean
  posted: Record<string, string> | undefined
  errors: FieldErrors
  /** Form names of texts refused or compared. */
  flagged: Set<string>
}) {
  const t = useT()
  const matching = shown ? section.texts.filter((text) => shown.has(text.key)).length : section.texts.length
  // Open when filtered, on a short page, or holding a refused, compared or typed (posted, not saved) text.
  const open =
    shown !== null ||
    openByDefault ||
    section.texts.some((text) =>
      LANGS.some((l) => {
        const name = `${text.key}.${l}`
        return flagged.has(name) || (posted?.[name] !== undefined && posted[name] !== text[l])
      }),
    )
  const title = t(section.title)
  return (
    <details className="page-copy__section" open={open} hidden={matching === 0}>
      <summary>
        <span className="page-copy__title">{title}</span>{' '}
        <span className="console-muted">{t('console.pageCopy.count', { count: section.texts.length })}</span>
      </summary>
      <p className="page-copy__spot">
        <a
          href={`${publicPath}?preview=all${section.anchor ? `#${section.anchor}` : ''}`}
          target="_blank"
          rel="noopener"
          aria-label={t('console.pageCopy.onPageOf', { section: title })}
        >
          {t('console.pageCopy.onPage')}
        </a>
      </p>
      {section.texts.map((text) => (
        <div key={text.key} className="content-text" hidden={shown !== null && !shown.has(text.key)}>
          <p className="content-text__key">
            <span className="page-copy__label">{t(text.label, text.vars)}</span>
            {text.hasDraft ? (
              <span className="content-badge content-badge--draft">{t('console.texts.draft')}</span>
            ) : text.changed ? (
              <span className="content-badge content-badge--on">{t('console.texts.changed')}</span>
            ) : null}
            <code className="console-muted">{text.key}</code>
          </p>
          <div className="content-pair">
            {LANGS.map((l) => {
              const name = `${text.key}.${l}`
              const props = {
                name,
                label: t(LANG_NAME[l]),
                // The whole name (section, label, language): the visible label is the language alone.
                'aria-label': textName(t, section, text, l),
                lang: l,
                defaultValue: posted?.[name] ?? text[l],
                error: errors[name] ? t(errors[name]) : undefined,
                required: true,
              }
              return text.kind === 'line' ? (
                <TextInput key={l} {...props} />
              ) : (
                <Textarea key={l} {...props} rows={text[l].length > 120 ? 4 : 2} />
              )
            })}
          </div>
        </div>
      ))}
    </details>
  )
}
