import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  agencies,
  attachments,
  circuitSerials,
  clients,
  files,
  historyEntries,
  investCategories,
  investPosts,
  patents,
  products,
  productOptions,
  referenceDocuments,
  serviceDocuments,
  workplaces,
} from '#server/db/schema.ts'
import { htmlToText } from '#server/services/html.ts'
import { documentLabel } from '#shared/document-numbers.ts'
import { versionInForce } from '#server/services/terms-query.ts'
import companyEn from '#shared/i18n/content/company.en.json'
import companyKo from '#shared/i18n/content/company.ko.json'
import recruitmentEn from '#shared/i18n/content/recruitment.en.json'
import recruitmentKo from '#shared/i18n/content/recruitment.ko.json'
import '#shared/i18n/catalogs.server.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { localized, locales, type Lang } from '#shared/locales.ts'
import { COMPANY_BASE, RECRUITMENT_ANCHORS } from '#shared/page-anchors.ts'
import { familyLanding, productAddresses, visibleIds } from '#shared/product-slugs.ts'
import { classificationKey, SERVICE_PAGES } from '#shared/service-pages.ts'
import { AGENCY_TYPE, NOTICE_TYPE, PATENT_TYPE, TERMS_TYPE } from '#shared/type-codes.ts'

/**
 * What the search index holds: one entry per public thing a visitor can open, per language,
 * linking to the page (and anchor) that shows it. Each kind has a builder that reads its rows
 * (all of them, or one source id) and writes the entries; the indexer turns them into rows.
 */
export type SearchEntry = {
  kind: SourceKind
  sourceId: string
  lang: Lang
  oneDepth: string
  twoDepth: string
  title: string
  /** Plain text (tags stripped); white space is collapsed by the indexer. */
  body: string
  url: string
  updatedAt: Date | null
}

/** A transaction or the database: both read the same way. */
export type Reader = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export const SOURCE_KINDS = [
  'page',
  'history',
  'patent',
  'client',
  'workplace',
  'agency',
  'notice',
  'terms',
  'product',
  'reference',
  'service',
  'serial',
] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]

/** How much of a long text (a manual's PDF) is indexed: enough for its terms, not its every page. */
export const BODY_MAX = 4000

const t = (lang: Lang, key: MessageKey) => translate(lang, key)
/** The address in a language: Korean is the address itself, English adds `lang=en`. */
const href = (lang: Lang, path: string, query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  if (lang === 'en') params.set('lang', 'en')
  const q = params.toString()
  return q ? `${path}?${q}` : path
}
/** Every string inside a piece of static copy (its visible texts), in order. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(textsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(textsOf)
        : []
const lines = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('\n')
/** Rows whose id is one of `ids` (every row when undefined). */
const byIds = (column: Parameters<typeof inArray>[0], ids: readonly string[] | undefined): SQL | undefined =>
  ids === undefined ? undefined : inArray(column, ids.map(Number))
const wanted = (ids: readonly string[] | undefined, id: string | number) =>
  ids === undefined || ids.includes(String(id))
const both = <T>(build: (lang: Lang) => T): T[] => locales.map(build)
/** A content record's entries in the languages it is published in (docs/decisions/043-per-language-publishing.md). */
const publishedIn =
  (row: { hidden_lang: Lang | null }) =>
  <T>(build: (lang: Lang) => T): T[] =>
    locales.filter((lang) => lang !== row.hidden_lang).map(build)

/** Builds the entries of the given source ids (all of the kind when `ids` is undefined). */
type Builder = (db: Reader, ids?: readonly string[]) => Promise<SearchEntry[]>

