import { FILE_SLOTS, fileForOf } from '#shared/document-form.ts'

/**
 * The parts of a document or notice form that are not one input each, as single values the conflict
 * comparison (`ConflictChoices`) can show and the editor can take: `files` (the slots' stored keys
 * with their language, in order) and `options` (a service document's option tags). The form itself
 * posts `file_0`, `file_0_for` … and `option_<id>`; `expandTaken` turns a taken value back into those.
 */

type SlotFile = { key: string; for: string }

/** The files of a form as one comparable value: the non-empty slots in order, each with its language choice. */
export function filesValue(files: readonly SlotFile[]): string {
  return JSON.stringify(files.filter((f) => f.key).map((f) => [f.key, fileForOf(f.for)]))
}

/** The posted slots (`file_0`, `file_0_for` …) as one comparable value. */
export function postedFilesValue(values: Record<string, string>): string {
  return filesValue(
    Array.from({ length: FILE_SLOTS }, (_, i) => ({
      key: values[`file_${i}`] ?? '',
      for: values[`file_${i}_for`] ?? 'auto',
    })),
  )
}

/** The chosen option tags of a form (`option_<id>` posted) as one comparable value: ids in order. */
export function optionsValue(ids: readonly number[]): string {
  return [...ids].sort((a, b) => a - b).join(',')
}

export const postedOptionsValue = (values: Record<string, string>) =>
  optionsValue(
    Object.keys(values)
      .filter((k) => /^option_\d+$/.test(k))
      .map((k) => Number(k.slice(7))),
  )

/** A `files` value as its list of [key, language]; nothing when it is not one. */
function parseFiles(value: string): [string, string][] {
  try {
    const list: unknown = JSON.parse(value || '[]')
    return Array.isArray(list) ? (list as [string, string][]) : []
  } catch {
    return []
  }
}

/** A `files` value in words: each file's original name (`nameOf`, else its key's last part) and language. */
export function filesInWords(
  value: string,
  both: string,
  nameOf: (key: string) => string | undefined = () => undefined,
): string {
  return parseFiles(value)
    .map(([key, lang]) => `${nameOf(key) ?? key.split('/').pop() ?? key} (${lang === 'auto' ? both : lang})`)
    .join(', ')
}

/**
 * The form's values with a taken `files` or `options` value put back into the inputs the form posts
 * (and the combined value itself dropped, so the form's own inputs count from then on).
 */
export function expandTaken(values: Record<string, string>): Record<string, string> {
  const { files, options, ...rest } = values
  if (files !== undefined) {
    const list = parseFiles(files)
    for (let i = 0; i < FILE_SLOTS; i++) {
      rest[`file_${i}`] = list[i]?.[0] ?? ''
      rest[`file_${i}_for`] = list[i]?.[1] ?? (i === 1 ? 'ENG' : 'KOR')
    }
  }
  if (options !== undefined) {
    for (const key of Object.keys(rest)) if (/^option_\d+$/.test(key)) delete rest[key]
    for (const id of options.split(',').filter(Boolean)) rest[`option_${id}`] = 'on'
  }
  return rest
}
