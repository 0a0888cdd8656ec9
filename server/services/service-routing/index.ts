import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { agencies, products, serviceRequests, serviceRoutingRules, serviceTeams, users } from '#server/db/schema.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { emailLines, regionMatches, ruleSchema, teamSchema, type RoutingFamily } from '#shared/service-routing.ts'
import { TRACKING_PREFIX } from '#shared/service-request-status.ts'
import { audit } from '../console/audit.ts'
import type { MailService } from '../mail/index.ts'
import type { SaveResult } from '../save-result.ts'
import { productOfModel, type ModelNode } from '../units/model-product.ts'
import { routedRequestMail } from './team-mail.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Executor = Db | Tx

export type ServiceRouting = ReturnType<typeof createServiceRouting>
export type TeamRow = typeof serviceTeams.$inferSelect
export type RuleRow = typeof serviceRoutingRules.$inferSelect

/** The console path of a request in the inbox. */
export const consoleRequestPath = (id: number) => `/admin/requests/${id}`

/** The family of a depth-1 product node: a hoist when its title says so, else an actuator. */
export function familyOfNode(node: Pick<ModelNode, 'title' | 'title_en'>): RoutingFamily {
  return /hoist/i.test(node.title_en) || /권양기/.test(node.title) ? 'hoist' : 'actuator'
}

/** The family of a model text in the product tree (`productOfModel`, then up to its depth-1 node); null when unknown. */
export function familyOfModel(model: string, nodes: readonly ModelNode[]): RoutingFamily | null {
  let node = productOfModel(model, nodes)
  const byId = new Map(nodes.map((n) => [n.id, n]))
  while (node && node.depth > 1 && node.parent_id !== null) node = byId.get(node.parent_id) ?? null
  return node && node.depth === 1 ? familyOfNode(node) : null
}

/**
 * Routing of accepted service requests and the console's teams and rules
 * (docs/decisions/071-service-routing.md). `route` runs in the acceptance's transaction: the first
 * rule in order whose kind, family and region match sets the request's team and assignee and the
 * team is mailed through the outbox (overseas: the region's agencies too, the team in copy).
 */
