import { useRef, useState } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './conflict-choices.css'

/**
 * A compared field: its form name and label; `rich` compares rich text by its words; `show` words a
 * value that is not text as the editor knows it (a choice's label, a list of files).
 */
export type ConflictField = { name: string; label: string; rich?: boolean; show?: (value: string) => string }

/**
 * A form's values after a conflict, as `ConflictChoices` changes them: `take` puts the chosen value in
 * one field and keeps every other field as it stands in the form (`formRef`); `values` is then what
 * the form starts from and `restart` its key part, so it starts over with them. Both belong to the
 * conflict answer (`version`) they were taken for; the next answer starts without them.
 */
export function useConflictTakes(answer: { theirs?: Record<string, string>; version?: number | string } | undefined) {
  const [taken, setTaken] = useState<{ values: Record<string, string>; n: number; of?: number | string } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const current = taken && answer?.theirs && taken.of === answer.version ? taken : null
  const take = (base: Record<string, string> | undefined) => (name: string, value: string) => {
    const now = formRef.current
      ? Object.fromEntries(new FormData(formRef.current) as unknown as [string, string][])
      : {}
    setTaken((before) => ({
      values: { ...base, ...now, [name]: value },
      n: (before?.n ?? 0) + 1,
      of: answer?.version,
    }))
  }
  return { formRef, values: current?.values, restart: current?.n ?? 0, take }
}

type Choice = 'mine' | 'theirs'

/** Rich text shown as its words: the comparison is about what changed, not the markup. */
function shown(value: string, rich: boolean | undefined): string {
  if (!rich) return value
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * After a refused stale save: each field of the form whose saved value (`theirs`, saved by `by`)
 * differs from what the editor posted (`mine`), side by side, with "keep mine" (the default: the
 * editor's text stays in the field) or "use the saved one" (`onTake` puts it in the field). Nothing
 * replaces the editor's text without one of these choices; saving again then saves the fields as they are.
 */
export function ConflictChoices({
  fields,
  mine,
  theirs,
  by,
  onTake,
}: {
  fields: ConflictField[]
  mine: Record<string, string>
  theirs: Record<string, string>
  by: string
  onTake: (name: string, value: string) => void
}) {
  const t = useT()
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const differing = fields.filter((f) => (theirs[f.name] ?? '') !== (mine[f.name] ?? ''))
  const choose = (field: ConflictField, choice: Choice) => {
    setChoices((c) => ({ ...c, [field.name]: choice }))
    onTake(field.name, choice === 'theirs' ? (theirs[field.name] ?? '') : (mine[field.name] ?? ''))
  }
  const text = (value: string | undefined, field: ConflictField) =>
    (field.show ? field.show(value ?? '') : shown(value ?? '', field.rich)) || t('console.conflict.empty')
  return (
    <section className="conflict-choices" aria-labelledby="conflict-choices-title">
      <h2 id="conflict-choices-title">{t('console.conflict.title', { name: by })}</h2>
      {differing.length === 0 ? (
        <p>{t('console.conflict.same')}</p>
      ) : (
        <>
          <p>{t('console.conflict.hint')}</p>
          <ul className="conflict-choices__list">
            {differing.map((field) => {
              const choice = choices[field.name] ?? 'mine'
              return (
                <li key={field.name} className="conflict-choices__field">
                  <h3>{field.label}</h3>
                  <div className="conflict-choices__sides">
                    <div className={choice === 'mine' ? 'conflict-choices__side is-chosen' : 'conflict-choices__side'}>
                      <p className="conflict-choices__who">{t('console.conflict.mine')}</p>
                      <p className="conflict-choices__text">{text(mine[field.name], field)}</p>
                      <button
                        type="button"
                        className="button button--outline catalogue-small"
                        aria-pressed={choice === 'mine'}
                        aria-label={`${field.label}: ${t('console.conflict.keepMine')}`}
                        onClick={() => choose(field, 'mine')}
                      >
                        {t('console.conflict.keepMine')}
                      </button>
                    </div>
                    <div
                      className={choice === 'theirs' ? 'conflict-choices__side is-chosen' : 'conflict-choices__side'}
                    >
                      <p className="conflict-choices__who">{t('console.conflict.theirs', { name: by })}</p>
                      <p className="conflict-choices__text">{text(theirs[field.name], field)}</p>
                      <button
                        type="button"
                        className="button button--outline catalogue-small"
                        aria-pressed={choice === 'theirs'}
                        aria-label={`${field.label}: ${t('console.conflict.useTheirs')}`}
                        onClick={() => choose(field, 'theirs')}
                      >
                        {t('console.conflict.useTheirs')}
                      </button>
                    </div>
                  </div>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}
