import { data, Link, useLoaderData, useLocation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { TreeSideMenu, type TreeRoot } from '#app/components/ui/tree-side-menu.tsx'
import { translate } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { rootFromMatches } from '#app/utils/root-data.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { downloadUrl } from '#shared/files.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import { INQUIRY_PATH, SERVICE_REQUEST_PATH } from '#shared/service-request-paths.ts'
import { defaultLang, localized, type Lang } from '#shared/locales.ts'
import {
  CIRCUIT_DIAGRAM_TYPE,
  classificationKey,
  findServicePage,
  SERVICE_GROUPS,
  SERVICE_PAGES,
} from '#shared/service-pages.ts'
import type { Route } from './+types/service'
import { SerialLookup } from './serial-lookup.tsx'
import { readServiceQuery } from './service-query.ts'
import { ServiceResults } from './service-results.tsx'
import { ServiceSearch } from './service-search.tsx'
import { StandardDiagram } from './standard-diagram.tsx'
import './service.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

/** How many matching standard diagrams the section lists at once. */
const STANDARD_LIMIT = 10

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: '404' }]
  const root = rootFromMatches(matches)
  const lang = root?.lang ?? defaultLang
  const depth = translate(lang, classificationKey(loaderData.type))
  return routeMeta(
    matches,
    `${depth} · ${translate(lang, 'nav.service')}`,
    translate(lang, 'service.description', { depth, company: root?.site.companyName ?? '' }),
  )
}

type Doc = {
  id: number
  title: string
  title_en: string
  url: string
  url_en: string
  doc_number: string
  revision: string
  revised_at: Date
  file_list: { file_name: string; origin_file_name: string; icon: string }[]
}

function documentRow(doc: Doc, lang: Lang) {
  return {
    id: doc.id,
    title: localized(doc, 'title', lang),
    url: localized(doc, 'url', lang),
    docNumber: doc.doc_number,
    revision: doc.revision,
    revisedAt: doc.revised_at.toISOString(),
    files: doc.file_list.map((f) => ({ href: downloadUrl(f), label: f.origin_file_name, kind: f.icon })),
  }
}

/**
 * /service/{reference|as}/{second depth}: option groups, the searched documents and, on the
 * circuit-diagram page, the serial lookup and the standard circuit diagram. Everything comes
 * from the query (see service-query.ts).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = findServicePage(params.group, params.depth)
  if (!page) throw data(null, { status: 404 })
  const { lang } = context
  const { support } = context.services
  const query = readServiceQuery(new URL(request.url).searchParams)
  const circuit = page.type === CIRCUIT_DIAGRAM_TYPE
  const [groups, result, serials] = await Promise.all([
    // On the circuit page the same groups also feed the standard dropdowns, narrowed by `std`.
    support.optionGroups(page.type, circuit ? query.standard : []),
    support.documents({
      type: page.type,
      keyword: query.search,
      optionIds: query.optionIds,
      page: query.page,
      ...LIST_SIZES.service,
    }),
    circuit && query.serial ? support.serials({ ...query.serial, page: query.serialPage, ...LIST_SIZES.serial }) : null,
  ])

  let standard = null
  if (circuit) {
    const chosen = groups.map((g) => g.option_list.find((o) => query.standard.includes(o.id))?.id ?? null)
    const ids = chosen.filter((id): id is number => id !== null)
    const hasModel = chosen[0] !== null && chosen[0] !== undefined
    const matches = hasModel
      ? await support.documents({
          type: page.type,
          keyword: '',
          optionIds: ids,
          page: 1,
          recordSize: STANDARD_LIMIT,
          pageSize: 1,
        })
      : null
    standard = {
      groups: groups.map((g, i) => ({
        id: g.id,
        title: localized(g, 'title', lang),
        selected: chosen[i] ?? null,
        options: g.option_list.map((o) => ({
          id: o.id,
          title: localized(o, 'title', lang),
          disabled: o.disabled,
          available: o.available,
        })),
      })),
      hasModel,
      total: matches?.pagination.totalRecordCountAll ?? 0,
      rows: (matches?.list ?? []).map((doc) => documentRow(doc, lang)),
    }
  }

  return {
    group: page.group,
    depth: page.depth,
    type: page.type,
    groups: groups.map((g) => ({
      id: g.id,
      title: localized(g, 'title', lang),
      options: g.option_list.map((o) => ({ id: o.id, title: localized(o, 'title', lang), disabled: o.disabled })),
    })),
    search: query.search,
    optionIds: query.optionIds,
    results: {
      page: result.pagination.page,
      total: result.pagination.totalRecordCountAll,
      rows: result.list.map((doc) => documentRow(doc, lang)),
    },
    serial: circuit
      ? {
          code: query.code,
          invalid: query.code !== null && query.serial === null,
          result: serials
            ? {
                page: serials.pagination.page,
                total: serials.pagination.totalRecordCountAll,
                rows: serials.list.map((s) => ({
                  id: s.id,
                  code: s.code,
                  model: s.model,
                  title: localized(s, 'title', lang),
                  files: s.file_list.map((f) => ({ href: downloadUrl(f), label: f.origin_file_name, kind: f.icon })),
                })),
              }
            : null,
        }
      : null,
    standard,
  }
}

export default function Service() {
  const d = useLoaderData<typeof loader>()
  const t = useT()
  const location = useLocation()
  const menu: TreeRoot[] = SERVICE_GROUPS.map((g) => ({
    id: g.key,
    text: t(`service.group.${g.key}`),
    children: SERVICE_PAGES.filter((p) => p.group === g.key).map((p) => ({
      id: p.depth,
      text: t(classificationKey(p.type)),
    })),
  }))
  const title = t(classificationKey(d.type))
  // Keyed by the address: typed but unsent input gives way to what the URL says (back/forward,
  // another second depth, Initialization).
  const stateKey = `${location.pathname}${location.search}`
  return (
    <SubPage
      section="service"
      title={t('nav.service')}
      menu={
        <TreeSideMenu
          section="service"
          title={t('nav.service')}
          tree={menu}
          current={{ first: d.group, second: d.depth }}
        />
      }
    >
      <div className="service">
        <TitleBlock id="service_title" title={title} />
        {d.group === 'as' ? (
          // The customer center's two forms (docs/decisions/065-service-requests.md, 069).
          <p className="service__requests">
            <Link className="button button--outline" to={SERVICE_REQUEST_PATH}>
              {t('serviceRequest.entry')}
            </Link>
            <Link className="button button--outline" to={INQUIRY_PATH}>
              {t('inquiry.entry')}
            </Link>
          </p>
        ) : null}
        {d.serial ? (
          <SerialLookup
            key={`serial-${stateKey}`}
            code={d.serial.code}
            invalid={d.serial.invalid}
            result={d.serial.result}
          />
        ) : null}
        {d.standard ? <StandardDiagram {...d.standard} /> : null}
        <section className="service__search" aria-labelledby="service-search-title">
          <h3 id="service-search-title" className={d.serial ? 'service__section-title' : 'visually-hidden'}>
            {t('service.searchTitle')}
          </h3>
          <ServiceSearch key={`search-${stateKey}`} groups={d.groups} search={d.search} optionIds={d.optionIds} />
          <ServiceResults {...d.results} />
        </section>
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
