import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/**
 * One schema for both drivers. Bilingual content follows the specification's
 * suffix naming: `name` is Korean, `name_en` is English.
 */

/**
 * What every record the console edits carries (docs/decisions/015-content-publishing.md): whether
 * the public sees it, the pending changes of a published record (`draft`, shown only in preview),
 * the version for optimistic locking, and who changed it last and when.
 */
const editable = () => ({
  published: boolean('published').notNull().default(true),
  draft: jsonb('draft').$type<Record<string, unknown>>(),
  version: integer('version').notNull().default(1),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updated_by: integer('updated_by'),
})

/**
 * The language a published content record is not public in (docs/decisions/043-per-language-publishing.md):
 * null when public in both, 'en' or 'ko' when only the other language went live.
 */
const languageSides = () => ({
  hidden_lang: text('hidden_lang').$type<'ko' | 'en'>(),
})

/** The single row (id = 1) of company facts and outside links that the layout reads. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  company_name: text('company_name').notNull(),
  company_name_en: text('company_name_en').notNull(),
  ceo: text('ceo').notNull(),
  ceo_en: text('ceo_en').notNull(),
  hq_address: text('hq_address').notNull(),
  hq_address_en: text('hq_address_en').notNull(),
  seoul_address: text('seoul_address').notNull(),
  seoul_address_en: text('seoul_address_en').notNull(),
  daegu_address: text('daegu_address').notNull(),
  daegu_address_en: text('daegu_address_en').notNull(),
  /** Business registration numbers, one per line ("label: number"). */
  business_numbers: text('business_numbers').notNull(),
  business_numbers_en: text('business_numbers_en').notNull(),
  phone: text('phone').notNull(),
  fax: text('fax').notNull(),
  vr_url_ko: text('vr_url_ko').notNull(),
  vr_url_en: text('vr_url_en').notNull(),
  vr_url_ru: text('vr_url_ru').notNull(),
  groupware_url: text('groupware_url').notNull(),
  ir_stock_url: text('ir_stock_url').notNull(),
  ir_disclosure_url: text('ir_disclosure_url').notNull(),
  /** Customer Center panel of the home page. */
  sales_phone: text('sales_phone').notNull().default(''),
  sales_email: text('sales_email').notNull().default(''),
  as_phone: text('as_phone').notNull().default(''),
  /** The internal-information-rules PDF (a key in `files`) shown on /investment/internal. */
  internal_rules_file: text('internal_rules_file'),
  internal_rules_title: text('internal_rules_title').notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  draft: jsonb('draft').$type<Record<string, unknown>>(),
  version: integer('version').notNull().default(1),
  updated_by: integer('updated_by'),
})

export type SiteSettings = typeof siteSettings.$inferSelect

// ---------------------------------------------------------------------------------------------
// Content (issue 3). Every HTML column is sanitized when stored (services/html.ts) and again
// when rendered. Image and file columns hold storage keys of rows in `files`.
// ---------------------------------------------------------------------------------------------

/** Every stored file. Only keys listed here are ever served. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** Storage key, e.g. `documents/catalog-tm-basic-ko.pdf`. */
    file_name: text('file_name').notNull().unique(),
    /** Name offered to the downloader (may be Korean). */
    origin_file_name: text('origin_file_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The text inside the file (PDFs), extracted once when it is stored; what search indexes. */
    text_content: text('text_content'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who uploaded it in the console (null: the demo seed, imports, or a removed account). */
    uploaded_by: integer('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Pixel size of an uploaded image (responsive variants are made from it). */
    width: integer('width'),
    height: integer('height'),
    /**
     * A responsive variant of an uploaded image (docs/decisions/017-console-uploads.md): the key of
     * its original, removed with it. Null for originals and every other file.
     */
    variant_of: text('variant_of').references((): AnyPgColumn => files.file_name, { onDelete: 'cascade' }),
    /** An image's alternative text in Korean and English (docs/decisions/056-media-library.md); '' when not written. */
    alt: text('alt').notNull().default(''),
    alt_en: text('alt_en').notNull().default(''),
    /** The point an image's variants are cut around, as fractions of its width and height (0..1; 0.5 is the middle). */
    focal_x: real('focal_x').notNull().default(0.5),
    focal_y: real('focal_y').notNull().default(0.5),
    /**
     * The description's optimistic lock (docs/decisions/061-media-alt-rules.md): the media screen posts
     * the version it loaded; a save over a newer one is refused. Who wrote the description last, and when.
     */
    version: integer('version').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updated_by: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('files_variant_of_idx').on(t.variant_of), index('files_created_at_idx').on(t.created_at)],
)

/**
 * Downloads attached to a content row (`file_list` / `data_list` of the specification).
 * owner_type: 'reference' | 'service' | 'serial' | 'invest' | 'patent', or 'revision' (an earlier
 * revision's files, console only). The public is served a file only while a public row offers it
 * (docs/decisions/039-withdrawn-files.md).
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    owner_type: text('owner_type').notNull(),
    owner_id: integer('owner_id').notNull(),
    file_name: text('file_name')
      .notNull()
      .references(() => files.file_name, { onDelete: 'cascade' }),
    /** Download name shown and sent in Content-Disposition. */
    origin_file_name: text('origin_file_name').notNull(),
    /** File kind badge of section 9: KOR, ENG, RUS, ARA, CHI, VIE, JPN, IND, EPO, FRE, ETC, CAD, PDF, GSD, MOV. */
    icon: text('icon').notNull().default('PDF'),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('attachments_owner_idx').on(t.owner_type, t.owner_id),
    // The document lists' language filter: whether a document has a file of a language, from the index alone.
    index('attachments_owner_icon_idx').on(t.owner_type, t.owner_id, t.icon),
    // Who offers a stored file: every public download and /media request asks (docs/decisions/039-withdrawn-files.md).
    index('attachments_file_name_idx').on(t.file_name),
  ],
)