/** Sections of the static pages (company copy and recruitment), by a fixed key. */
const staticPages: Builder = async (_db, ids) => {
  const company = { ko: companyKo, en: companyEn }
  const recruitment = { ko: recruitmentKo, en: recruitmentEn }
  const info = `${COMPANY_BASE}/info`
  const esg = `${COMPANY_BASE}/management`
  const sections: {
    key: string
    build: (lang: Lang) => Omit<SearchEntry, 'kind' | 'sourceId' | 'lang' | 'updatedAt'>
  }[] = [
    {
      key: 'overview',
      build: (lang) => {
        const c = company[lang]
        return {
          oneDepth: t(lang, 'nav.about'),
          twoDepth: t(lang, 'company.menu.info.overview'),
          title: t(lang, 'company.menu.info.overview'),
          body: lines(
            c['overview.lead'],
            c['vision.title'],
            c['vision.body'],
            c['values.1.body'],
            c['values.2.body'],
            c['values.3.body'],
            ...(['established', 'listing', 'capital', 'employees', 'clients', 'esg'] as const).map(
              (f) => `${c[`facts.${f}.label`]} ${c[`facts.${f}.value`]}`,
            ),
          ),
          url: href(lang, info, { focus: 'company_step_01' }),
        }
      },
    },
    {
      key: 'organization',
      build: (lang) => {
        const c = company[lang]
        const units = Object.entries(c)
          .filter(([k]) => k.startsWith('org.'))
          .map(([, v]) => v)
        return {
          oneDepth: t(lang, 'nav.about'),
          twoDepth: t(lang, 'company.menu.info.organization'),
          title: t(lang, 'company.menu.info.organization'),
          body: lines(...units),
          url: href(lang, info, { focus: 'company_step_03' }),
        }
      },
    },
    {
      key: 'ceo',
      build: (lang) => {
        const c = company[lang]
        return {
          oneDepth: t(lang, 'nav.about'),
          twoDepth: t(lang, 'company.menu.info.ceo'),
          title: c['ceo.headline'],
          body: lines(c['ceo.p1'], c['ceo.p2'], c['ceo.p3'], c['ceo.p4']),
          url: href(lang, info, { focus: 'company_step_04' }),
        }
      },
    },
    {
      key: 'esg',
      build: (lang) => {
        const c = company[lang]
        return {
          oneDepth: t(lang, 'nav.about'),
          twoDepth: t(lang, 'company.menu.management.esg'),
          title: t(lang, 'company.menu.management.esg'),
          body: lines(
            c['esg.lead'],
            c['esg.e.title'],
            c['esg.e.body'],
            c['esg.s.title'],
            c['esg.s.body'],
            c['esg.g.title'],
            c['esg.g.body'],
          ),
          url: href(lang, esg, { focus: 'esg_step_01' }),
        }
      },
    },
    {
      key: 'esg-importance',
      build: (lang) => {
        const c = company[lang]
        return {
          oneDepth: t(lang, 'nav.about'),
          twoDepth: t(lang, 'company.menu.management.importance'),
          title: t(lang, 'company.menu.management.importance'),
          body: lines(
            c['esg.importance.lead'],
            ...([1, 2, 3] as const).flatMap((n) => [c[`esg.importance.${n}.title`], c[`esg.importance.${n}.body`]]),
          ),
          url: href(lang, esg, { focus: 'esg_step_02' }),
        }
      },
    },
    ...(['procedure', 'talent', 'jobs', 'evaluation', 'pay', 'benefits'] as const).map((part, i) => ({
      key: `recruitment-${part}`,
      build: (lang: Lang) => {
        const r = recruitment[lang]
        const { title, ...rest } = r[part]
        // The procedure opens the page; the five others are its anchored sections.
        const focus: Record<string, string> = i === 0 ? {} : { focus: RECRUITMENT_ANCHORS[i - 1]! }
        return {
          oneDepth: r.title,
          twoDepth: r.menu[part],
          title,
          body: lines(...textsOf(rest)),
          url: href(lang, '/recruitment', focus),
        }
      },
    })),
  ]
  return sections
    .filter((s) => wanted(ids, s.key))
    .flatMap((s) =>
      both((lang) => ({ kind: 'page' as const, sourceId: s.key, lang, updatedAt: null, ...s.build(lang) })),
    )
}

/**
 * The names and text of the files attached to rows of one owner type, per owner and language: a
 * file marked KOR belongs to the Korean entry, ENG to the English one, any other to both (a
 * drawing, a GSD file). Each language's entry so holds what its visitors download.
 */
async function attachedText(
  db: Reader,
  ownerType: string,
  ownerIds: number[],
): Promise<Map<number, Record<Lang, string>>> {
  const out = new Map<number, Record<Lang, string>>()
  if (ownerIds.length === 0) return out
  const rows = await db
    .select({
      owner: attachments.owner_id,
      icon: attachments.icon,
      name: attachments.origin_file_name,
      text: files.text_content,
    })
    .from(attachments)
    .innerJoin(files, eq(files.file_name, attachments.file_name))
    .where(and(eq(attachments.owner_type, ownerType), inArray(attachments.owner_id, ownerIds)))
    .orderBy(asc(attachments.owner_id), asc(attachments.sort_order))
  for (const row of rows) {
    const texts = out.get(row.owner) ?? { ko: '', en: '' }
    for (const lang of locales) {
      if ((row.icon === 'KOR' && lang !== 'ko') || (row.icon === 'ENG' && lang !== 'en')) continue
      texts[lang] = lines(texts[lang], row.name, row.text)
    }
    out.set(row.owner, texts)
  }
  return out
}

