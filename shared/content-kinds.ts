import type { MessageKey } from './i18n/messages.ts'
import { AGENCY_TYPE, PATENT_TYPE } from './type-codes.ts'

/**
 * The kinds of site content the console edits, declared once (docs/decisions/015-content-publishing.md):
 * the server builds each kind's validation from these fields and the console its list and form.
 * A `bilingual` field is two columns, `name` (Korean) and `name_en` (English), edited side by side.
 */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'url'
  | 'link'
  | 'image'
  | 'file'
  | 'datetime'
  | 'int'
  | 'select'
  | 'lines'
  | 'email'
  | 'phone'

export type ContentField = {
  name: string
  type: FieldType
  label: MessageKey
  bilingual?: boolean
  required?: boolean
  /** Longest text accepted (characters); defaults by type. */
  max?: number
  min?: number
  options?: readonly { value: string; label: MessageKey }[]
  hint?: MessageKey
}

/**
 * Where one language of a record stands (docs/decisions/043-per-language-publishing.md): not public
 * in it, public as saved, or public with changes to its texts (or the shared fields) not yet published.
 */
export type LangState = 'off' | 'live' | 'pending'

export type ContentKind = {
  /** The address segment: /admin/content/<kind>. */
  kind: string
  title: MessageKey
  /** The public page that shows it (the preview opens it with ?preview=1). */
  publicPath: string
  fields: readonly ContentField[]
  /** The fields the console's list shows (the first is the link to the record). */
  listFields: readonly string[]
  /** One record only (site settings): no list, no new, no unpublish. */
  singleton?: boolean
  /** A field whose value groups the list (e.g. patents and certificates). */
  groupBy?: string
  /**
   * The datetime fields of a record shown to the public only between them (popups): the start,
   * and the end (empty: no end). See `showingWindow`.
   */
  shownBetween?: readonly [start: string, end: string]
}

/** Where a published record with a showing window stands now: before its start, within it, or past its end. */
export type ShowingWindow = 'scheduled' | 'current' | 'ended'

/**
 * The window [start, end) holds the moment `now` (end null: open-ended), the rule the public pages
 * show popups by (server/services/content.ts) and the console's list labels them by.
 */
export function showingWindow(start: Date | null, end: Date | null, now: Date): ShowingWindow {
  if (start !== null && start.getTime() > now.getTime()) return 'scheduled'
  if (end !== null && end.getTime() <= now.getTime()) return 'ended'
  return 'current'
}

const sortOrder: ContentField = {
  name: 'sort_order',
  type: 'int',
  label: 'console.field.sortOrder',
  min: 0,
  max: 9999,
  hint: 'console.field.sortOrderHint',
}
const option = (value: string | number, label: MessageKey) => ({ value: String(value), label })

