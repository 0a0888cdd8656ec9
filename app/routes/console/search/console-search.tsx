import { data, Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { contentKind } from '#shared/content-kinds.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { TEXT_PAGES } from '#shared/page-texts.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/console-search'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { recordLabel } from '../content/record-label.ts'
import './console-search.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.find.title')
}

export const headers = consoleHeaders

/** The longest query taken (characters); a longer one is refused with a message, not cut. */
const QUERY_MAX = 200

type Hit = { href: string; label: string; detail: string }
type Group = { title: MessageKey; hits: Hit[]; more: boolean; moreHref: string | null }

/** The longest text shown of a page text that matched. */
const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text)

/**
 * The console's one search box (issue 33; docs/decisions/057-console-search.md): every word of
 * the query in any order, in either language, over what the role may open; each hit links to its
 * editor. Members and staff are found for administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const people = roleAtLeast(staff.user.role, 'admin')
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim()
  if (query.length > QUERY_MAX)
    return data({ query: '', people, groups: null, tooLong: true }, { status: 400, headers: consoleHeaders() })
  if (query === '') return { query, people, groups: null, tooLong: false }
  const lang = context.lang
  const found = await context.services.consoleSearch.find(query, { people })
  const inLang = (ko: string, en: string) => (lang === 'en' && en.trim() ? en : ko)
  const q = encodeURIComponent(query)
  const groups: Group[] = [
    {
      title: 'console.find.group.products',
      hits: found.products.hits.map((p) => ({
        href: `/admin/catalogue/${p.id}`,
        label: inLang(p.title, p.title_en),
        detail: lang === 'en' ? p.title : p.title_en,
      })),
      more: found.products.more,
      moreHref: null,
    },
    {
      title: 'console.find.group.documents',
      hits: found.documents.hits.map((d) => ({
        href: `/admin/documents/${d.archive}/${d.id}`,
        label: inLang(d.title, d.title_en),
        detail: `${d.doc_number ?? '—'} · ${d.revision}`,
      })),
      more: found.documents.more,
      moreHref: `/admin/documents/reference?q=${q}`,
    },
    {
      title: 'console.find.group.content',
      hits: found.content.hits.map(({ kind, state }) => ({
        href: `/admin/content/${kind}/${state.id}`,
        label: recordLabel(contentKind(kind)!, state, lang),
        detail: contentKind(kind)!.title,
      })),
      more: found.content.more,
      moreHref: null,
    },
    {
      title: 'console.find.group.texts',
      hits: found.texts.hits.map((text) => ({
        href: `/admin/texts/${text.page}`,
        label: clip(inLang(text.ko, text.en)),
        detail: TEXT_PAGES[text.page].title,
      })),
      more: found.texts.more,
      moreHref: null,
    },
    ...(people
      ? ([
          {
            title: 'console.find.group.members',
            hits: found.members.hits.map((m) => ({
              href: `/admin/members/${m.id}`,
              label: m.name,
              detail: [m.username, m.company].filter(Boolean).join(' · '),
            })),
            more: found.members.more,
            moreHref: `/admin/members?q=${q}`,
          },
          {
            title: 'console.find.group.staff',
            hits: found.staff.hits.map((s) => ({ href: '/admin/staff', label: s.name, detail: s.username })),
            more: found.staff.more,
            moreHref: null,
          },
        ] satisfies Group[])
      : []),
  ]
  return { query, people, groups, tooLong: false }
}

/** Content kinds and text pages name themselves by a message key; other details are plain text. */
function useDetail() {
  const t = useT()
  return (detail: string) => (/^console\./.test(detail) ? t(detail as MessageKey) : detail)
}

export default function ConsoleSearch({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const detailOf = useDetail()
  const { query, groups, people, tooLong } = loaderData
  const total = groups?.reduce((n, g) => n + g.hits.length, 0) ?? 0
  return (
    <>
      <h1>{t('console.find.title')}</h1>
      <p className="console-muted">{t(people ? 'console.find.leadAdmin' : 'console.find.lead')}</p>
      {tooLong ? (
        <p role="alert">{t('console.find.tooLong', { max: QUERY_MAX })}</p>
      ) : groups === null ? (
        <p>{t('console.find.empty')}</p>
      ) : total === 0 ? (
        <p role="status">{t('console.find.none', { query })}</p>
      ) : (
        <>
          <p role="status">{t('console.find.found', { query, count: total })}</p>
          {groups
            .filter((g) => g.hits.length > 0)
            .map((group) => (
              <section key={group.title} className="console-find__group" aria-labelledby={`find-${group.title}`}>
                <h2 id={`find-${group.title}`}>
                  {t(group.title)}{' '}
                  <span className="console-muted">({group.hits.length + (group.more ? '+' : '')})</span>
                </h2>
                <ul className="console-find__hits">
                  {group.hits.map((hit) => (
                    <li key={hit.href + hit.label}>
                      <Link to={hit.href}>{hit.label}</Link>
                      {hit.detail ? <span className="console-muted"> · {detailOf(hit.detail)}</span> : null}
                    </li>
                  ))}
                </ul>
                {group.more ? (
                  group.moreHref ? (
                    <p>
                      <Link to={group.moreHref}>{t('console.find.more')}</Link>
                    </p>
                  ) : (
                    <p className="console-muted">{t('console.find.refine', { count: group.hits.length })}</p>
                  )
                ) : null}
              </section>
            ))}
        </>
      )}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
