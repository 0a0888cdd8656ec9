import { Form, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { REQUEST_KINDS } from '#shared/service-request-status.ts'
import { ROUTING_FAMILIES, ROUTING_REGIONS, TEAM_LIMITS } from '#shared/service-routing.ts'
import type { Route } from './+types/routing'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { badRequest, refusal, type SaveAnswer } from '../save-answer.server.ts'
import './routing.css'

/**
 * The routing of service requests (docs/decisions/071-service-routing.md): the teams (names, the
 * addresses mailed) and the ordered rules (kind, model family, region → team, assignee). For
 * administrators only (the loader and the action check it). Plain forms that work without
 * JavaScript; a refused save answers with every typed value (400, 404, or 409 on a stale version),
 * and the console's save guard keeps the typing through an ended session.
 */

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.routing.title')
}

export const headers = consoleHeaders

const PATH = '/admin/routing'
const DONE = ['saved', 'deleted', 'moved'] as const
type Done = (typeof DONE)[number]

const idOf = (value: string | null | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null
const versionOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null)

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'admin')
  const { teams, rules, staff } = await context.services.serviceRouting.screen()
  const done = new URL(request.url).searchParams.get('done')
  return {
    teams: teams.map((team) => ({
      id: team.id,
      name: team.name,
      name_en: team.name_en,
      emails: team.emails,
      version: team.version,
    })),
    rules: rules.map((rule) => ({
      id: rule.id,
      kind: rule.kind,
      family: rule.family,
      region: rule.region,
      team_id: rule.team_id,
      assignee_id: rule.assignee_id,
      version: rule.version,
    })),
    staff: staff.map((person) => ({ id: person.id, name: person.name, username: person.username })),
    done: DONE.includes(done as Done) ? (done as Done) : null,
  }
}

const TEAM_FIELDS = ['name', 'name_en', 'emails'] as const
const RULE_FIELDS = ['kind', 'family', 'region', 'team_id', 'assignee_id'] as const

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'admin')
  const form = await formValues(request)
  const routing = context.services.serviceRouting
  const actor = { userId: staff.user.id, ip: context.clientIp }
  const id = idOf(form.id)
  const version = versionOf(form.version)
  const back = (done: Done, anchor: string) => redirect(`${PATH}?done=${done}#${anchor}`, { headers: consoleHeaders() })
  const pick = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, form[f] ?? '']))
  switch (form.intent) {
    case 'team-create':
    case 'team-save': {
      const creating = form.intent === 'team-create'
      if (!creating && (id === null || version === null)) return badRequest()
      const values = pick(TEAM_FIELDS)
      const result = await routing.saveTeam(creating ? null : id, version ?? 0, values, actor)
      if (result.ok) throw back('saved', `team-${result.id}`)
      return refusal(result, context.lang, { form: creating ? 'team-new' : `team-${id}`, values })
    }
    case 'rule-create':
    case 'rule-save': {
      const creating = form.intent === 'rule-create'
      if (!creating && (id === null || version === null)) return badRequest()
      const values = pick(RULE_FIELDS)
      const result = await routing.saveRule(creating ? null : id, version ?? 0, values, actor)
      if (result.ok) throw back('saved', `rule-${result.id}`)
      return refusal(result, context.lang, { form: creating ? 'rule-new' : `rule-${id}`, values })
    }
    case 'team-delete':
    case 'rule-delete': {
      if (id === null || version === null) return badRequest()
      const team = form.intent === 'team-delete'
      const result = team ? await routing.deleteTeam(id, version, actor) : await routing.deleteRule(id, version, actor)
      if (result.ok) throw back('deleted', team ? 'routing-teams' : 'routing-rules')
      return refusal(result, context.lang, { form: `${team ? 'team' : 'rule'}-${id}` })
    }
    case 'rule-up':
    case 'rule-down': {
      if (id === null || version === null) return badRequest()
      const result = await routing.moveRule(id, version, form.intent === 'rule-up' ? 'up' : 'down', actor)
      if (result.ok) throw back('moved', `rule-${id}`)
      return refusal(result, context.lang, { form: `rule-${id}` })
    }
    default:
      return badRequest()
  }
}

type Data = Route.ComponentProps['loaderData']
type Team = Data['teams'][number]
type Rule = Data['rules'][number]
type Posted = SaveAnswer | undefined

