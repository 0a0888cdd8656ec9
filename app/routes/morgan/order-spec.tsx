import { COPY } from './morgan-copy.ts'
import './order-spec.css'

/** The groups of one order as the service answers them (shared/order-fields.ts), every field with its value. */
export type SpecField = { key: string; label: string; value: string }
export type SpecSection = { key: string; label: string | null; fields: SpecField[] }
export type SpecGroup = { key: string; label: string; sections: SpecSection[] }

/**
 * One collapsible part, closed by default (spec sections 2 and 4): native <details>, so it opens
 * by mouse, Enter or Space, and without JavaScript. Empty values show a dash.
 */
function SpecDetails({ label, fields }: { label: string; fields: SpecField[] }) {
  return (
    <details className="order-spec__part">
      <summary className="order-spec__summary">{label}</summary>
      <dl className="order-spec__fields">
        {fields.map((field) => (
          <div key={field.key} className="order-spec__field">
            <dt>{field.label}</dt>
            <dd>{field.value || COPY.empty}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/**
 * The specification: a group of one unnamed section (every EPS group) is itself a collapsible;
 * a group of named sections (ERP's 기계 사양 and 전기 사양) is a heading over its sections'
 * collapsibles.
 */
export function OrderSpec({ groups }: { groups: SpecGroup[] }) {
  return (
    <div className="order-spec">
      {groups.map((group) => {
        const only = group.sections[0]
        if (group.sections.length === 1 && only && only.label === null)
          return <SpecDetails key={group.key} label={group.label} fields={only.fields} />
        return (
          <section key={group.key} className="order-spec__group" aria-labelledby={`spec-${group.key}`}>
            <h2 id={`spec-${group.key}`} className="order-spec__heading">
              {group.label}
            </h2>
            {group.sections.map((section) => (
              <SpecDetails key={section.key} label={section.label ?? group.label} fields={section.fields} />
            ))}
          </section>
        )
      })}
    </div>
  )
}