const history: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(historyEntries)
    .where(and(byIds(historyEntries.id, ids), eq(historyEntries.published, true)))
  return rows.flatMap((row) =>
    publishedIn(row)((lang) => ({
      kind: 'history' as const,
      sourceId: String(row.id),
      lang,
      oneDepth: t(lang, 'nav.about'),
      twoDepth: t(lang, 'company.menu.info.history'),
      title: `${row.year} ${localized(row, 'title', lang)}`,
      body: lines(localized(row, 'tag', lang), htmlToText(localized(row, 'description', lang))),
      url: href(lang, `${COMPANY_BASE}/info`, { focus: 'company_step_02' }),
      updatedAt: new Date(Date.UTC(row.year, 0, 1)),
    })),
  )
}

const patent: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(patents)
    .where(and(byIds(patents.id, ids), eq(patents.published, true)))
  return rows.flatMap((row) =>
    publishedIn(row)((lang) => ({
      kind: 'patent' as const,
      sourceId: String(row.id),
      lang,
      oneDepth: t(lang, 'nav.about'),
      twoDepth: t(lang, 'company.menu.info.certs'),
      title: localized(row, 'title', lang),
      body: lines(localized(row, 'description', lang), localized(row, 'origin_file_name', lang)),
      url: href(lang, `${COMPANY_BASE}/info`, {
        tab: row.type === PATENT_TYPE.certificate ? 'certificate' : 'patent',
        focus: 'company_step_05',
      }),
      updatedAt: null,
    })),
  )
}

/** Client sectors as the client page shows them: the sector's text and its clients' names. */
const CLIENT_SECTORS = [
  { sector: 'oil_gas', copy: 'oilGas', label: 'company.menu.client.oilGas', anchor: 'client_step_01' },
  { sector: 'power', copy: 'power', label: 'company.menu.client.power', anchor: 'client_step_02' },
  { sector: 'waterworks', copy: 'waterworks', label: 'company.menu.client.waterworks', anchor: 'client_step_03' },
  { sector: 'other', copy: 'other', label: 'company.menu.client.other', anchor: 'client_step_04' },
] as const

const client: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(clients)
    .where(eq(clients.published, true))
    .orderBy(asc(clients.sort_order), asc(clients.id))
  const copy = { ko: companyKo, en: companyEn }
  return CLIENT_SECTORS.filter((s) => wanted(ids, s.sector)).flatMap((s) =>
    both((lang) => ({
      kind: 'client' as const,
      sourceId: s.sector,
      lang,
      oneDepth: t(lang, 'nav.about'),
      twoDepth: t(lang, 'company.menu.client'),
      title: t(lang, s.label),
      body: lines(
        copy[lang][`client.${s.copy}.body`],
        rows
          .filter((r) => r.sector === s.sector && r.hidden_lang !== lang)
          .map((r) => localized(r, 'name', lang))
          .join(', '),
      ),
      url: href(lang, `${COMPANY_BASE}/client`, { focus: s.anchor }),
      updatedAt: null,
    })),
  )
}

const workplace: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(workplaces)
    .where(eq(workplaces.published, true))
    .orderBy(asc(workplaces.sort_order), asc(workplaces.id))
  return rows.flatMap((row, index) =>
    !wanted(ids, row.id)
      ? []
      : publishedIn(row)((lang) => ({
          kind: 'workplace' as const,
          sourceId: String(row.id),
          lang,
          oneDepth: t(lang, 'nav.about'),
          twoDepth: t(lang, 'company.menu.place'),
          title: localized(row, 'title', lang),
          body: lines(
            localized(row, 'roles', lang),
            localized(row, 'address', lang),
            row.tel && `Tel ${row.tel}`,
            row.fax && `Fax ${row.fax}`,
          ),
          url: href(lang, `${COMPANY_BASE}/place`, { focus: `place_step_${String(index + 1).padStart(2, '0')}` }),
          updatedAt: null,
        })),
  )
}