/** Home banner slider (pc/mobile × Korean/English images). */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().default(''),
  title_en: text('title_en').notNull().default(''),
  pc_image: text('pc_image').notNull(),
  mb_image: text('mb_image').notNull(),
  pc_image_en: text('pc_image_en').notNull(),
  mb_image_en: text('mb_image_en').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  ...editable(),
  ...languageSides(),
})

/** Home "Introduction of item" slider (`product/banner/list`). */
export const productBanners = pgTable('product_banners', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  url: text('url').notNull(),
  title: text('title').notNull(),
  title_en: text('title_en').notNull(),
  introduce: text('introduce').notNull(),
  introduce_en: text('introduce_en').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  ...editable(),
  ...languageSides(),
})

/** News videos (`youtube/list`): embed URLs per language. */
export const videos = pgTable('videos', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  title_en: text('title_en').notNull(),
  url: text('url').notNull(),
  url_en: text('url_en').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  ...editable(),
  ...languageSides(),
})

/** Home popups, shown while now is inside [starts_at, ends_at). */
export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  title_en: text('title_en').notNull(),
  image: text('image'),
  description: text('description').notNull(),
  description_en: text('description_en').notNull(),
  starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
  ends_at: timestamp('ends_at', { withTimezone: true }),
  sort_order: integer('sort_order').notNull().default(0),
  ...editable(),
  ...languageSides(),
})

/**
 * The terms, versioned (docs/decisions/018-change-bus.md): type 1 service, 2 privacy. A draft has
 * no `version`, `effective_at` or `published_at`; publishing numbers it (1, 2, 3… per type) and
 * fixes when it takes effect. The current version of a type is the published one with the latest
 * `effective_at` not in the future. Published versions are never changed or deleted: members'
 * consents refer to them.
 */
export const termsVersions = pgTable(
  'terms_versions',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    version: integer('version'),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    description: text('description').notNull(),
    description_en: text('description_en').notNull(),
    effective_at: timestamp('effective_at', { withTimezone: true }),
    published_at: timestamp('published_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last save of the draft, and by whom: a save based on an older one is refused (optimistic lock). */
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terms_versions_type_version_idx').on(t.type, t.version),
    index('terms_versions_effective_idx').on(t.type, t.effective_at),
  ],
)

export type TermsVersionRow = typeof termsVersions.$inferSelect

export const historyEntries = pgTable('history_entries', {
  id: serial('id').primaryKey(),
  year: integer('year').notNull(),
  tag: text('tag').notNull(),
  tag_en: text('tag_en').notNull(),
  title: text('title').notNull(),
  title_en: text('title_en').notNull(),
  description: text('description').notNull(),
  description_en: text('description_en').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  ...editable(),
  ...languageSides(),
})

/** Patents (type 1) and certificates (type 2); `path` is the downloadable file. */
export const patents = pgTable(
  'patents',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    /** Registration number. */
    description: text('description').notNull(),
    description_en: text('description_en').notNull(),
    thumbnail: text('thumbnail').notNull(),
    path: text('path').notNull(),
    origin_file_name: text('origin_file_name').notNull(),
    origin_file_name_en: text('origin_file_name_en').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...editable(),
    ...languageSides(),
  },
  (t) => [index('patents_type_idx').on(t.type, t.sort_order)],
)

/** Agencies: type 1 domestic, 2 overseas; region groups the overseas ones. */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    /** 'domestic' | 'asia' | 'middle_east' | 'americas' | 'europe' */
    region: text('region').notNull(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull(),
    description: text('description').notNull(),
    description_en: text('description_en').notNull(),
    /** Where requests routed to the agency's region are mailed (docs/decisions/071-service-routing.md); never shown publicly. */
    email: text('email').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(0),
    ...editable(),
    ...languageSides(),
  },
  (t) => [index('agencies_type_idx').on(t.type, t.sort_order)],
)

/**
 * The three-level product tree and its detail pages in one table: depth 1 families
 * (electric actuator, gate hoist), depth 2 series (TM, TX…), depth 3 item types (BASIC…).
 * type 1: the detail lists its children as related items; type 2: options plus reference button.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id'),
    depth: integer('depth').notNull(),
    type: integer('type').notNull().default(2),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    introduce: text('introduce').notNull().default(''),
    introduce_en: text('introduce_en').notNull().default(''),
    description: text('description').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    item: text('item').notNull().default(''),
    item_en: text('item_en').notNull().default(''),
    item_introduce: text('item_introduce').notNull().default(''),
    item_introduce_en: text('item_introduce_en').notNull().default(''),
    /** Thumbnail shown when this product is listed as a related item. */
    image: text('image'),
    /** The address segment, from the English title, unique among siblings (docs/decisions/020-product-slugs-and-redirects.md). */
    slug: text('slug').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...editable(),
  },
  (t) => [
    index('products_parent_idx').on(t.parent_id, t.sort_order),
    uniqueIndex('products_parent_slug_idx').on(sql`coalesce(${t.parent_id}, 0)`, t.slug),
  ],
)

