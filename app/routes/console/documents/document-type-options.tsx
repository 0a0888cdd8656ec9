import { useT } from '#app/i18n/use-lang.ts'
import { CLASSIFICATION_COUNT, classificationKey, SERVICE_GROUPS, SERVICE_PAGES } from '#shared/service-pages.ts'

/**
 * The `<option>`s of a document type (1..12): flat by classification, or `grouped` under the
 * service first depths (type = second + 6 × first + 1), as the service pages are.
 */
export function DocumentTypeOptions({ grouped }: { grouped: boolean }) {
  const t = useT()
  if (!grouped) {
    return Array.from({ length: CLASSIFICATION_COUNT - 1 }, (_, i) => i + 1).map((type) => (
      <option key={type} value={type}>
        {t(classificationKey(type))}
      </option>
    ))
  }
  return SERVICE_GROUPS.map((g) => (
    <optgroup key={g.key} label={t(`service.group.${g.key}`)}>
      {SERVICE_PAGES.filter((p) => p.group === g.key).map((p) => (
        <option key={p.type} value={p.type}>
          {t(classificationKey(p.type))}
        </option>
      ))}
    </optgroup>
  ))
}
