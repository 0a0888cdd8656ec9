/**
 * The small integer codes the specification uses for kinds of content (`?type=1|2` in the API,
 * the `type` columns), named once so no module writes a bare 1 or 2.
 */

/** Patents and certificates (`GET patent?type=`, the patent/certificate tabs). */
export const PATENT_TYPE = { patent: 1, certificate: 2 } as const
/** Domestic and overseas agencies (`GET agency?type=`). */
export const AGENCY_TYPE = { domestic: 1, overseas: 2 } as const
/** Investor notice categories: shareholder meetings and settlements (`invest/category/list?type=`). */
export const NOTICE_TYPE = { shareholder: 1, settlement: 2 } as const
/** Terms: service terms and the privacy policy (`GET terms?type=`). */
export const TERMS_TYPE = { service: 1, privacy: 2 } as const
/** Product details: type 1 lists related items (its children), type 2 options and the reference button. */
export const PRODUCT_TYPE = { relatedItems: 1, options: 2 } as const

type Codes<T> = T[keyof T]
export type PatentType = Codes<typeof PATENT_TYPE>
export type AgencyType = Codes<typeof AGENCY_TYPE>
export type NoticeType = Codes<typeof NOTICE_TYPE>
export type TermsType = Codes<typeof TERMS_TYPE>
export type ProductType = Codes<typeof PRODUCT_TYPE>

/** The codes of one kind, for schemas: `enumParam(codes(PATENT_TYPE))`. */
export function codes<const T extends Record<string, number>>(kind: T): [Codes<T>, ...Codes<T>[]] {
  return Object.values(kind) as [Codes<T>, ...Codes<T>[]]
}
