import { Form } from 'react-router'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'

/**
 * A record's saved versions and the comparison of two (docs/decisions/042-record-history.md), for
 * every history page (the content kinds' and the other records'): the versions newest first as
 * sentences (who, when, what it did, which fields it changed), a plain GET form choosing two to
 * compare, "restore this version" per version, and the two chosen ones side by side per field with
 * the words removed struck and the words added underlined. The loader makes the data
 * (`history.server.ts`: `historyView`).
 */

/** One version as the list shows it. */
export type HistoryVersionRow = {
  id: number
  version: number
  action: string
  savedAt: string
  savedBy: string | null
  /** The columns it changed against the version before. */
  changed: string[]
  /** The record's current version: no restore offered. */
  current: boolean
}

/** A piece of a field's text in a comparison: unchanged, or removed from A, or added in B. */
export type HistoryPart = { text: string; change: 'added' | 'removed' | null }

export type HistoryComparison = { a: number; b: number; rows: { column: string; parts: HistoryPart[] }[] }

/** What each saving action says in a version's sentence ("…: saved a draft."), across the record kinds. */
const ACTIONS: Record<string, MessageKey> = {
  'content.create': 'console.history.action.create',
  'content.create-publish': 'console.history.action.createPublish',
  'content.save': 'console.history.action.save',
  'content.draft': 'console.history.action.draft',
  'content.publish': 'console.history.action.publish',
  'content.unpublish': 'console.history.action.unpublish',
  'content.discard-draft': 'console.history.action.discard',
  'content.restore': 'console.history.action.restore',
  'content.autosave': 'console.history.action.autosave',
  'content.publish-ko': 'console.history.action.publishKo',
  'content.publish-en': 'console.history.action.publishEn',
  'content.unpublish-ko': 'console.history.action.unpublishKo',
  'content.unpublish-en': 'console.history.action.unpublishEn',
  'catalogue.create': 'console.history.action.create',
  'catalogue.rename': 'console.history.action.rename',
  'catalogue.reorder': 'console.history.action.move',
  'catalogue.move': 'console.history.action.move',
  'catalogue.show': 'console.history.action.publish',
  'catalogue.hide': 'console.history.action.unpublish',
  'catalogue.detail': 'console.history.action.save',
  'catalogue.image-add': 'console.history.action.images',
  'catalogue.image-remove': 'console.history.action.images',
  'catalogue.image-reorder': 'console.history.action.images',
  'catalogue.option-add': 'console.history.action.options',
  'catalogue.option-save': 'console.history.action.options',
  'catalogue.option-remove': 'console.history.action.options',
  'catalogue.option-reorder': 'console.history.action.options',
  'catalogue.restore': 'console.history.action.restore',
  'document.create': 'console.history.action.create',
  'document.create-publish': 'console.history.action.createPublish',
  'document.save': 'console.history.action.save',
  'document.publish': 'console.history.action.publish',
  'document.unpublish': 'console.history.action.unpublish',
  'document.revise': 'console.history.action.revise',
  'document.restore': 'console.history.action.restore',
  'invest-post.create': 'console.history.action.create',
  'invest-post.save': 'console.history.action.save',
  'invest-post.publish': 'console.history.action.publish',
  'invest-post.unpublish': 'console.history.action.unpublish',
  'invest-post.restore': 'console.history.action.restore',
  'terms.draft.create': 'console.history.action.create',
  'terms.draft.save': 'console.history.action.draft',
  'terms.publish': 'console.history.action.publish',
  'terms.unschedule': 'console.history.action.unschedule',
  'terms.restore': 'console.history.action.restore',
}