/** Old public addresses answering 301 to the current one (docs/decisions/020-product-slugs-and-redirects.md). */
export const redirects = pgTable('redirects', {
  id: serial('id').primaryKey(),
  from_path: text('from_path').notNull().unique(),
  to_path: text('to_path').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  created_by: integer('created_by'),
})

/** Up to 6 images of a product detail. */
export const productImages = pgTable('product_images', {
  id: serial('id').primaryKey(),
  product_id: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
})

export const productOptions = pgTable('product_options', {
  id: serial('id').primaryKey(),
  product_id: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  title_en: text('title_en').notNull(),
  content: text('content').notNull(),
  content_en: text('content_en').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
})

/** Numbers the documents that are stored without one (seed, bench rows): `DA-00001`, shared by both archives. */
export const documentNumberSeq = pgSequence('document_number_seq')

/**
 * What the console's document lists read a page by (docs/decisions/054-console-lists.md): drafts
 * or live ones by their last change, everything by last change, title (either language) or
 * revision date, each read forwards or backwards with the id as the tie; and the search words'
 * trigrams over the number and both titles, lower-cased (the lists' `like '%word%'`; a small pending
 * list, as the site search's, ADR 053).
 */
const consoleListIndexes = (
  name: string,
  t: {
    published: AnyPgColumn
    updated_at: AnyPgColumn
    id: AnyPgColumn
    title: AnyPgColumn
    title_en: AnyPgColumn
    revised_at: AnyPgColumn
    doc_number: AnyPgColumn
  },
) => [
  index(`${name}_state_updated_idx`).on(t.published, t.updated_at, t.id),
  index(`${name}_updated_idx`).on(t.updated_at, t.id),
  index(`${name}_title_idx`).on(t.title, t.id),
  index(`${name}_title_en_idx`).on(t.title_en, t.id),
  index(`${name}_revised_idx`).on(t.revised_at, t.id),
  index(`${name}_words_idx`)
    .using('gin', sql`${documentWords(t)} gin_trgm_ops`)
    .with({ gin_pending_list_limit: 512 }),
]

/** The text a document list's search words are looked for in: number and both titles, lower-cased (its trigram index's expression). */
export const documentWords = (t: { doc_number: AnyPgColumn; title: AnyPgColumn; title_en: AnyPgColumn }) =>
  sql`lower(${t.doc_number} || ' ' || ${t.title} || ' ' || ${t.title_en})`

/**
 * Reference archive (`product/support/list`). type: index into the classification list of the
 * specification (1 Catalog … 12 Nuclear Power A/S; 0 "Entire" is only a filter value).
 */
export const referenceDocuments = pgTable(
  'reference_documents',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    url: text('url').notNull().default(''),
    url_en: text('url_en').notNull().default(''),
    /**
     * Document number and revision (docs/decisions/019-document-numbers-and-revisions.md), e.g.
     * `DA-MAN-0012` Rev. `C`; `revised_at` is when the current revision was issued. Earlier
     * revisions are kept in `document_revisions`, their files attached to those rows.
     */
    doc_number: text('doc_number')
      .notNull()
      .default(sql`('DA-' || lpad(nextval('document_number_seq')::text, 5, '0'))`),
    revision: text('revision').notNull().default('A'),
    revised_at: timestamp('revised_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...editable(),
  },
  (t) => [
    uniqueIndex('reference_documents_doc_number_idx').on(t.doc_number),
    index('reference_documents_type_idx').on(t.type, t.id),
    index('reference_documents_product_idx').on(t.product_id),
    // The archive lists newest first: read backwards, these answer a page (of everything, or of a
    // classification) from the index instead of sorting every row (docs/decisions/009-catalogue-pages.md).
    index('reference_documents_recent_idx').on(t.created_at, t.id),
    index('reference_documents_type_recent_idx').on(t.type, t.created_at, t.id),
    ...consoleListIndexes('reference_documents', t),
  ],
)

/** Service & support documents; type = second-depth index + 6 × first-depth index + 1 (1..12). */
export const serviceDocuments = pgTable(
  'service_documents',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    url: text('url').notNull().default(''),
    url_en: text('url_en').notNull().default(''),
    /**
     * Document number and revision (docs/decisions/019-document-numbers-and-revisions.md), e.g.
     * `DA-MAN-0012` Rev. `C`; `revised_at` is when the current revision was issued. Earlier
     * revisions are kept in `document_revisions`, their files attached to those rows.
     */
    doc_number: text('doc_number')
      .notNull()
      .default(sql`('DA-' || lpad(nextval('document_number_seq')::text, 5, '0'))`),
    revision: text('revision').notNull().default('A'),
    revised_at: timestamp('revised_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The ids of the options the document carries, sorted: a copy of its `service_document_options`
     * rows kept by triggers on that table (migration 0016), so the service search filters by
     * options and by option words with one GIN index instead of a join per document. Never written
     * by the application.
     */
    option_ids: integer('option_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * What the service search matches a word in (shared/search-text.ts), lower-cased, one text a
     * line: the title, the English title, and the title, English title, name and code of each option
     * the document carries. Kept by triggers (migration 0019): on this table when the titles or
     * `option_ids` change, on `support_options` when an option's words change. Never written by the
     * application.
     */
    searched_text: text('searched_text').notNull().default(''),
    ...editable(),
  },
  (t) => [
    uniqueIndex('service_documents_doc_number_idx').on(t.doc_number),
    index('service_documents_type_idx').on(t.type, t.id),
    // fastupdate off: the triggers' writes go straight into the index, never into a pending list that reads must scan.
    index('service_documents_option_ids_idx').using('gin', t.option_ids).with({ fastupdate: false }),
    // Service lists are per type, newest first (read backwards).
    index('service_documents_type_recent_idx').on(t.type, t.created_at, t.id),
    ...consoleListIndexes('service_documents', t),
  ],
)

/**
 * One row: a number the database raises in every transaction that writes `service_documents`
 * (a statement trigger, migration 0020; option words reach the table through 0019's trigger). A
 * node's in-memory service search (server/services/service-search-index.ts) compares it with the
 * number its copy was read at, so it sees every committed change at its next search. Never
 * written by the application.
 */
export const serviceSearchVersion = pgTable('service_search_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
})

