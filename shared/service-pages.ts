import type { MessageKey } from './i18n/messages.ts'

/**
 * The service & support pages of the specification: /service/{firstDepth}/{secondDepth}, two
 * first depths with six second depths each. The list type of a page is
 * second-depth index + 6 × first-depth index + 1 (1..12), which is also the index of its
 * classification in the reference archive (1 Catalog … 12 Nuclear Power A/S).
 */
export const SERVICE_GROUPS = [
  { key: 'reference', depths: ['catalog', 'circuit-diagram', 'external-map', 'table', 'software', 'certification'] },
  { key: 'as', depths: ['faq', 'educational-materials', 'guidelines', 'setting', 'as', 'nuclear-as'] },
] as const

export type ServiceGroupKey = (typeof SERVICE_GROUPS)[number]['key']

export type ServicePage = { group: ServiceGroupKey; depth: string; type: number; path: string }

/** Every service page in menu order. */
export const SERVICE_PAGES: ServicePage[] = SERVICE_GROUPS.flatMap((g, gi) =>
  g.depths.map((depth, di) => ({ group: g.key, depth, type: di + 6 * gi + 1, path: `/service/${g.key}/${depth}` })),
)

/** The page of `/service/{group}/{depth}`, or null when either part is unknown. */
export function findServicePage(group: string | undefined, depth: string | undefined): ServicePage | null {
  return SERVICE_PAGES.find((p) => p.group === group && p.depth === depth) ?? null
}

/** The second depth with the serial lookup and the standard circuit diagram. */
export const CIRCUIT_DIAGRAM_TYPE = 2

/** The reference-archive classifications (spec /related-data): 0 "Entire" … 12, by their catalogue keys. */
const CLASSIFICATION_KEYS = [
  'classification.0',
  'classification.1',
  'classification.2',
  'classification.3',
  'classification.4',
  'classification.5',
  'classification.6',
  'classification.7',
  'classification.8',
  'classification.9',
  'classification.10',
  'classification.11',
  'classification.12',
] as const satisfies readonly MessageKey[]

export const CLASSIFICATION_COUNT = CLASSIFICATION_KEYS.length

/** The name of classification `index` (also a service page's type, 1..12); unknown indexes read as "Entire". */
export const classificationKey = (index: number): MessageKey => CLASSIFICATION_KEYS[index] ?? CLASSIFICATION_KEYS[0]