export const CONTENT_KINDS = [
  {
    kind: 'site-settings',
    title: 'console.kind.siteSettings',
    publicPath: '/',
    singleton: true,
    listFields: ['company_name'],
    fields: [
      {
        name: 'company_name',
        type: 'text',
        label: 'console.field.companyName',
        bilingual: true,
        required: true,
        max: 100,
      },
      { name: 'ceo', type: 'text', label: 'console.field.ceo', bilingual: true, required: true, max: 100 },
      { name: 'hq_address', type: 'text', label: 'console.field.hqAddress', bilingual: true, required: true, max: 300 },
      {
        name: 'seoul_address',
        type: 'text',
        label: 'console.field.seoulAddress',
        bilingual: true,
        required: true,
        max: 300,
      },
      {
        name: 'daegu_address',
        type: 'text',
        label: 'console.field.daeguAddress',
        bilingual: true,
        required: true,
        max: 300,
      },
      {
        name: 'business_numbers',
        type: 'text',
        label: 'console.field.businessNumbers',
        bilingual: true,
        required: true,
        max: 300,
      },
      { name: 'phone', type: 'phone', label: 'console.field.phone', required: true },
      { name: 'fax', type: 'phone', label: 'console.field.fax', required: true },
      { name: 'sales_phone', type: 'phone', label: 'console.field.salesPhone' },
      { name: 'sales_email', type: 'email', label: 'console.field.salesEmail' },
      { name: 'as_phone', type: 'phone', label: 'console.field.asPhone' },
      { name: 'groupware_url', type: 'url', label: 'console.field.groupwareUrl', required: true },
      { name: 'vr_url_ko', type: 'url', label: 'console.field.vrUrlKo', required: true },
      { name: 'vr_url_en', type: 'url', label: 'console.field.vrUrlEn', required: true },
      { name: 'vr_url_ru', type: 'url', label: 'console.field.vrUrlRu', required: true },
      { name: 'ir_stock_url', type: 'url', label: 'console.field.irStockUrl', required: true },
      { name: 'ir_disclosure_url', type: 'url', label: 'console.field.irDisclosureUrl', required: true },
    ],
  },
  {
    kind: 'banners',
    title: 'console.kind.banners',
    publicPath: '/',
    listFields: ['title', 'sort_order'],
    fields: [
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, max: 200 },
      { name: 'pc_image', type: 'image', label: 'console.field.pcImage', bilingual: true, required: true },
      { name: 'mb_image', type: 'image', label: 'console.field.mobileImage', bilingual: true, required: true },
      sortOrder,
    ],
  },
  {
    kind: 'popups',
    title: 'console.kind.popups',
    publicPath: '/',
    listFields: ['title', 'starts_at', 'ends_at'],
    shownBetween: ['starts_at', 'ends_at'],
    fields: [
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, required: true, max: 200 },
      { name: 'image', type: 'image', label: 'console.field.image' },
      { name: 'description', type: 'richtext', label: 'console.field.body', bilingual: true, required: true },
      { name: 'starts_at', type: 'datetime', label: 'console.field.startsAt', required: true },
      { name: 'ends_at', type: 'datetime', label: 'console.field.endsAt', hint: 'console.field.endsAtHint' },
      sortOrder,
    ],
  },
  {
    kind: 'product-banners',
    title: 'console.kind.productBanners',
    publicPath: '/',
    listFields: ['title', 'sort_order'],
    fields: [
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, required: true, max: 200 },
      {
        name: 'introduce',
        type: 'textarea',
        label: 'console.field.introduce',
        bilingual: true,
        required: true,
        max: 1000,
      },
      { name: 'image', type: 'image', label: 'console.field.image', required: true },
      {
        name: 'url',
        type: 'link',
        label: 'console.field.link',
        required: true,
        max: 500,
        hint: 'console.field.linkHint',
      },
      sortOrder,
    ],
  },
  {
    kind: 'videos',
    title: 'console.kind.videos',
    publicPath: '/',
    listFields: ['title', 'sort_order'],
    fields: [
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, required: true, max: 200 },
      {
        name: 'url',
        type: 'url',
        label: 'console.field.videoUrl',
        bilingual: true,
        required: true,
        hint: 'console.field.videoUrlHint',
      },
      sortOrder,
    ],
  },
  {
    kind: 'history',
    title: 'console.kind.history',
    publicPath: '/company/introduction/info',
    listFields: ['year', 'title', 'sort_order'],
    fields: [
      { name: 'year', type: 'int', label: 'console.field.year', required: true, min: 1900, max: 2100 },
      { name: 'tag', type: 'text', label: 'console.field.tag', bilingual: true, required: true, max: 100 },
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, required: true, max: 200 },
      { name: 'description', type: 'richtext', label: 'console.field.body', bilingual: true, required: true },
      sortOrder,
    ],
  },
  {
    kind: 'patents',
    title: 'console.kind.patents',
    publicPath: '/company/introduction/info',
    listFields: ['title', 'type', 'sort_order'],
    groupBy: 'type',
    fields: [
      {
        name: 'type',
        type: 'select',
        label: 'console.field.patentType',
        required: true,
        options: [
          option(PATENT_TYPE.patent, 'company.certs.patent'),
          option(PATENT_TYPE.certificate, 'company.certs.certificate'),
        ],
      },
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, required: true, max: 200 },
      {
        name: 'description',
        type: 'text',
        label: 'console.field.registrationNumber',
        bilingual: true,
        required: true,
        max: 200,
      },
      { name: 'thumbnail', type: 'image', label: 'console.field.thumbnail', required: true },
      { name: 'path', type: 'file', label: 'console.field.file', required: true },
      {
        name: 'origin_file_name',
        type: 'text',
        label: 'console.field.fileName',
        bilingual: true,
        required: true,
        max: 200,
      },
      sortOrder,
    ],
  },
  {
    kind: 'clients',
    title: 'console.kind.clients',
    publicPath: '/company/introduction/client',
    listFields: ['name', 'sector', 'sort_order'],
    groupBy: 'sector',
    fields: [
      {
        name: 'sector',
        type: 'select',
        label: 'console.field.sector',
        required: true,
        options: [
          option('oil_gas', 'company.menu.client.oilGas'),
          option('power', 'company.menu.client.power'),
          option('waterworks', 'company.menu.client.waterworks'),
          option('other', 'company.menu.client.other'),
        ],
      },
      { name: 'name', type: 'text', label: 'console.field.name', bilingual: true, required: true, max: 200 },
      { name: 'logo', type: 'image', label: 'console.field.logo', required: true },
      sortOrder,
    ],
  },
  {
    kind: 'workplaces',
    title: 'console.kind.workplaces',
    publicPath: '/company/introduction/place',
    listFields: ['title', 'sort_order'],
    fields: [
      { name: 'title', type: 'text', label: 'console.field.title', bilingual: true, required: true, max: 200 },
      { name: 'address', type: 'text', label: 'console.field.address', bilingual: true, required: true, max: 300 },
      {
        name: 'roles',
        type: 'lines',
        label: 'console.field.roles',
        bilingual: true,
        required: true,
        max: 2000,
        hint: 'console.field.linesHint',
      },
      { name: 'map_url', type: 'url', label: 'console.field.mapUrl', bilingual: true, required: true },
      { name: 'tel', type: 'phone', label: 'console.field.phone' },
      { name: 'fax', type: 'phone', label: 'console.field.fax' },
      sortOrder,
    ],
  },
  {
    kind: 'agencies',
    title: 'console.kind.agencies',
    publicPath: '/company/introduction/agency',
    listFields: ['name', 'type', 'region', 'sort_order'],
    groupBy: 'type',
    fields: [
      {
        name: 'type',
        type: 'select',
        label: 'console.field.agencyType',
        required: true,
        options: [
          option(AGENCY_TYPE.domestic, 'company.menu.agency.domestic'),
          option(AGENCY_TYPE.overseas, 'company.menu.agency.overseas'),
        ],
      },
      {
        name: 'region',
        type: 'select',
        label: 'console.field.region',
        required: true,
        options: [
          option('domestic', 'console.region.domestic'),
          option('asia', 'console.region.asia'),
          option('middle_east', 'console.region.middleEast'),
          option('americas', 'console.region.americas'),
          option('europe', 'console.region.europe'),
        ],
      },
      { name: 'name', type: 'text', label: 'console.field.name', bilingual: true, required: true, max: 200 },
      { name: 'title', type: 'text', label: 'console.field.agencyArea', bilingual: true, required: true, max: 200 },
      {
        name: 'description',
        type: 'textarea',
        label: 'console.field.contact',
        bilingual: true,
        required: true,
        max: 2000,
      },
      { name: 'email', type: 'email', label: 'console.field.agencyEmail', hint: 'console.field.agencyEmailHint' },
      sortOrder,
    ],
  },
] as const satisfies readonly ContentKind[]

export type ContentKindName = (typeof CONTENT_KINDS)[number]['kind']

export const contentKind = (kind: string): ContentKind | undefined => CONTENT_KINDS.find((k) => k.kind === kind)

/** The column names of a field: one, or the Korean and the English. */
export const columnsOf = (field: ContentField): string[] =>
  field.bilingual ? [field.name, `${field.name}_en`] : [field.name]

/** Every column a kind's form writes. */
export const kindColumns = (kind: ContentKind): string[] => kind.fields.flatMap(columnsOf)

/** The columns that hold a stored file's key (image and file fields): the console shows their original names. */
export const fileColumns = (kind: ContentKind): string[] =>
  kind.fields.filter((f) => f.type === 'image' || f.type === 'file').flatMap(columnsOf)