/** Option groups of a service second depth (`support/option/list`). */
export const supportOptionGroups = pgTable(
  'support_option_groups',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...editable(),
  },
  (t) => [index('support_option_groups_type_idx').on(t.type, t.sort_order)],
)

export const supportOptions = pgTable(
  'support_options',
  {
    id: serial('id').primaryKey(),
    group_id: integer('group_id')
      .notNull()
      .references(() => supportOptionGroups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    code: text('code').notNull().default(''),
    name: text('name').notNull().default(''),
    /** 'Y' shown and selectable, 'N' shown disabled. */
    show_yn: text('show_yn').notNull().default('Y'),
    sort_order: integer('sort_order').notNull().default(0),
    ...editable(),
  },
  (t) => [index('support_options_group_idx').on(t.group_id, t.sort_order)],
)

/** Which options a service document carries (what the option filters match). */
export const serviceDocumentOptions = pgTable(
  'service_document_options',
  {
    document_id: integer('document_id')
      .notNull()
      .references(() => serviceDocuments.id, { onDelete: 'cascade' }),
    option_id: integer('option_id')
      .notNull()
      .references(() => supportOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.document_id, t.option_id] }),
    index('service_document_options_option_idx').on(t.option_id),
  ],
)

/** Circuit diagrams found by serial number: code1 (2 digits) and code2 (4 digits). */
export const circuitSerials = pgTable(
  'circuit_serials',
  {
    id: serial('id').primaryKey(),
    code1: text('code1').notNull(),
    code2: text('code2').notNull(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    model: text('model').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...editable(),
  },
  (t) => [index('circuit_serials_code_idx').on(t.code1, t.code2)],
)

/**
 * Earlier revisions of a reference or service document (docs/decisions/019-document-numbers-and-revisions.md):
 * what the document was (number, revision, titles, issue date) when a newer revision replaced it. Its
 * files are attachments with owner_type 'revision' and this row's id, offered in the console only.
 */
export const documentRevisions = pgTable(
  'document_revisions',
  {
    id: serial('id').primaryKey(),
    /** 'reference' | 'service' */
    owner_type: text('owner_type').notNull(),
    owner_id: integer('owner_id').notNull(),
    doc_number: text('doc_number').notNull(),
    revision: text('revision').notNull(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull(),
    /** When this revision was issued; archived_at when the next one replaced it, and by whom. */
    revised_at: timestamp('revised_at', { withTimezone: true }).notNull(),
    archived_at: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
    archived_by: integer('archived_by'),
  },
  (t) => [index('document_revisions_owner_idx').on(t.owner_type, t.owner_id, t.archived_at)],
)

/** Investor categories: type 1 shareholder meeting, 2 settlement. */
export const investCategories = pgTable('invest_categories', {
  id: serial('id').primaryKey(),
  type: integer('type').notNull(),
  title: text('title').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  ...editable(),
})

/** Investor notices (Korean only, as the pages are); files in `attachments` (owner 'invest'). */
export const investPosts = pgTable(
  'invest_posts',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => investCategories.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...editable(),
  },
  (t) => [index('invest_posts_category_idx').on(t.category_id, t.type, t.created_at)],
)

/** Workplaces of /company/introduction/place: language-specific map, roles, contacts. */
export const workplaces = pgTable('workplaces', {
  id: serial('id').primaryKey(),
  /** Anchor order: place_step_01..04. */
  sort_order: integer('sort_order').notNull().default(0),
  title: text('title').notNull(),
  title_en: text('title_en').notNull(),
  /** https embed URLs of the map frame, per language. */
  map_url: text('map_url').notNull(),
  map_url_en: text('map_url_en').notNull(),
  /** One role per line. */
  roles: text('roles').notNull(),
  roles_en: text('roles_en').notNull(),
  address: text('address').notNull(),
  address_en: text('address_en').notNull(),
  tel: text('tel').notNull().default(''),
  fax: text('fax').notNull().default(''),
  ...editable(),
  ...languageSides(),
})

/** Client logos by sector (oil_gas, power, waterworks, other) for /company/introduction/client. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    sector: text('sector').notNull(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull(),
    logo: text('logo').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...editable(),
    ...languageSides(),
  },
  (t) => [index('clients_sector_idx').on(t.sector, t.sort_order)],
)

/**
 * Edited copy of the static pages (ESG, recruitment): one row per catalogue key (e.g.
 * `esg.lead`), overriding the text in shared/i18n/content/*.json for both languages.
 */
export const pageTexts = pgTable('page_texts', {
  key: text('key').primaryKey(),
  ko: text('ko').notNull(),
  en: text('en').notNull(),
  ...editable(),
})

// ---------------------------------------------------------------------------------------------
// Members (issue 4). Never touched by the demo reset. Personal data: username, company, division,
// name, nickname; withdrawal anonymises them (docs/decisions/008-member-accounts.md).
// ---------------------------------------------------------------------------------------------

/** Member accounts. `username` is the e-mail used as ID, stored trimmed and lower-cased. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** argon2id PHC string; empty after withdrawal (no password verifies against it). */
    password_hash: text('password_hash').notNull(),
    company: text('company').notNull(),
    division: text('division').notNull(),
    name: text('name').notNull(),
    nickname: text('nickname'),
    role: text('role').notNull().default('member'),
    /** 'Y' grants the restricted area (/morgan). */
    access_yn: text('access_yn').notNull().default('N'),
    /** How the account signs in: 'email' (the only kind so far). */
    type: text('type').notNull().default('email'),
    social_key: text('social_key'),
    /** Language of the e-mails sent to the member ('ko' | 'en'). */
    lang: text('lang').notNull().default('ko'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /** The last successful member login (the console's member list shows it). */
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    delete_yn: text('delete_yn').notNull().default('N'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_active_idx')
      .on(t.username)
      .where(sql`delete_yn = 'N'`),
    index('users_find_idx').on(t.company, t.name),
  ],
)

/** Which consent (kind 'service' | 'privacy') a member gave, when, and to which version of the terms. */
export const userConsents = pgTable(
  'user_consents',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The number of the terms version in force when the consent was given ('1', '2'…), '' when none existed. */
    terms_version: text('terms_version').notNull().default(''),
    /** That version itself (never deleted once published). */
    terms_version_id: integer('terms_version_id').references(() => termsVersions.id, { onDelete: 'restrict' }),
    granted_at: timestamp('granted_at', { withTimezone: true }).notNull(),
    /** Set when the member withdraws (withdrawal revokes the consents). */
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('user_consents_user_idx').on(t.user_id)],
)