const agency: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(agencies)
    .where(and(byIds(agencies.id, ids), eq(agencies.published, true)))
  return rows.flatMap((row) =>
    publishedIn(row)((lang) => {
      const domestic = row.type === AGENCY_TYPE.domestic
      return {
        kind: 'agency' as const,
        sourceId: String(row.id),
        lang,
        oneDepth: t(lang, 'nav.about'),
        twoDepth: `${t(lang, 'company.menu.agency')} · ${t(lang, domestic ? 'company.menu.agency.domestic' : 'company.menu.agency.overseas')}`,
        title: `${localized(row, 'name', lang)} (${localized(row, 'title', lang)})`,
        body: localized(row, 'description', lang),
        url: href(lang, `${COMPANY_BASE}/agency`, { focus: domestic ? 'agency_step_01' : 'agency_step_02' }),
        updatedAt: null,
      }
    }),
  )
}

/** Investor notices are Korean only, as their pages are. */
const notice: Builder = async (db, ids) => {
  const rows = await db
    .select({
      id: investPosts.id,
      type: investPosts.type,
      title: investPosts.title,
      created_at: investPosts.created_at,
      category_id: investPosts.category_id,
      category: investCategories.title,
    })
    .from(investPosts)
    .innerJoin(investCategories, eq(investCategories.id, investPosts.category_id))
    .where(and(byIds(investPosts.id, ids), eq(investPosts.published, true)))
  const text = await attachedText(
    db,
    'invest',
    rows.map((r) => r.id),
  )
  return rows.map((row) => {
    const settlement = row.type === NOTICE_TYPE.settlement
    return {
      kind: 'notice' as const,
      sourceId: String(row.id),
      lang: 'ko' as const,
      oneDepth: t('ko', 'invest.banner'),
      twoDepth: `${t('ko', settlement ? 'invest.settlement' : 'invest.shareholder')} · ${row.category}`,
      title: row.title,
      body: text.get(row.id)?.ko ?? '',
      url: href('ko', settlement ? '/investment/settlement' : '/investment/shareholder', { select: row.category_id }),
      updatedAt: row.created_at,
    }
  })
}

/** The version of each terms type in force now (a version scheduled for later enters when it takes effect). */
const termsPage: Builder = async (db, ids) => {
  const types = Object.values(TERMS_TYPE).filter((type) => !ids || ids.map(Number).includes(type))
  const now = new Date()
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const rows = []
  for (const type of types) {
    const row = await versionInForce(db, type, now)
    if (row) rows.push(row)
  }
  return rows.flatMap((row) =>
    both((lang) => {
      const service = row.type === TERMS_TYPE.service
      return {
        kind: 'terms' as const,
        sourceId: String(row.type),
        lang,
        oneDepth: t(lang, 'footer.terms'),
        twoDepth: t(lang, service ? 'terms.service' : 'terms.privacy'),
        title: localized(row, 'title', lang),
        body: htmlToText(localized(row, 'description', lang)),
        url: href(lang, service ? '/terms/service' : '/terms/privacy'),
        // When it took effect: the terms service compares it to find a version that took effect since.
        updatedAt: row.effective_at,
      }
    }),
  )
}

/**
 * Products: families, series and item types, at their slug addresses (docs/decisions/020). A
 * family has no page of its own: it links to its first series, as /product/0/0 does. Hidden nodes
 * and their subtrees have no entries.
 */