function TeamForm({ team, posted, busy }: { team: Team | null; posted: Posted; busy: boolean }) {
  const t = useT()
  const value = (field: (typeof TEAM_FIELDS)[number]) => posted?.values?.[field] ?? team?.[field] ?? ''
  const error = (field: string) => {
    const key = posted?.errors[field]
    return key ? t(key) : undefined
  }
  return (
    <Form method="post" action={PATH} className="console-form routing-form" noValidate>
      {team ? <input type="hidden" name="id" value={team.id} /> : null}
      {team ? <input type="hidden" name="version" value={posted?.version ?? team.version} /> : null}
      <div className="routing-fields">
        <TextInput
          name="name"
          label={t('console.routing.teamName')}
          required
          maxLength={TEAM_LIMITS.name}
          defaultValue={value('name')}
          error={error('name')}
        />
        <TextInput
          name="name_en"
          label={t('console.routing.teamNameEn')}
          required
          maxLength={TEAM_LIMITS.name}
          lang="en"
          defaultValue={value('name_en')}
          error={error('name_en')}
        />
      </div>
      <Textarea
        name="emails"
        label={t('console.routing.emails')}
        required
        rows={3}
        defaultValue={value('emails')}
        error={error('emails')}
      />
      <button
        type="submit"
        name="intent"
        value={team ? 'team-save' : 'team-create'}
        className="button button--primary"
        disabled={busy}
      >
        {t(team ? 'console.routing.saveTeam' : 'console.routing.addTeam')}
      </button>
    </Form>
  )
}

/** Delete behind a disclosure: asked once, without JavaScript. */
function DeleteForm({
  id,
  version,
  intent,
  label,
  hint,
  busy,
}: {
  id: number
  version: number
  intent: 'team-delete' | 'rule-delete'
  label: string
  hint?: string
  busy: boolean
}) {
  return (
    <details className="routing-delete">
      <summary>{label}</summary>
      <Form method="post" action={PATH} className="console-inline-form" data-no-save-guard>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
        {hint ? <p className="console-muted">{hint}</p> : null}
        <button type="submit" name="intent" value={intent} className="button button--outline" disabled={busy}>
          {label}
        </button>
      </Form>
    </details>
  )
}

