import type { MessageKey } from './i18n/messages.ts'

/**
 * The in-page anchors of the pages with sections (specification section 2), shared by the pages,
 * their side menus and the search index, which links each hit to its section (`?focus=<id>`).
 */

export const COMPANY_BASE = '/company/introduction'

/**
 * The five company pages and their in-page anchors (specification section 2). Each anchor id
 * is put on its section's heading; the side menu links to it with `?focus=<id>`.
 */
export const companyPages = [
  {
    path: 'info',
    key: 'company.menu.info',
    anchors: [
      { id: 'company_step_01', key: 'company.menu.info.overview' },
      { id: 'company_step_02', key: 'company.menu.info.history' },
      { id: 'company_step_03', key: 'company.menu.info.organization' },
      { id: 'company_step_04', key: 'company.menu.info.ceo' },
      { id: 'company_step_05', key: 'company.menu.info.certs' },
    ],
  },
  {
    path: 'management',
    key: 'company.menu.management',
    anchors: [
      { id: 'esg_step_01', key: 'company.menu.management.esg' },
      { id: 'esg_step_02', key: 'company.menu.management.importance' },
    ],
  },
  {
    path: 'client',
    key: 'company.menu.client',
    anchors: [
      { id: 'client_step_01', key: 'company.menu.client.oilGas' },
      { id: 'client_step_02', key: 'company.menu.client.power' },
      { id: 'client_step_03', key: 'company.menu.client.waterworks' },
      { id: 'client_step_04', key: 'company.menu.client.other' },
    ],
  },
  {
    path: 'place',
    key: 'company.menu.place',
    anchors: [
      { id: 'place_step_01', key: 'company.menu.place.hq' },
      { id: 'place_step_02', key: 'company.menu.place.daegu' },
      { id: 'place_step_03', key: 'company.menu.place.seoul' },
      { id: 'place_step_04', key: 'company.menu.place.vietnam' },
    ],
  },
  {
    path: 'agency',
    key: 'company.menu.agency',
    anchors: [
      { id: 'agency_step_01', key: 'company.menu.agency.domestic' },
      { id: 'agency_step_02', key: 'company.menu.agency.overseas' },
    ],
  },
] as const satisfies readonly { path: string; key: MessageKey; anchors: readonly { id: string; key: MessageKey }[] }[]

export type CompanyPath = (typeof companyPages)[number]['path']

/** The anchor ids of one page, in order. */
export function anchorsOf(path: CompanyPath): string[] {
  return companyPages.find((p) => p.path === path)!.anchors.map((a) => a.id)
}

/** /recruitment: the procedure at the top, then talent, jobs, evaluation, pay and benefits. */
export const RECRUITMENT_ANCHORS = [
  'recruitment_step_01',
  'recruitment_step_02',
  'recruitment_step_03',
  'recruitment_step_04',
  'recruitment_step_05',
] as const