export function createServiceRouting(deps: {
  db: Db
  clock: () => Date
  mail: Pick<MailService, 'enqueue'>
  config: Pick<Config, 'SITE_URL'>
}) {
  const { db, clock, mail, config } = deps

  async function touch(tx: Executor, table: 'team' | 'rule', id: number, version: number, now: Date) {
    const target = table === 'team' ? serviceTeams : serviceRoutingRules
    const rows = await tx
      .update(target)
      .set({ version: sql`${target.version} + 1`, updated_at: now })
      .where(and(eq(target.id, id), eq(target.version, version)))
      .returning({ version: target.version })
    return rows[0]?.version ?? null
  }

  async function conflictOf(tx: Executor, table: 'team' | 'rule', id: number) {
    const target = table === 'team' ? serviceTeams : serviceRoutingRules
    const [row] = await tx
      .select({ version: target.version, at: target.updated_at })
      .from(target)
      .where(eq(target.id, id))
    return row
      ? ({ ok: false, reason: 'conflict', by: null, at: row.at, version: row.version } as const)
      : ({ ok: false, reason: 'not-found' } as const)
  }

  const assigneeOk = async (tx: Executor, id: number | null) => {
    if (id === null) return true
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.delete_yn, 'N'), inArray(users.role, ['admin', 'editor', 'viewer'])))
    return Boolean(row)
  }

  return {
    /**
     * Routes an accepted request in the caller's transaction: sets `team_id` and `assignee_id` from
     * the first matching rule and queues the team's mails. No match: nothing is set, nothing mailed.
     */
    async route(tx: Tx, requestId: number): Promise<{ teamId: number; assigneeId: number | null } | null> {
      const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId))
      if (!request) return null
      const rules = await tx
        .select()
        .from(serviceRoutingRules)
        .orderBy(asc(serviceRoutingRules.sort_order), asc(serviceRoutingRules.id))
      let family: RoutingFamily | null | undefined
      const familyOf = async () => {
        if (family !== undefined) return family
        const nodes = await tx
          .select({
            id: products.id,
            parent_id: products.parent_id,
            depth: products.depth,
            title: products.title,
            title_en: products.title_en,
          })
          .from(products)
          .orderBy(asc(products.sort_order), asc(products.id))
        family = request.model ? familyOfModel(request.model, nodes) : null
        return family
      }
      let rule: RuleRow | undefined
      for (const candidate of rules) {
        if (candidate.kind && candidate.kind !== request.kind) continue
        if (!regionMatches(candidate.region, request.region)) continue
        if (candidate.family && candidate.family !== (await familyOf())) continue
        rule = candidate
        break
      }
      if (!rule) return null
      const [team] = await tx.select().from(serviceTeams).where(eq(serviceTeams.id, rule.team_id))
      if (!team) return null
      await tx
        .update(serviceRequests)
        .set({ team_id: team.id, assignee_id: rule.assignee_id })
        .where(eq(serviceRequests.id, request.id))

      const link = new URL(consoleRequestPath(request.id), config.SITE_URL).toString()
      const facts = {
        tracking: request.tracking_no ?? `${TRACKING_PREFIX[request.kind as 'as'] ?? ''}-${request.id}`,
        kind: request.kind,
        model: request.model,
        company: request.company,
        teamName: team.name,
        teamNameEn: team.name_en,
      }
      const teamMail = routedRequestMail(facts, link)
      const teamAddresses = emailLines(team.emails)
      for (const to of teamAddresses) await mail.enqueue(tx, { to, lang: 'ko', ...teamMail })
      if (request.region !== 'domestic') {
        // The region's agencies (published or not: the address is internal), the team in copy.
        const agencyRows = await tx
          .select({ email: agencies.email, name: agencies.name, name_en: agencies.name_en })
          .from(agencies)
          .where(and(eq(agencies.region, request.region), isNotNull(agencies.email), ne(agencies.email, '')))
          .orderBy(asc(agencies.sort_order), asc(agencies.id))
        for (const agency of agencyRows) {
          const agencyMail = routedRequestMail(
            { ...facts, teamName: agency.name, teamNameEn: agency.name_en, copyTo: teamAddresses.join(', ') },
            link,
          )
          for (const to of emailLines(agency.email)) {
            if (!teamAddresses.includes(to)) await mail.enqueue(tx, { to, lang: 'ko', ...agencyMail })
          }
        }
      }
      return { teamId: team.id, assigneeId: rule.assignee_id }
    },

    /** The teams, the rules in order and the staff a rule may name. */
    async screen() {
      const [teams, rules, staff] = await Promise.all([
        db.select().from(serviceTeams).orderBy(asc(serviceTeams.name), asc(serviceTeams.id)),
        db.select().from(serviceRoutingRules).orderBy(asc(serviceRoutingRules.sort_order), asc(serviceRoutingRules.id)),
        db
          .select({ id: users.id, name: users.name, username: users.username })
          .from(users)
          .where(and(eq(users.delete_yn, 'N'), inArray(users.role, ['admin', 'editor', 'viewer'])))
          .orderBy(asc(users.name)),
      ])
      return { teams, rules, staff }
    },

    /** Adds (id null) or changes a team; refused with field errors, or a conflict on a stale version. */
    async saveTeam(
      id: number | null,
      version: number,
      input: Record<string, unknown>,
      actor: { userId: number; ip: string },
    ): Promise<SaveResult> {
      const parsed = teamSchema.safeParse(input)
      if (!parsed.success) return { ok: false, reason: 'invalid', errors: fieldErrors(parsed.error) }
      const values = { ...parsed.data, emails: emailLines(parsed.data.emails).join('\n') }
      const now = clock()
      return db.transaction(async (tx) => {
        if (id === null) {
          const [row] = await tx
            .insert(serviceTeams)
            .values({ ...values, created_at: now, updated_at: now })
            .returning()
          await audit(
            tx,
            {
              userId: actor.userId,
              action: 'routing.create',
              recordType: 'service_teams',
              recordId: row!.id,
              after: { name: row!.name },
              ip: actor.ip,
            },
            now,
          )
          return { ok: true, id: row!.id, version: row!.version }
        }
        const [before] = await tx.select().from(serviceTeams).where(eq(serviceTeams.id, id))
        const next = await touch(tx, 'team', id, version, now)
        if (next === null) return conflictOf(tx, 'team', id)
        await tx.update(serviceTeams).set(values).where(eq(serviceTeams.id, id))
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'routing.save',
            recordType: 'service_teams',
            recordId: id,
            before: { name: before!.name },
            after: { name: values.name },
            ip: actor.ip,
          },
          now,
        )
        return { ok: true, id, version: next }
      })
    },

    /** Deletes a team (its rules go with it: the foreign key cascades). */
    async deleteTeam(id: number, version: number, actor: { userId: number; ip: string }): Promise<SaveResult> {
      const now = clock()
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(serviceTeams).where(eq(serviceTeams.id, id))
        if (!row) return { ok: false, reason: 'not-found' }
        if (row.version !== version) return conflictOf(tx, 'team', id)
        await tx.delete(serviceTeams).where(eq(serviceTeams.id, id))
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'routing.delete',
            recordType: 'service_teams',
            recordId: id,
            before: { name: row.name },
            ip: actor.ip,
          },
          now,
        )
        return { ok: true, id, version }
      })
    },

    /** Adds (id null, at the end) or changes a rule. */
    async saveRule(
      id: number | null,
      version: number,
      input: Record<string, unknown>,
      actor: { userId: number; ip: string },
    ): Promise<SaveResult> {
      const parsed = ruleSchema.safeParse(input)
      if (!parsed.success) return { ok: false, reason: 'invalid', errors: fieldErrors(parsed.error) }
      const values = parsed.data
      const now = clock()
      return db.transaction(async (tx) => {
        const [team] = await tx
          .select({ id: serviceTeams.id, name: serviceTeams.name })
          .from(serviceTeams)
          .where(eq(serviceTeams.id, values.team_id))
        if (!team) return { ok: false, reason: 'invalid', errors: { team_id: 'routing.error.teamRequired' } }
        if (!(await assigneeOk(tx, values.assignee_id)))
          return { ok: false, reason: 'invalid', errors: { assignee_id: 'routing.error.assignee' } }
        const facts = { name: team.name, kind: values.kind, family: values.family, region: values.region }
        if (id === null) {
          const [last] = await tx
            .select({ max: sql<number | null>`max(${serviceRoutingRules.sort_order})` })
            .from(serviceRoutingRules)
          const [row] = await tx
            .insert(serviceRoutingRules)
            .values({ ...values, sort_order: Number(last?.max ?? 0) + 1, created_at: now, updated_at: now })
            .returning()
          await audit(
            tx,
            {
              userId: actor.userId,
              action: 'routing.create',
              recordType: 'service_routing_rules',
              recordId: row!.id,
              after: facts,
              ip: actor.ip,
            },
            now,
          )
          return { ok: true, id: row!.id, version: row!.version }
        }
        const next = await touch(tx, 'rule', id, version, now)
        if (next === null) return conflictOf(tx, 'rule', id)
        await tx.update(serviceRoutingRules).set(values).where(eq(serviceRoutingRules.id, id))
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'routing.save',
            recordType: 'service_routing_rules',
            recordId: id,
            after: facts,
            ip: actor.ip,
          },
          now,
        )
        return { ok: true, id, version: next }
      })
    },

    async deleteRule(id: number, version: number, actor: { userId: number; ip: string }): Promise<SaveResult> {
      const now = clock()
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(serviceRoutingRules).where(eq(serviceRoutingRules.id, id))
        if (!row) return { ok: false, reason: 'not-found' }
        if (row.version !== version) return conflictOf(tx, 'rule', id)
        await tx.delete(serviceRoutingRules).where(eq(serviceRoutingRules.id, id))
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'routing.delete',
            recordType: 'service_routing_rules',
            recordId: id,
            ip: actor.ip,
          },
          now,
        )
        return { ok: true, id, version }
      })
    },

    /** Moves a rule one place up or down (swapping sort orders with its neighbour); both versions rise. */
    async moveRule(
      id: number,
      version: number,
      direction: 'up' | 'down',
      actor: { userId: number; ip: string },
    ): Promise<SaveResult> {
      const now = clock()
      return db.transaction(async (tx) => {
        const rules = await tx
          .select()
          .from(serviceRoutingRules)
          .orderBy(asc(serviceRoutingRules.sort_order), asc(serviceRoutingRules.id))
          .for('update')
        const at = rules.findIndex((r) => r.id === id)
        if (at < 0) return { ok: false, reason: 'not-found' }
        if (rules[at]!.version !== version) return conflictOf(tx, 'rule', id)
        const other = rules[direction === 'up' ? at - 1 : at + 1]
        if (!other) return { ok: true, id, version }
        // Renumber the whole list in its new order, so equal sort orders never tie.
        const order = rules.map((r) => r.id)
        order[at] = other.id
        order[direction === 'up' ? at - 1 : at + 1] = id
        for (const [i, ruleId] of order.entries()) {
          await tx
            .update(serviceRoutingRules)
            .set({
              sort_order: i + 1,
              ...(ruleId === id || ruleId === other.id
                ? { version: sql`${serviceRoutingRules.version} + 1`, updated_at: now }
                : {}),
            })
            .where(eq(serviceRoutingRules.id, ruleId))
        }
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'routing.move',
            recordType: 'service_routing_rules',
            recordId: id,
            after: { position: order.indexOf(id) + 1 },
            ip: actor.ip,
          },
          now,
        )
        return { ok: true, id, version: version + 1 }
      })
    },
  }
}