export function VersionHistory({
  versions,
  compare,
  labels,
  canRestore,
  restoreFields,
  busy,
}: {
  versions: HistoryVersionRow[]
  compare: HistoryComparison | null
  /** Each column's label as the page shows it (a column without one shows its name). */
  labels: Map<string, string>
  /** Whether "restore this version" is offered (the staff member may edit the record, and it may change). */
  canRestore: boolean
  /** Hidden fields a restore posts besides the version's id (the record's version or lock as loaded). */
  restoreFields: Record<string, string | number>
  busy: boolean
}) {
  const t = useT()
  const lang = useLang()
  const numberOf = (versionId: number) => versions.find((v) => v.id === versionId)?.version ?? '?'
  return (
    <>
      {versions.length === 0 ? (
        <p className="console-muted">{t('console.history.none')}</p>
      ) : (
        <form method="get" className="history-form">
          <table className="console-table history-table">
            <caption>{t('console.history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.history.compareA')}</th>
                <th scope="col">{t('console.history.compareB')}</th>
                <th scope="col">{t('console.history.version')}</th>
                <th scope="col">{t('console.history.what')}</th>
                {canRestore ? <th scope="col">{t('console.history.restoreHead')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => {
                const name = t('console.history.versionName', { version: v.version })
                return (
                  <tr key={v.id}>
                    {(['a', 'b'] as const).map((side) => (
                      <td key={side}>
                        <input
                          type="radio"
                          name={side}
                          value={v.id}
                          defaultChecked={compare?.[side] === v.id}
                          aria-label={`${t(side === 'a' ? 'console.history.compareA' : 'console.history.compareB')}: ${name}`}
                        />
                      </td>
                    ))}
                    <th scope="row">{name}</th>
                    <td>
                      {t('console.history.sentence', {
                        name: v.savedBy ?? t('console.content.someone'),
                        time: koreaDateTime(v.savedAt, lang),
                        action: t(ACTIONS[v.action] ?? 'console.history.action.save'),
                      })}
                      {v.changed.length > 0 ? (
                        <>
                          {' '}
                          {t('console.history.changed', {
                            fields: v.changed.map((c) => labels.get(c) ?? c).join(', '),
                          })}
                        </>
                      ) : null}
                    </td>
                    {canRestore ? (
                      <td>
                        {v.current ? (
                          <span className="console-muted">{t('console.history.current')}</span>
                        ) : (
                          <Form method="post" className="console-inline-form">
                            {Object.entries(restoreFields).map(([field, value]) => (
                              <input key={field} type="hidden" name={field} value={value} />
                            ))}
                            <input type="hidden" name="version_id" value={v.id} />
                            <button
                              type="submit"
                              name="intent"
                              value="restore"
                              className="button button--outline catalogue-small"
                              disabled={busy}
                              aria-label={`${t('console.history.restore')}: ${name}`}
                            >
                              {t('console.history.restore')}
                            </button>
                          </Form>
                        )}
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
          {versions.length > 1 ? (
            <button type="submit" className="button button--outline">
              {t('console.history.compare')}
            </button>
          ) : null}
        </form>
      )}
      {compare ? (
        <section aria-labelledby="history-compare" className="history-compare">
          <h2 id="history-compare">
            {t('console.history.compareTitle', { a: numberOf(compare.a), b: numberOf(compare.b) })}
          </h2>
          <table className="console-table">
            <caption className="visually-hidden">{t('console.history.compareCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.history.field')}</th>
                <th scope="col">{t('console.history.versionName', { version: numberOf(compare.a) })}</th>
                <th scope="col">{t('console.history.versionName', { version: numberOf(compare.b) })}</th>
              </tr>
            </thead>
            <tbody>
              {compare.rows.map((row) => (
                <tr key={row.column} className={row.parts.some((p) => p.change) ? 'is-changed' : undefined}>
                  <th scope="row">{labels.get(row.column) ?? row.column}</th>
                  <td>
                    {row.parts
                      .filter((p) => p.change !== 'added')
                      .map((p, i) =>
                        p.change === 'removed' ? <del key={i}>{p.text}</del> : <span key={i}>{p.text}</span>,
                      )}
                  </td>
                  <td>
                    {row.parts
                      .filter((p) => p.change !== 'removed')
                      .map((p, i) =>
                        p.change === 'added' ? <ins key={i}>{p.text}</ins> : <span key={i}>{p.text}</span>,
                      )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  )
}
