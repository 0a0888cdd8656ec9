import { describe, expect, it } from 'vitest'
import { SERVICE_TYPE_MAX, SERVICE_TYPE_MIN, serviceType } from './api-schemas/support.ts'
import { CIRCUIT_DIAGRAM_TYPE, findServicePage, SERVICE_GROUPS, SERVICE_PAGES } from './service-pages.ts'

describe('service pages', () => {
  it('are the 12 second depths of the specification, typed by the API rule', () => {
    expect(SERVICE_PAGES.map((p) => p.path)).toEqual([
      '/service/reference/catalog',
      '/service/reference/circuit-diagram',
      '/service/reference/external-map',
      '/service/reference/table',
      '/service/reference/software',
      '/service/reference/certification',
      '/service/as/faq',
      '/service/as/educational-materials',
      '/service/as/guidelines',
      '/service/as/setting',
      '/service/as/as',
      '/service/as/nuclear-as',
    ])
    SERVICE_GROUPS.forEach((g, gi) =>
      g.depths.forEach((depth, di) => expect(findServicePage(g.key, depth)?.type).toBe(serviceType(gi, di))),
    )
    expect(SERVICE_PAGES.map((p) => p.type)).toEqual(
      Array.from({ length: SERVICE_TYPE_MAX - SERVICE_TYPE_MIN + 1 }, (_, i) => i + SERVICE_TYPE_MIN),
    )
    expect(findServicePage('reference', 'circuit-diagram')?.type).toBe(CIRCUIT_DIAGRAM_TYPE)
  })

  it('refuses unknown groups and depths, and depths of the other group', () => {
    for (const [g, d] of [
      ['reference', 'faq'],
      ['as', 'catalog'],
      ['x', 'catalog'],
      ['reference', 'Catalog'],
      [undefined, undefined],
    ] as const) {
      expect(findServicePage(g, d)).toBeNull()
    }
  })
})