/** Login sessions: only the sha256 of the random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
)

/** Single-use e-mail codes: purpose 'verify' (email_regist_code) or 'reset' (password reset link). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** sha256 of the code sent by e-mail. */
    code_hash: text('code_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.user_id, t.purpose)],
)

/**
 * Mail waiting to be sent, written in the transaction of the account change that causes it.
 * status: 'pending' | 'sent' | 'failed'. Bodies are cleared once sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    lang: text('lang').notNull().default('ko'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.next_attempt_at)],
)

/** Fixed-window counters shared by every app node (login attempts, sign-ups, mails). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('rate_limits_window_idx').on(t.window_start)],
)

// ---------------------------------------------------------------------------------------------
// Site search (issue 10, docs/decisions/012-site-search.md): one row per public thing a visitor
// can open, per language, kept current in the transactions that change the content.
// ---------------------------------------------------------------------------------------------

export const searchEntries = pgTable(
  'search_entries',
  {
    id: serial('id').primaryKey(),
    /** What the entry stands for: 'product', 'reference', 'service', 'serial', 'notice', 'page', … */
    kind: text('kind').notNull(),
    /** The source row's id, or a fixed key for sections of static pages. */
    source_id: text('source_id').notNull(),
    lang: text('lang').notNull(),
    /** Where the hit lives, shown as `one_depth > two_depth`. */
    one_depth: text('one_depth').notNull(),
    two_depth: text('two_depth').notNull(),
    title: text('title').notNull(),
    /** Plain text (tags stripped, white space collapsed) the excerpt is cut from. */
    body: text('body').notNull(),
    /** The page (and anchor) that shows it. */
    url: text('url').notNull(),
    /** Newer before older among equal hits; null sorts last. */
    updated_at: timestamp('updated_at', { withTimezone: true }),
    /** Letters and digits of the title, normalised: what title matches compare. */
    title_compact: text('title_compact').notNull(),
    /** The title's words, space-separated with a space at both ends: whole-word title matches. */
    title_words: text('title_words').notNull(),
    /** Initial consonants of the title's Hangul syllables (`ㅈㄷㅇㅊ…`). */
    title_choseong: text('title_choseong').notNull(),
    body_compact: text('body_compact').notNull(),
    /** Unigram and bigram keys of the body, and keys of jamo runs in it (server/services/search/codes.ts); the title's are in `search_titles`. */
    grams: integer('grams').array().notNull(),
  },
  (t) => [
    uniqueIndex('search_entries_source_idx').on(t.kind, t.source_id, t.lang),
    // A small pending list (docs/decisions/053-import-loop-turns.md): flushing 4 MB of it held PGlite's thread 300 ms.
    index('search_entries_grams_idx').using('gin', t.grams).with({ gin_pending_list_limit: 512 }),
  ],
)

/**
 * The title side of each search entry, narrow (docs/decisions/012-site-search.md): title hits,
 * which rank first, are found and ranked from these rows without reading the long bodies.
 */