function Select({
  name,
  label,
  value,
  error,
  options,
}: {
  name: string
  label: string
  value: string
  error?: string | undefined
  options: { value: string; label: string }[]
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className="field__input">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

function RuleForm({ rule, posted, data, busy }: { rule: Rule | null; posted: Posted; data: Data; busy: boolean }) {
  const t = useT()
  const value = (field: (typeof RULE_FIELDS)[number]) =>
    posted?.values?.[field] ??
    (rule ? String(rule[field] ?? '') : field === 'team_id' ? String(data.teams[0]?.id ?? '') : '')
  const error = (field: string) => {
    const key = posted?.errors[field]
    return key ? t(key) : undefined
  }
  const any = { value: '', label: t('console.routing.any') }
  const regionLabel = (region: string): MessageKey =>
    region === 'domestic' || region === 'overseas'
      ? `console.routing.region.${region}`
      : (`console.region.${region === 'middle_east' ? 'middleEast' : region}` as MessageKey)
  return (
    <Form method="post" action={PATH} className="console-form routing-form" noValidate>
      {rule ? <input type="hidden" name="id" value={rule.id} /> : null}
      {rule ? <input type="hidden" name="version" value={posted?.version ?? rule.version} /> : null}
      <div className="routing-fields routing-fields--rule">
        <Select
          name="kind"
          label={t('console.routing.kind')}
          value={value('kind')}
          error={error('kind')}
          options={[any, ...REQUEST_KINDS.map((k) => ({ value: k, label: t(`console.routing.kind.${k}`) }))]}
        />
        <Select
          name="family"
          label={t('console.routing.family')}
          value={value('family')}
          error={error('family')}
          options={[any, ...ROUTING_FAMILIES.map((f) => ({ value: f, label: t(`console.routing.family.${f}`) }))]}
        />
        <Select
          name="region"
          label={t('console.routing.region')}
          value={value('region')}
          error={error('region')}
          options={[any, ...ROUTING_REGIONS.map((r) => ({ value: r, label: t(regionLabel(r)) }))]}
        />
        <Select
          name="team_id"
          label={t('console.routing.team')}
          value={value('team_id')}
          error={error('team_id')}
          options={data.teams.map((team) => ({ value: String(team.id), label: team.name }))}
        />
        <Select
          name="assignee_id"
          label={t('console.routing.assignee')}
          value={value('assignee_id')}
          error={error('assignee_id')}
          options={[
            { value: '', label: t('console.routing.nobody') },
            ...data.staff.map((person) => ({ value: String(person.id), label: `${person.name} (${person.username})` })),
          ]}
        />
      </div>
      <button
        type="submit"
        name="intent"
        value={rule ? 'rule-save' : 'rule-create'}
        className="button button--primary"
        disabled={busy}
      >
        {t(rule ? 'console.routing.saveRule' : 'console.routing.addRule')}
      </button>
    </Form>
  )
}

function MoveButtons({ rule, n, last, busy }: { rule: Rule; n: number; last: boolean; busy: boolean }) {
  const t = useT()
  return (
    <Form method="post" action={PATH} className="console-inline-form routing-move" data-no-save-guard>
      <input type="hidden" name="id" value={rule.id} />
      <input type="hidden" name="version" value={rule.version} />
      <button
        type="submit"
        name="intent"
        value="rule-up"
        className="button button--outline"
        disabled={busy || n === 1}
        aria-label={t('console.routing.upRule', { n })}
      >
        {t('console.routing.up')}
      </button>
      <button
        type="submit"
        name="intent"
        value="rule-down"
        className="button button--outline"
        disabled={busy || last}
        aria-label={t('console.routing.downRule', { n })}
      >
        {t('console.routing.down')}
      </button>
    </Form>
  )
}

export default function Routing({ loaderData: data, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const posted = actionData as Posted
  const postedTo = (name: string) => (posted?.form === name ? posted : undefined)
  return (
    <>
      <h1>{t('console.routing.title')}</h1>
      <p className="console-muted">{t('console.routing.lead')}</p>
      {data.done && !posted ? (
        <p className="console-notice" role="status">
          {t(`console.routing.${data.done}`)}
        </p>
      ) : null}
      <FormAlert message={posted?.message} />

      <section className="console-card" aria-labelledby="routing-rules" id="routing-rules-section">
        <h2 id="routing-rules">{t('console.routing.rules')}</h2>
        {data.rules.length === 0 ? <p className="console-muted">{t('console.routing.noRules')}</p> : null}
        <ol className="routing-list" id="routing-rules-list">
          {data.rules.map((rule, i) => (
            <li key={`${rule.id}-${rule.version}`} id={`rule-${rule.id}`} className="routing-item">
              <h3>{t('console.routing.ruleLegend', { n: i + 1 })}</h3>
              <RuleForm rule={rule} posted={postedTo(`rule-${rule.id}`)} data={data} busy={busy} />
              <div className="routing-actions">
                <MoveButtons rule={rule} n={i + 1} last={i === data.rules.length - 1} busy={busy} />
                <DeleteForm
                  id={rule.id}
                  version={rule.version}
                  intent="rule-delete"
                  label={t('console.routing.deleteRule')}
                  busy={busy}
                />
              </div>
            </li>
          ))}
        </ol>
        {data.teams.length > 0 ? (
          <div className="routing-new" key={`rule-new-${data.rules.length}`}>
            <h3>{t('console.routing.newRule')}</h3>
            <RuleForm rule={null} posted={postedTo('rule-new')} data={data} busy={busy} />
          </div>
        ) : (
          <p className="console-muted">{t('console.routing.noTeams')}</p>
        )}
      </section>

      <section className="console-card" aria-labelledby="routing-teams" id="routing-teams-section">
        <h2 id="routing-teams">{t('console.routing.teams')}</h2>
        <ul className="routing-list">
          {data.teams.map((team) => (
            <li key={`${team.id}-${team.version}`} id={`team-${team.id}`} className="routing-item">
              <h3>{t('console.routing.teamLegend', { name: team.name })}</h3>
              <TeamForm team={team} posted={postedTo(`team-${team.id}`)} busy={busy} />
              <DeleteForm
                id={team.id}
                version={team.version}
                intent="team-delete"
                label={t('console.routing.deleteTeam')}
                hint={t('console.routing.deleteTeamHint')}
                busy={busy}
              />
            </li>
          ))}
        </ul>
        <div className="routing-new" key={`team-new-${data.teams.length}`}>
          <h3>{t('console.routing.newTeam')}</h3>
          <TeamForm team={null} posted={postedTo('team-new')} busy={busy} />
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
