import { Link, useLocation, useNavigate } from 'react-router'
import { groupDigits } from '#shared/group-digits.ts'
import { DownloadList } from '#app/components/ui/download-list.tsx'
import { Dropdown } from '#app/components/ui/dropdown.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { chooseInGroup, STANDARD_FOCUS, standardHref } from './service-query.ts'
import { DocumentTitle, type DocumentRow } from '#app/components/ui/document-table.tsx'

export type StandardGroup = {
  id: number
  title: string
  selected: number | null
  options: { id: number; title: string; disabled: boolean; available: boolean }[]
}

/**
 * The standard circuit diagram: the model-name dropdown, then one dropdown per further option
 * group. The choice lives in `std`; the server marks options no diagram has together with the
 * choices of the other dropdowns (faceted), and lists the diagrams carrying every choice.
 */
export function StandardDiagram({
  groups,
  hasModel,
  total,
  rows,
}: {
  groups: StandardGroup[]
  hasModel: boolean
  total: number
  rows: DocumentRow[]
}) {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const chosen = groups.map((g) => g.selected).filter((id): id is number => id !== null)

  function choose(group: StandardGroup, value: string) {
    const ids = chooseInGroup(
      chosen,
      group.options.map((o) => o.id),
      value ? Number(value) : null,
    )
    navigate(standardHref(location.pathname, params, ids))
  }

  return (
    <section className="standard" aria-labelledby="standard-title">
      <h3 id="standard-title" className="service__section-title">
        {t('standard.title')}
      </h3>
      <p className="standard__description">{t('standard.description')}</p>
      <div className="standard__selects">
        {groups.map((group, i) => (
          <Dropdown
            key={group.id}
            className="standard__select"
            label={group.title}
            options={[
              ...(i === 0 ? [] : [{ value: '', label: t('standard.any') }]),
              ...group.options.map((o) => ({
                value: String(o.id),
                label: o.available || o.disabled ? o.title : t('standard.unavailable', { title: o.title }),
                disabled: o.disabled || !o.available,
              })),
            ]}
            value={group.selected === null ? (i === 0 ? null : '') : String(group.selected)}
            disabled={i > 0 && !hasModel}
            onChange={(value) => choose(group, value)}
          />
        ))}
      </div>
      <div className="standard__actions">
        <Link className="button button--outline" to={standardHref(location.pathname, params, [])}>
          {t('service.reset')}
        </Link>
      </div>
      <div id={STANDARD_FOCUS} className="standard__result">
        {!hasModel ? (
          <p className="standard__prompt">{t('standard.chooseModel')}</p>
        ) : rows.length > 0 ? (
          <>
            <p className="service-results__total">{t('standard.count', { total: groupDigits(total) })}</p>
            <ul className="standard__list">
              {rows.map((row) => (
                <li key={row.id} className="standard__item">
                  <DocumentTitle row={row} />
                  <DownloadList files={row.files} showLabels />
                </li>
              ))}
            </ul>
            {total > rows.length ? (
              <p className="standard__more">{t('standard.more', { shown: rows.length })}</p>
            ) : null}
          </>
        ) : (
          <EmptyState variant="search" />
        )}
      </div>
    </section>
  )
}