export const searchTitles = pgTable(
  'search_titles',
  {
    /** The entry's id (`search_entries.id`), removed with it. */
    id: integer('id')
      .primaryKey()
      .references((): AnyPgColumn => searchEntries.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
    title_compact: text('title_compact').notNull(),
    title_words: text('title_words').notNull(),
    title_choseong: text('title_choseong').notNull(),
    /** Unigram and bigram keys of the compact title and of its initials, and initial-consonant keys (codes.ts). */
    title_grams: integer('title_grams').array().notNull(),
  },
  (t) => [
    index('search_titles_title_grams_idx').using('gin', t.title_grams).with({ gin_pending_list_limit: 512 }),
    /** Title hits newest first, read in order when a key proves them (3 to 5 initials). */
    index('search_titles_recent_idx').on(t.lang, t.updated_at.desc().nullsFirst(), t.id.desc()),
  ],
)

/** Keys of each entry's distinct words (title and body): whole-word matches, for ranking. */
export const searchWords = pgTable(
  'search_words',
  {
    /** The entry's id (`search_entries.id`), removed with it. */
    id: integer('id')
      .primaryKey()
      .references((): AnyPgColumn => searchEntries.id, { onDelete: 'cascade' }),
    words: integer('words').array().notNull(),
  },
  (t) => [index('search_words_words_idx').using('gin', t.words).with({ gin_pending_list_limit: 512 })],
)

/**
 * How many entries of a language hold each key (title or body): the exact number of hits of a
 * 1- or 2-character keyword, whose one key proves the match, without visiting them.
 */
export const searchKeyCounts = pgTable(
  'search_key_counts',
  {
    lang: text('lang').notNull(),
    key: integer('key').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
)

/**
 * The number of body-only hits of a keyword of 3 characters and more, remembered when it is large
 * (server/services/search/totals.ts) and kept exact by every `sync`; a full reindex empties it.
 */
export const searchTotals = pgTable(
  'search_totals',
  {
    lang: text('lang').notNull(),
    /** The keyword's compact form. */
    keyword: text('keyword').notNull(),
    body_only: integer('body_only').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.keyword] })],
)

/**
 * Synonym groups of site search (docs/decisions/047-search-words-forms-synonyms.md): a query word
 * or phrase that is a member of a group also finds the other members (`결선도`, `회로도`,
 * `circuit diagram`, `wiring diagram`). Members are kept as written; matching compares their
 * compact form, which is unique across groups (server/services/search/synonyms.ts).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  /** The members, as written (2 to 12, each up to 40 characters). */
  terms: text('terms').array().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// ---------------------------------------------------------------------------------------------
// Restricted area (issue 11): manufacturing specifications of ERP and EPS orders, for members with
// access_yn 'Y' only. Field keys and labels: shared/order-fields.ts.
// ---------------------------------------------------------------------------------------------

/** The project names of all orders, once each: a name search scans these, not the orders. */
export const orderProjects = pgTable('order_projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Letters and digits of the name, normalised (server/services/search/text.ts `compact`). */
  name_compact: text('name_compact').notNull(),
})

/** One table per order system, the same shape: typed columns for what is searched or sorted. */
function orderTable<N extends 'erp_orders' | 'eps_orders'>(name: N) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      work_no: text('work_no').notNull(),
      ord_no: text('ord_no'),
      serial_no: text('serial_no'),
      project_id: integer('project_id')
        .notNull()
        .references(() => orderProjects.id),
      project_name: text('project_name').notNull(),
      customer: text('customer'),
      model: text('model'),
      delivery_date: date('delivery_date'),
      /** Every other field, by its key in shared/order-fields.ts; absent or '' shows a dash. */
      spec: jsonb('spec').$type<Record<string, string>>().notNull(),
      created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex(`${name}_work_no_idx`).on(t.work_no),
      index(`${name}_ord_no_idx`).on(t.ord_no.op('text_pattern_ops')),
      index(`${name}_project_idx`).on(t.project_id),
      index(`${name}_newest_idx`).on(t.delivery_date.desc().nullsLast(), t.work_no.desc()),
      // The unit page /id/{serial} finds its orders by the serial's key (docs/decisions/058-unit-pages.md).
      index(`${name}_serial_key_idx`).on(serialKeyOf(t.serial_no)),
    ],
  )
}

/**
 * A serial's comparison key in SQL, as `unitSerialKey` (shared/unit-serial.ts) makes it in
 * TypeScript: its ASCII letters and digits, upper-cased. The order tables index this expression.
 */
export const serialKeyOf = (column: AnyPgColumn) => sql`upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g'))`

export const erpOrders = orderTable('erp_orders')
export const epsOrders = orderTable('eps_orders')

/**
 * Who looked at what in the restricted area: every list query and detail view (kept one year,
 * never shown to partners).
 */
export const restrictedAccessLog = pgTable(
  'restricted_access_log',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'ERP' | 'EPS'. */
    system: text('system').notNull(),
    /** 'list' | 'detail' | 'package' (the order package downloaded, docs/decisions/059-order-package.md). */
    action: text('action').notNull(),
    /** The work number of a detail view or package download. */
    work_no: text('work_no'),
    /** The query of a list: `{ name, ord, page }`. */
    query: jsonb('query').$type<{ name?: string; ord?: string; page: number }>(),
    ip: text('ip').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('restricted_access_log_created_idx').on(t.created_at),
    index('restricted_access_log_user_idx').on(t.user_id, t.created_at),
  ],
)

// ---------------------------------------------------------------------------------------------
// Console staff (issue 12, docs/decisions/014-console-staff-sign-in.md). Staff are `users` rows
// whose role is 'admin' | 'editor' | 'viewer'; what only staff have lives in these tables.
// ---------------------------------------------------------------------------------------------

