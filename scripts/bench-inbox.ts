// The staff inbox benchmark (issue 35, docs/decisions/070-service-inbox.md), on PGlite or PostgreSQL:
//   npx tsx scripts/bench-inbox.ts [--requests 100000] [--runs 300] [--postgres <admin url>]
// 1. a fresh database with the demo content (its three teams) and N accepted service requests over
//    three years (both kinds, every status, most of them closed, a third assigned among three staff
//    members, Korean companies and sites), written with one INSERT … SELECT and analysed;
// 2. in process, p50/p99 at 1 and 10 concurrent callers of the inbox's list call for four filtered,
//    sorted pages (count and page, as the console's loader asks) and, in the same run, the bare
//    indexed SELECT of the default page (no count, no search, no badges) as the baseline.
// `npm run bench -- --inbox` runs it on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { sql } from 'drizzle-orm'
import { serviceRequests, serviceTeams } from '#server/db/schema.ts'
import { parseListQuery } from '#shared/console-lists.ts'
import { INBOX_LIST_SPEC } from '#shared/service-inbox.ts'
import { enrolStaff } from '#tests/helpers/staff.ts'
import { argOf, benchRuntime, measure } from './bench-lib.ts'

const args = process.argv.slice(2)
const target = Number(argOf(args, 'requests') ?? 100_000)
const runs = Number(argOf(args, 'runs') ?? 300)
process.env.CONSOLE_KEY ??= 'YmVuY2gtaW5ib3gtY29uc29sZS1rZXktMzItYnl0ZXM='
const { runtime, done } = await benchRuntime(args, 'inbox')
const { db } = runtime.database
const driver = runtime.database.driver

try {
  const started = performance.now()
  const staff = []
  for (const [i, name] of ['접수담당', '기술지원', '영업담당'].entries())
    staff.push(await enrolStaff(runtime.services, { username: `bench.inbox${i}@example.com`, name, role: 'editor' }))
  const ids = (await db.select({ id: serviceTeams.id }).from(serviceTeams)).map((t) => t.id)
  if (ids.length === 0) throw new Error('the demo content has no service teams')
  const staffIds = staff.map((s) => s.userId)
  const companies = [
    '한국수자원공사',
    '대한정수',
    '서울도시가스',
    '부산환경공단',
    'Hanoi Water',
    '한빛플랜트',
    '동양엔지니어링',
    '청주정수장',
  ]
  const list = (words: (string | number)[]) =>
    sql.raw(`array[${words.map((w) => (typeof w === 'number' ? w : `'${w}'`)).join(',')}]`)
  // Statuses: half closed, a fifth resolved, the rest open (received, in progress, waiting).
  await db.execute(sql`insert into service_requests
    (kind, status, tracking_no, lang, serial_no, model, site_name, symptom, description, contact_name,
     company, phone, email, consent_version, consented_at, created_at, accepted_at, updated_at,
     retain_until, region, team_id, assignee_id, first_response_at, resolved_at, closed_at)
    select k, s, upper(k) || '-' || (2024 + g % 3) || '-' || lpad(g::text, 6, '0'), 'ko',
      'TM' || lpad((g % 9000)::text, 6, '0') || '-1', 'TM-' || (g % 40), '정수장 ' || (g % 500) || '호기',
      'no-movement', '밸브가 열리지 않습니다 ' || g, '담당자' || g,
      (${list(companies)})[1 + g % ${companies.length}], '010-0000-' || lpad((g % 10000)::text, 4, '0'),
      'bench' || g || '@example.com', 'as-consent-2026-11', at, at, at, at + interval '1 hour' * (g % 200),
      at + interval '3 years', 'domestic', (${list(ids)})[1 + (g / 7) % ${ids.length}],
      case when g % 3 = 0 then (${list(staffIds)})[1 + (g / 5) % ${staffIds.length}] end,
      case when s <> 'received' then at + interval '1 hour' * (1 + g % 30) end,
      case when s in ('resolved', 'closed') then at + interval '1 hour' * (5 + g % 90) end,
      case when s = 'closed' then at + interval '1 hour' * (6 + g % 120) end
    from (
      select g, case when g % 3 = 0 then 'iq' else 'as' end as k,
        case when g % 10 < 5 then 'closed' when g % 10 < 7 then 'resolved'
             else (array['received', 'in_progress', 'waiting'])[1 + g % 3] end as s,
        now() - interval '1 minute' * ((${target} - g) * 15) as at
      from generate_series(1, ${target}) g
    ) t`)
  await db.execute(sql`vacuum analyze service_requests`)
  const [{ n: total }] = (await db.select({ n: sql<number>`count(*)::int` }).from(serviceRequests)) as [{ n: number }]
  const fixtureSeconds = (performance.now() - started) / 1000

  const inbox = runtime.services.serviceInbox
  const me = staffIds[0]!
  const cases = [
    { name: 'default: open requests, newest first', params: '' },
    {
      name: 'one team, waiting, last update first, page 3',
      params: `team=${ids[1] ?? ids[0]}&state=waiting&sort=updated&page=3`,
    },
    { name: 'assigned to me, open, older than one working day', params: 'assignee=me&age=1wd' },
    { name: 'search "대한정수", all statuses', params: `q=${encodeURIComponent('대한정수')}&state=all` },
  ]
  const rows: Record<string, string | number>[] = []
  for (const c of cases) {
    const { query } = parseListQuery(INBOX_LIST_SPEC, new URLSearchParams(c.params))
    const call = () => inbox.list(query, 20, me)
    const first = await call()
    const one = await measure(call, 1, runs)
    const ten = await measure(call, 10, runs * 2)
    rows.push({
      page: c.name,
      found: first.total,
      '1 conn p50 ms': one.p50,
      '1 conn p99 ms': one.p99,
      '10 conn p50 ms': ten.p50,
      '10 conn p99 ms': ten.p99,
    })
  }
  // The baseline: the default page's rows straight from the (status, accepted_at) index.
  const bare = () =>
    db.execute(sql`select id, kind, status, tracking_no, contact_name, company, accepted_at from service_requests
      where status in ('received', 'in_progress', 'waiting') order by accepted_at desc limit 20`)
  const bareOne = await measure(bare, 1, runs)
  const bareTen = await measure(bare, 10, runs * 2)
  rows.push({
    page: 'baseline: bare indexed SELECT of the default page',
    found: '',
    '1 conn p50 ms': bareOne.p50,
    '1 conn p99 ms': bareOne.p99,
    '10 conn p50 ms': bareTen.p50,
    '10 conn p99 ms': bareTen.p99,
  })
  console.log(
    `\nThe staff inbox on ${driver}: ${total.toLocaleString('en-US')} service requests (fixture in ${fixtureSeconds.toFixed(1)} s), in process, ${runs} calls at 1 caller and ${runs * 2} at 10`,
  )
  console.table(rows)
} finally {
  await done()
}