const product: Builder = async (db, ids) => {
  const all = await db.select().from(products).orderBy(asc(products.sort_order), asc(products.id))
  const visible = visibleIds(all)
  const tree = all.filter((p) => visible.has(p.id))
  const addresses = productAddresses(tree, { visibleOnly: true })
  const pathOf = (row: (typeof tree)[number]): { path: string; family: (typeof tree)[number] } | null => {
    if (row.depth === 1) {
      const path = familyLanding(tree, row.id, addresses)
      return path ? { path, family: row } : null
    }
    const path = addresses.get(row.id)
    const parent = tree.find((p) => p.id === row.parent_id)
    const family = row.depth === 2 ? parent : tree.find((p) => p.id === parent?.parent_id)
    return path && family ? { path, family } : null
  }
  const rows = tree.filter((p) => wanted(ids, p.id))
  const options = rows.length
    ? await db
        .select()
        .from(productOptions)
        .where(
          inArray(
            productOptions.product_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(productOptions.sort_order))
    : []
  return rows.flatMap((row) => {
    const place = pathOf(row)
    if (!place) return []
    return both((lang) => ({
      kind: 'product' as const,
      sourceId: String(row.id),
      lang,
      oneDepth: t(lang, 'nav.products'),
      twoDepth: localized(place.family, 'title', lang),
      title: localized(row, 'title', lang),
      body: lines(
        localized(row, 'introduce', lang),
        htmlToText(localized(row, 'description', lang)),
        localized(row, 'item', lang),
        localized(row, 'item_introduce', lang),
        ...options
          .filter((o) => o.product_id === row.id)
          .flatMap((o) => [localized(o, 'title', lang), htmlToText(localized(o, 'content', lang))]),
      ),
      url: href(lang, place.path),
      updatedAt: null,
    }))
  })
}

/** Reference documents, found in the archive under their classification (and product). */
const reference: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(referenceDocuments)
    .where(and(byIds(referenceDocuments.id, ids), eq(referenceDocuments.published, true)))
  const text = await attachedText(
    db,
    'reference',
    rows.map((r) => r.id),
  )
  return rows.flatMap((row) =>
    both((lang) => ({
      kind: 'reference' as const,
      sourceId: String(row.id),
      lang,
      oneDepth: t(lang, 'archive.title'),
      twoDepth: t(lang, classificationKey(row.type)),
      title: localized(row, 'title', lang),
      body: lines(documentLabel(row.doc_number, row.revision), text.get(row.id)?.[lang]),
      url: href(lang, '/related-data', { select: row.type, ...(row.product_id ? { id: row.product_id } : {}) }),
      updatedAt: row.created_at,
    })),
  )
}

/** Service & support documents (FAQ entries among them), shown by their page's search for the title. */
const service: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(serviceDocuments)
    .where(and(byIds(serviceDocuments.id, ids), eq(serviceDocuments.published, true)))
  const text = await attachedText(
    db,
    'service',
    rows.map((r) => r.id),
  )
  return rows.flatMap((row) => {
    const page = SERVICE_PAGES.find((p) => p.type === row.type)
    if (!page) return []
    return both((lang) => {
      const title = localized(row, 'title', lang)
      return {
        kind: 'service' as const,
        sourceId: String(row.id),
        lang,
        oneDepth: t(lang, 'nav.service'),
        twoDepth: t(lang, classificationKey(row.type)),
        title,
        body: lines(documentLabel(row.doc_number, row.revision), text.get(row.id)?.[lang]),
        url: href(lang, page.path, { search: title, focus: 'search_result_bottom' }),
        updatedAt: row.created_at,
      }
    })
  })
}

/** Circuit diagrams by serial: found by `25-0100` or `250100`, opened in the serial lookup. */
const serial: Builder = async (db, ids) => {
  const rows = await db
    .select()
    .from(circuitSerials)
    .where(and(byIds(circuitSerials.id, ids), eq(circuitSerials.published, true)))
  const text = await attachedText(
    db,
    'serial',
    rows.map((r) => r.id),
  )
  return rows.flatMap((row) =>
    both((lang) => {
      const code = `${row.code1}-${row.code2}`
      return {
        kind: 'serial' as const,
        sourceId: String(row.id),
        lang,
        oneDepth: t(lang, 'nav.service'),
        twoDepth: t(lang, 'serial.title'),
        title: `${code} ${localized(row, 'title', lang)}`,
        body: text.get(row.id)?.[lang] ?? '',
        url: href(lang, '/service/reference/circuit-diagram', { code, focus: 'serial_result' }),
        updatedAt: row.created_at,
      }
    }),
  )
}

/** The builder of each kind of entry. */
export const SOURCES: Record<SourceKind, Builder> = {
  page: staticPages,
  history,
  patent,
  client,
  workplace,
  agency,
  notice,
  terms: termsPage,
  product,
  reference,
  service,
  serial,
}

/** The tables whose row ids are the source ids of a kind. */
const ROW_TABLES = {
  history: historyEntries,
  patent: patents,
  workplace: workplaces,
  agency: agencies,
  notice: investPosts,
  product: products,
  reference: referenceDocuments,
  service: serviceDocuments,
  serial: circuitSerials,
} as const

/** Every source id of a kind, in id order (what a full reindex walks through in batches). */
export async function sourceIds(db: Reader, kind: SourceKind): Promise<string[]> {
  if (kind === 'terms') return Object.values(TERMS_TYPE).map(String)
  if (kind === 'page' || kind === 'client') return [...new Set((await SOURCES[kind](db)).map((e) => e.sourceId))]
  const table = ROW_TABLES[kind]
  return (await db.select({ id: table.id }).from(table).orderBy(asc(table.id))).map((r) => String(r.id))
}