/** The second factor and state of a staff account (one row per staff user). */
export const staffAccounts = pgTable('staff_accounts', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP secret (base32), AES-256-GCM encrypted with CONSOLE_KEY: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  totp_secret: text('totp_secret'),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totp_last_step: integer('totp_last_step'),
  enrolled_at: timestamp('enrolled_at', { withTimezone: true }),
  disabled_at: timestamp('disabled_at', { withTimezone: true }),
  last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
  invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
})

/**
 * Setup links (create-admin, invitations): only the sha256 of the token, 24 h, single use. While
 * the link is being followed, the chosen password's hash and the new TOTP secret wait here.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    pending_password_hash: text('pending_password_hash'),
    /** Encrypted like staff_accounts.totp_secret. */
    pending_totp_secret: text('pending_totp_secret'),
  },
  (t) => [index('staff_invites_user_idx').on(t.user_id)],
)

/** Ten single-use recovery codes per enrolment, stored as sha256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.user_id)],
)

/**
 * Console sessions, apart from member sessions: sha256 of the token; 'pending' after the
 * password (5 minutes to give the code), 'active' after the second factor. Active sessions end
 * 30 minutes after `last_seen_at` or at `expires_at` (12 h after sign-in), whichever is first.
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When a TOTP code was last given in this session (sign-in or step-up). */
    step_up_at: timestamp('step_up_at', { withTimezone: true }),
  },
  (t) => [index('console_sessions_user_idx').on(t.user_id), index('console_sessions_expires_idx').on(t.expires_at)],
)

/**
 * The audit trail: who (staff user id; null when nobody was signed in, e.g. a failed sign-in),
 * when, what, on which record, the fields before and after, from where. Written in the
 * transaction of the change; nothing updates or deletes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    record_type: text('record_type').notNull(),
    record_id: text('record_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.user_id, t.at),
    index('audit_log_type_idx').on(t.record_type, t.at),
  ],
)

export type AuditRow = typeof auditLog.$inferSelect

/**
 * Every check (dry run) and import of a table file (docs/decisions/067-terms-and-imports-lists.md),
 * from the console or the command line: written when it starts (`running`) and again when it ends
 * (`dry-run`: checked, no problems, nothing written; `done`: imported; `failed`: problems found or
 * an error, nothing written). Its counts and its first problems are the run's report.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    file_name: text('file_name').notNull(),
    zip_name: text('zip_name'),
    dry_run: boolean('dry_run').notNull(),
    status: text('status').notNull(),
    /** Who ran it (null: the command line). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    rows: integer('rows'),
    inserted: integer('inserted'),
    updated: integer('updated'),
    files: integer('files'),
    problem_count: integer('problem_count').notNull().default(0),
    /** The first problems (row, column, message key and values), for the report. */
    problems:
      jsonb('problems').$type<
        { row: number; column: string; problem: string; vars?: Record<string, string | number> }[]
      >(),
  },
  (t) => [
    index('import_runs_started_idx').on(t.started_at, t.id),
    index('import_runs_status_idx').on(t.status, t.started_at),
    index('import_runs_user_idx').on(t.user_id, t.started_at),
  ],
)

export type ImportRunRow = typeof importRuns.$inferSelect

/**
 * Every saved version of an edited record (docs/decisions/042-record-history.md): the values as its
 * editor showed them after the save (a pending draft applied) and whether it was public, who saved
 * it and when. Written in the transaction of the save; a restore reads it back as a new draft.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    id: serial('id').primaryKey(),
    record_type: text('record_type').notNull(),
    record_id: integer('record_id').notNull(),
    /** The record's version after this save. */
    version: integer('version').notNull(),
    action: text('action').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    published: boolean('published').notNull(),
    saved_by: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    saved_at: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('record_versions_record_idx').on(t.record_type, t.record_id, t.id)],
)

export type User = typeof users.$inferSelect

// ---------------------------------------------------------------------------------------------
// Service requests (issue 35, docs/decisions/065-service-requests.md): what a customer files from
// the site, its attachments (stored privately: never in `files`, so no public address serves
// them) and the per-year counters of the tracking numbers.
// ---------------------------------------------------------------------------------------------

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    /** 'as' (after-sales service) or 'iq' (inquiry / request for quotation). */
    kind: text('kind').notNull(),
    /**
     * 'unconfirmed' (waiting for the e-mail link), then the inbox's 'received' (new), 'in_progress',
     * 'waiting' (for the customer), 'resolved', 'closed' (shared/service-request-status.ts).
     */
    status: text('status').notNull(),
    /** `AS-2026-000123`, given at acceptance; null while unconfirmed. */
    tracking_no: text('tracking_no').unique(),
    /** The member who filed it (accepted at once); null for a requester confirmed by e-mail. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The requester's language: the mails and the status page. */
    lang: text('lang').notNull(),
    serial_no: text('serial_no').notNull().default(''),
    /** Whether the serial is one of the known orders' (checked when filed). */
    serial_known: boolean('serial_known').notNull().default(false),
    model: text('model').notNull().default(''),
    site_name: text('site_name').notNull().default(''),
    symptom: text('symptom').notNull(),
    description: text('description').notNull(),
    contact_name: text('contact_name').notNull(),
    company: text('company').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    contact_time: text('contact_time').notNull().default(''),
    /** The version of the consent text given (shared/service-request-rules.ts) and when. */
    consent_version: text('consent_version').notNull(),
    consented_at: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** sha256 of the single-use confirmation link's token (non-members); null once used. */
    confirm_token_hash: text('confirm_token_hash').unique(),
    /** An unconfirmed request expires then (48 h). */
    confirm_expires_at: timestamp('confirm_expires_at', { withTimezone: true }),
    /** sha256 of the status page's private key (non-members); null for members' requests. */
    access_key_hash: text('access_key_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the request and its files are to be deleted (the consent's retention period, from acceptance or expiry). */
    retain_until: timestamp('retain_until', { withTimezone: true }).notNull(),
    /** Where the requester is: Korea ('domestic') or an agency region ('asia', 'middle_east', 'americas', 'europe'); routing reads it. */
    region: text('region').notNull().default('domestic'),
    /** The kind's own fields (an inquiry's topic, quantity, delivery date, valve, torque, voltage). */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** The team the routing rules (or staff) gave it; null until accepted or when no rule matched. */
    team_id: integer('team_id').references(() => serviceTeams.id, { onDelete: 'set null' }),
    /** The console staff member it is assigned to. */
    assignee_id: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first reply sent to the customer (the 3Q time to first response runs from accepted_at to this). */
    first_response_at: timestamp('first_response_at', { withTimezone: true }),
    /** When it was last set resolved (cleared when reopened); the time to resolution runs from accepted_at to this. */
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('service_requests_status_idx').on(t.kind, t.status, t.created_at),
    index('service_requests_inbox_idx').on(t.status, t.accepted_at),
    // The inbox's default page (the open requests, newest first) read straight from one index.
    index('service_requests_open_idx')
      .on(t.accepted_at)
      .where(sql`${t.status} in ('received', 'in_progress', 'waiting')`),
    index('service_requests_team_idx').on(t.team_id, t.status, t.accepted_at),
    index('service_requests_assignee_idx').on(t.assignee_id, t.status, t.accepted_at),
    index('service_requests_words_idx')
      .using('gin', sql`${requestWords(t)} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 512 }),
    index('service_requests_user_idx').on(t.user_id, t.created_at),
    index('service_requests_retain_idx').on(t.retain_until),
  ],
)

export type ServiceRequestRow = typeof serviceRequests.$inferSelect

/**
 * The text the inbox's search words are looked for in: tracking number, contact, company, e-mail,
 * serial, model and description, lower-cased (its trigram index's expression).
 */
export function requestWords(t: {
  tracking_no: AnyPgColumn
  contact_name: AnyPgColumn
  company: AnyPgColumn
  email: AnyPgColumn
  serial_no: AnyPgColumn
  model: AnyPgColumn
  description: AnyPgColumn
}) {
  return sql`lower(coalesce(${t.tracking_no}, '') || ' ' || ${t.contact_name} || ' ' || ${t.company} || ' ' || ${t.email} || ' ' || ${t.serial_no} || ' ' || ${t.model} || ' ' || ${t.description})`
}

/**
 * The teams requests are routed to (the console's routing screen): who is mailed when a request
 * of theirs arrives.
 */
export const serviceTeams = pgTable('service_teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  name_en: text('name_en').notNull(),
  /** The addresses mailed when a request is routed to the team, one per line. */
  emails: text('emails').notNull().default(''),
  version: integer('version').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * Routing rules, tried in `sort_order`: the first whose kind, model family and region match an
 * accepted request (an empty condition matches anything) gives its team and assignee.
 */
export const serviceRoutingRules = pgTable(
  'service_routing_rules',
  {
    id: serial('id').primaryKey(),
    sort_order: integer('sort_order').notNull().default(0),
    /** '' any, 'as', 'iq'. */
    kind: text('kind').notNull().default(''),
    /** '' any, 'actuator', 'hoist' (the product family of the request's model). */
    family: text('family').notNull().default(''),
    /** '' any, 'domestic', 'overseas', or one agency region ('asia', 'middle_east', 'americas', 'europe'). */
    region: text('region').notNull().default(''),
    team_id: integer('team_id')
      .notNull()
      .references(() => serviceTeams.id, { onDelete: 'cascade' }),
    assignee_id: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('service_routing_rules_order_idx').on(t.sort_order, t.id)],
)

/**
 * A request's thread: replies to the customer (mailed), the customer's answers from the status
 * page, staff's internal notes (never shown to the customer) and events (status, assignment).
 */
export const serviceRequestMessages = pgTable(
  'service_request_messages',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** 'reply' (staff → customer), 'customer' (customer → staff), 'note' (internal), 'event'. */
    kind: text('kind').notNull(),
    /** The staff member who wrote it; null for the customer's. */
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** An event's facts (`{ status: 'resolved' }`, `{ assignee: 12 }`). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('service_request_messages_request_idx').on(t.request_id, t.created_at)],
)

/** The attachments of a request: storage keys under `service-requests/`, served only to their requester (and later staff). */
export const serviceRequestFiles = pgTable(
  'service_request_files',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** The thread message it came with (a reply's or the customer's answer's); null for the request's own. */
    message_id: integer('message_id').references(() => serviceRequestMessages.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull().unique(),
    /** The name the requester's file had (shown, and offered on download). */
    name: text('name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('service_request_files_request_idx').on(t.request_id, t.sort_order)],
)

/** The last number given of each kind and year (`AS` 2026 → 123): one row locked per acceptance. */
export const trackingCounters = pgTable(
  'tracking_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
)

/** Random keys the app makes once and every node shares (the signed start time of the public forms). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})
