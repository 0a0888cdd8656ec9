import { oneWorkingDayBefore } from '#shared/working-days.ts'
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { aliasedTable, and, asc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import {
  serviceRequestFiles,
  serviceRequestMessages,
  serviceRequests,
  serviceTeams,
  requestWords,
  users,
  type ServiceRequestRow,
} from '#server/db/schema.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import type { Lang } from '#shared/locales.ts'
import { ASSIGNEE_ME, ASSIGNEE_NONE, type InboxSort } from '#shared/service-inbox.ts'
import { serviceRequestStatusHref } from '#shared/service-request-paths.ts'
import { ATTACHMENT_RULES } from '#shared/service-request-rules.ts'
import { OPEN_STATUSES, REQUEST_STATUSES, type RequestStatus } from '#shared/service-request-status.ts'
import { audit } from '../console/audit.ts'
import { countOf, orderOf, readPage, likeWords } from '../console-lists.ts'
import type { Storage } from '../files/storage.ts'
import type { MailService } from '../mail/index.ts'
import { createRateLimiter } from '../members/rate-limit.ts'
import {
  cleanAttachment,
  type AttachmentProblem,
  type CleanAttachment,
  type PostedFile,
} from '../service-requests/attachments.ts'
import { customerAnsweredMail, serviceReplyMail } from './mails.ts'
import { createReplyKeys } from './reply-key.ts'

export type ServiceInbox = ReturnType<typeof createServiceInbox>

/** A posted attachment as the form reader has it. */
export type FileProblem = { name: string; problem: AttachmentProblem | 'count' }

/** A thread's file as the console and the customer's page list it. */
const THREAD_FILE_COLUMNS = {
  id: serviceRequestFiles.id,
  messageId: serviceRequestFiles.message_id,
  name: serviceRequestFiles.name,
  size: serviceRequestFiles.size,
}

/** Who acts in the console. */
export type Actor = { id: number; ip: string | null }

/** What changed a request since the version a staff member loaded. */
export type Change = { kind: string; by: string | null; at: Date; data: Record<string, unknown> | null }

export type ActionOutcome =
  | { ok: true; version: number }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'assignee' }
  | { ok: false; reason: 'files'; problems: FileProblem[] }
  | {
      ok: false
      reason: 'conflict'
      version: number
      status: RequestStatus
      assignee: string | null
      changes: Change[]
    }

/** A customer's answers to one request in an hour. */
export const ANSWER_LIMIT = { limit: 20, windowSec: 60 * 60 } as const

const DAY = 86_400_000
/** Saturday or Sunday in Korea. */
const STATUS_ORDER = sql.raw(
  `case status ${REQUEST_STATUSES.map((s, i) => `when '${s}' then ${i}`).join(' ')} else 9 end`,
)

/**
 * The staff inbox of service requests (docs/decisions/070-service-inbox.md): the list (searched,
 * filtered, sorted and paged in SQL), one request's thread, and the thread's actions, each in one
 * transaction with its audit entry and a version check: status, assignment, internal note, reply
 * by e-mail (with attachments); and the customer's answer from the status page.
 */
export function createServiceInbox(deps: {
  db: Db
  storage: Storage
  clock: () => Date
  mail: MailService
  config: Pick<Config, 'SITE_URL'>
}) {
  const { db, storage, clock, mail, config } = deps
  const r = serviceRequests
  const assignee = aliasedTable(users, 'assignee')
  const replyKeys = createReplyKeys({ db })
  const limiter = createRateLimiter({ db, clock })
  const link = (path: string) => new URL(path, config.SITE_URL).toString()
  const newKey = (now: Date, ext: string) =>
    `service-requests/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(10).toString('hex')}.${ext}`
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

  /** The next version: now, and always later than the one before (two changes in the same millisecond stay apart). */
  const nextVersion = (row: ServiceRequestRow, now: Date) =>
    new Date(Math.max(now.getTime(), row.updated_at.getTime() + 1))

  /** A request received (never an unconfirmed one), locked for the action's transaction. */
  async function lock(tx: Tx, id: number) {
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null
    const [row] = await tx
      .select()
      .from(r)
      .where(and(eq(r.id, id), ne(r.status, 'unconfirmed')))
      .for('update')
    return row ?? null
  }

  /** The conflict answer: what changed since `version`, the status and assignee now. */
  async function conflict(tx: Tx, row: ServiceRequestRow, version: number): Promise<ActionOutcome> {
    const since = await tx
      .select({
        kind: serviceRequestMessages.kind,
        at: serviceRequestMessages.created_at,
        data: serviceRequestMessages.data,
        by: users.name,
      })
      .from(serviceRequestMessages)
      .leftJoin(users, eq(users.id, serviceRequestMessages.author_id))
      .where(
        and(
          eq(serviceRequestMessages.request_id, row.id),
          gt(serviceRequestMessages.created_at, new Date(version)),
          ne(serviceRequestMessages.kind, 'note'),
        ),
      )
      .orderBy(asc(serviceRequestMessages.created_at), asc(serviceRequestMessages.id))
    const [who] = row.assignee_id
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.assignee_id))
      : []
    return {
      ok: false,
      reason: 'conflict',
      version: row.updated_at.getTime(),
      status: row.status as RequestStatus,
      assignee: who?.name ?? null,
      changes: since.map((c) => ({ kind: c.kind, by: c.by ?? null, at: c.at, data: c.data ?? null })),
    }
  }

  async function cleanAll(files: PostedFile[]) {
    if (files.length > ATTACHMENT_RULES.count)
      return { ok: false as const, problems: files.map((f) => ({ name: f.name, problem: 'count' as const })) }
    const clean: CleanAttachment[] = []
    const problems: FileProblem[] = []
    for (const f of files) {
      const c = await cleanAttachment(f)
      if (c.ok) clean.push(c.file)
      else problems.push({ name: f.name, problem: c.problem })
    }
    return problems.length ? { ok: false as const, problems } : { ok: true as const, clean }
  }

  /** Stores cleaned files and runs `write` with their keys; the stored files are removed when it fails. */
  async function withStored<T>(
    files: CleanAttachment[],
    now: Date,
    write: (stored: { key: string; file: CleanAttachment }[]) => Promise<T>,
  ): Promise<T> {
    const stored: { key: string; file: CleanAttachment }[] = []
    try {
      for (const file of files) {
        const key = newKey(now, file.ext)
        await storage.putStream(key, createReadStream(file.path))
        stored.push({ key, file })
      }
      const out = await write(stored)
      const refused = typeof out === 'object' && out !== null && 'ok' in out && out.ok === false
      if (refused) await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => {})))
      return out
    } catch (error) {
      await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => {})))
      throw error
    }
  }

  async function insertFiles(
    tx: Tx,
    requestId: number,
    messageId: number,
    stored: { key: string; file: CleanAttachment }[],
    now: Date,
  ) {
    if (!stored.length) return
    await tx.insert(serviceRequestFiles).values(
      stored.map((s, i) => ({
        request_id: requestId,
        message_id: messageId,
        storage_key: s.key,
        name: s.file.name,
        content_type: s.file.contentType,
        size: s.file.size,
        sort_order: i,
        created_at: now,
      })),
    )
  }

  const auditOf = (
    row: ServiceRequestRow,
    action: string,
    actor: Actor | null,
    after: Record<string, unknown>,
    now: Date,
    tx: Tx,
    before?: Record<string, unknown>,
  ) =>
    audit(
      tx,
      {
        userId: actor?.id ?? null,
        action: `service-request.${action}`,
        recordType: 'service-request',
        recordId: row.id,
        before: before ? { name: row.tracking_no, ...before } : null,
        after: { name: row.tracking_no, ...after },
        ip: actor?.ip ?? null,
      },
      now,
    )

  /** The timestamps a status sets: resolved sets resolved_at (cleared on reopening), closed sets closed_at. */
  function statusStamps(row: ServiceRequestRow, status: RequestStatus, now: Date) {
    return {
      resolved_at: status === 'resolved' ? now : status === 'closed' ? row.resolved_at : null,
      closed_at: status === 'closed' ? now : null,
    }
  }

  return {
    /** One page of the inbox for staff member `me`. */
    async list(query: ListQuery<InboxSort>, pageSize: number, me: number) {
      const now = clock()
      const f = query.filters
      const where: (SQL | undefined)[] = [ne(r.status, 'unconfirmed')]
      where.push(likeWords(query.q, requestWords(r)))
      if (f.kind) where.push(eq(r.kind, f.kind))
      const state = f.state ?? ''
      // Written out, not bound: the planner then sees the partial index's own condition (service_requests_open_idx).
      if (state === '') where.push(sql`${r.status} in (${sql.raw(OPEN_STATUSES.map((s) => `'${s}'`).join(', '))})`)
      else if (state !== 'all') where.push(eq(r.status, state))
      if (f.assignee === ASSIGNEE_ME) where.push(eq(r.assignee_id, me))
      else if (f.assignee === ASSIGNEE_NONE) where.push(isNull(r.assignee_id))
      else if (f.assignee) where.push(eq(r.assignee_id, Number(f.assignee)))
      if (f.team === ASSIGNEE_NONE) where.push(isNull(r.team_id))
      else if (f.team) where.push(eq(r.team_id, Number(f.team)))
      if (f.age === '1wd') where.push(lt(r.accepted_at, oneWorkingDayBefore(now)))
      else if (f.age === '7d') where.push(lt(r.accepted_at, new Date(now.getTime() - 7 * DAY)))
      const column = { received: r.accepted_at, updated: r.updated_at, status: STATUS_ORDER }[query.sort]
      const overdueBefore = oneWorkingDayBefore(now)
      const page = await readPage({
        where: and(...where),
        page: query.page,
        pageSize,
        count: (condition, limit) =>
          countOf(
            db,
            db
              .select({ one: sql`1` })
              .from(r)
              .where(condition)
              .limit(limit)
              .as('counted'),
          ),
        rows: (condition, limit, offset) =>
          db
            .select({
              id: r.id,
              kind: r.kind,
              status: r.status,
              tracking: r.tracking_no,
              name: r.contact_name,
              company: r.company,
              model: r.model,
              serial: r.serial_no,
              symptom: r.symptom,
              acceptedAt: r.accepted_at,
              updatedAt: r.updated_at,
              firstResponseAt: r.first_response_at,
              assignee: assignee.name,
              team: serviceTeams.name,
              teamEn: serviceTeams.name_en,
            })
            .from(r)
            .leftJoin(assignee, eq(assignee.id, r.assignee_id))
            .leftJoin(serviceTeams, eq(serviceTeams.id, r.team_id))
            .where(condition)
            .orderBy(...orderOf(column, query.dir, r.id))
            .limit(limit)
            .offset(offset),
      })
      return {
        ...page,
        rows: page.rows.map((row) => ({
          ...row,
          // Overdue: still open, never answered, received more than a working day ago.
          overdue:
            (OPEN_STATUSES as readonly string[]).includes(row.status) &&
            row.firstResponseAt === null &&
            !!row.acceptedAt &&
            row.acceptedAt < overdueBefore,
        })),
      }
    },

    /** How many requests are new (received, nobody acted yet): the menu's count. */
    async countNew(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(r)
        .where(eq(r.status, 'received'))
      return row?.n ?? 0
    },

    /** The staff a request may be assigned to (those who may act on it: administrators and editors). */
    async assignable() {
      return db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(and(inArray(users.role, ['admin', 'editor']), eq(users.delete_yn, 'N')))
        .orderBy(asc(users.name), asc(users.id))
    },

    /** The teams (the team filter's choices). */
    async teams() {
      return db
        .select({ id: serviceTeams.id, name: serviceTeams.name, nameEn: serviceTeams.name_en })
        .from(serviceTeams)
        .orderBy(asc(serviceTeams.name), asc(serviceTeams.id))
    },

    /** The id of a tracking number (the thread's address may be either). */
    async idOf(tracking: string): Promise<number | null> {
      const [row] = await db.select({ id: r.id }).from(r).where(eq(r.tracking_no, tracking))
      return row?.id ?? null
    },

    /** One request with its whole thread (every kind, oldest first) and every file; null when unknown or unconfirmed. */
    async thread(id: number) {
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null
      const [found] = await db
        .select({ request: r, assigneeName: assignee.name, team: serviceTeams.name, teamEn: serviceTeams.name_en })
        .from(r)
        .leftJoin(assignee, eq(assignee.id, r.assignee_id))
        .leftJoin(serviceTeams, eq(serviceTeams.id, r.team_id))
        .where(and(eq(r.id, id), ne(r.status, 'unconfirmed')))
      if (!found) return null
      const [messages, files] = await Promise.all([
        db
          .select({
            id: serviceRequestMessages.id,
            kind: serviceRequestMessages.kind,
            body: serviceRequestMessages.body,
            data: serviceRequestMessages.data,
            at: serviceRequestMessages.created_at,
            author: users.name,
            authorId: serviceRequestMessages.author_id,
          })
          .from(serviceRequestMessages)
          .leftJoin(users, eq(users.id, serviceRequestMessages.author_id))
          .where(eq(serviceRequestMessages.request_id, id))
          .orderBy(asc(serviceRequestMessages.created_at), asc(serviceRequestMessages.id)),
        db
          .select(THREAD_FILE_COLUMNS)
          .from(serviceRequestFiles)
          .where(eq(serviceRequestFiles.request_id, id))
          .orderBy(asc(serviceRequestFiles.sort_order), asc(serviceRequestFiles.id)),
      ])
      return { ...found, messages, files }
    },

    /** What the customer sees of the thread: replies and their own answers (never notes or events), with their files. */
    async customerThread(requestId: number) {
      const [messages, files] = await Promise.all([
        db
          .select({
            id: serviceRequestMessages.id,
            kind: serviceRequestMessages.kind,
            body: serviceRequestMessages.body,
            at: serviceRequestMessages.created_at,
          })
          .from(serviceRequestMessages)
          .where(
            and(
              eq(serviceRequestMessages.request_id, requestId),
              inArray(serviceRequestMessages.kind, ['reply', 'customer']),
            ),
          )
          .orderBy(asc(serviceRequestMessages.created_at), asc(serviceRequestMessages.id)),
        db
          .select(THREAD_FILE_COLUMNS)
          .from(serviceRequestFiles)
          .innerJoin(serviceRequestMessages, eq(serviceRequestMessages.id, serviceRequestFiles.message_id))
          .where(
            and(
              eq(serviceRequestFiles.request_id, requestId),
              inArray(serviceRequestMessages.kind, ['reply', 'customer']),
            ),
          )
          .orderBy(asc(serviceRequestFiles.sort_order), asc(serviceRequestFiles.id)),
      ])
      return messages.map((m) => ({ ...m, files: files.filter((f) => f.messageId === m.id) }))
    },

    /** Changes the status (its timestamps with it), when the version is the one loaded. */
    async setStatus(
      id: number,
      input: { status: RequestStatus; version: number },
      actor: Actor,
    ): Promise<ActionOutcome> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, id)
        if (!row) return { ok: false, reason: 'not-found' }
        if (row.updated_at.getTime() !== input.version) return conflict(tx, row, input.version)
        if (row.status === input.status) return { ok: true, version: row.updated_at.getTime() }
        const now = clock()
        const version = nextVersion(row, now)
        await tx
          .update(r)
          .set({ status: input.status, updated_at: version, ...statusStamps(row, input.status, now) })
          .where(eq(r.id, id))
        await tx.insert(serviceRequestMessages).values({
          request_id: id,
          kind: 'event',
          author_id: actor.id,
          body: '',
          data: { status: input.status, from: row.status },
          created_at: version,
        })
        await auditOf(row, 'status', actor, { status: input.status }, now, tx, { status: row.status })
        return { ok: true, version: version.getTime() }
      })
    },

    /** Assigns to a staff member who may act (or unassigns: null), when the version is the one loaded. */
    async assign(
      id: number,
      input: { assignee: number | null; version: number },
      actor: Actor,
    ): Promise<ActionOutcome> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, id)
        if (!row) return { ok: false, reason: 'not-found' }
        if (row.updated_at.getTime() !== input.version) return conflict(tx, row, input.version)
        let name: string | null = null
        if (input.assignee !== null) {
          const [who] = await tx
            .select({ name: users.name })
            .from(users)
            .where(
              and(eq(users.id, input.assignee), inArray(users.role, ['admin', 'editor']), eq(users.delete_yn, 'N')),
            )
          if (!who) return { ok: false, reason: 'assignee' }
          name = who.name
        }
        if (row.assignee_id === input.assignee) return { ok: true, version: row.updated_at.getTime() }
        const now = clock()
        const version = nextVersion(row, now)
        await tx.update(r).set({ assignee_id: input.assignee, updated_at: version }).where(eq(r.id, id))
        await tx.insert(serviceRequestMessages).values({
          request_id: id,
          kind: 'event',
          author_id: actor.id,
          body: '',
          data: { assignee: input.assignee, assigneeName: name },
          created_at: version,
        })
        await auditOf(row, 'assign', actor, { assignee: input.assignee, assignee_name: name }, now, tx, {
          assignee: row.assignee_id,
        })
        return { ok: true, version: version.getTime() }
      })
    },

    /** An internal note: added to the thread (never shown to the customer); it changes nothing else, so it needs no version. */
    async note(id: number, input: { body: string }, actor: Actor): Promise<ActionOutcome> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, id)
        if (!row) return { ok: false, reason: 'not-found' }
        const now = clock()
        const [message] = await tx
          .insert(serviceRequestMessages)
          .values({ request_id: id, kind: 'note', author_id: actor.id, body: input.body, created_at: now })
          .returning({ id: serviceRequestMessages.id })
        await auditOf(row, 'note', actor, { message: message!.id }, now, tx)
        return { ok: true, version: row.updated_at.getTime() }
      })
    },

    /**
     * A reply to the customer: kept in the thread with its attachments and mailed through the
     * outbox in the requester's language with the status page's link; the first sets
     * first_response_at. Refused when the request changed since it was loaded (a customer's answer
     * or a colleague's reply the writer has not seen).
     */
    async reply(
      id: number,
      input: { body: string; version: number },
      posted: PostedFile[],
      actor: Actor,
    ): Promise<ActionOutcome> {
      const cleaned = await cleanAll(posted)
      if (!cleaned.ok) return { ok: false, reason: 'files', problems: cleaned.problems }
      const now = clock()
      // The reply key is made before the transaction: its secret is read with `db`, which inside
      // the transaction would wait for it (PGlite has one connection). The key hash never changes here.
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return { ok: false, reason: 'not-found' }
      const [current] = await db
        .select({ id: r.id, access_key_hash: r.access_key_hash, user_id: r.user_id })
        .from(r)
        .where(eq(r.id, id))
      const key = current && current.user_id === null ? await replyKeys.keyOf(current) : null
      const outcome = await withStored(cleaned.clean, now, (stored) =>
        db.transaction(async (tx): Promise<ActionOutcome> => {
          const row = await lock(tx, id)
          if (!row) return { ok: false, reason: 'not-found' }
          if (row.updated_at.getTime() !== input.version) return conflict(tx, row, input.version)
          const version = nextVersion(row, now)
          const [message] = await tx
            .insert(serviceRequestMessages)
            .values({ request_id: id, kind: 'reply', author_id: actor.id, body: input.body, created_at: version })
            .returning({ id: serviceRequestMessages.id })
          await insertFiles(tx, id, message!.id, stored, now)
          await tx
            .update(r)
            .set({ updated_at: version, first_response_at: row.first_response_at ?? now })
            .where(eq(r.id, id))
          const lang: Lang = row.lang === 'en' ? 'en' : 'ko'
          // An English requester's link opens the page in English (the site's `lang` parameter).
          const href = new URL(link(serviceRequestStatusHref(row.tracking_no!, key ?? undefined)))
          if (lang === 'en') href.searchParams.set('lang', 'en')
          await mail.enqueue(tx, {
            to: row.email,
            lang,
            ...serviceReplyMail(lang, row.contact_name, row.tracking_no!, input.body, href.toString()),
          })
          await auditOf(row, 'reply', actor, { message: message!.id, files: stored.length }, now, tx)
          return { ok: true, version: version.getTime() }
        }),
      )
      if (outcome.ok) mail.kick()
      return outcome
    },

    /**
     * The customer's answer from the status page (the caller has checked who asks). A waiting or
     * resolved request goes back to in progress; a closed one takes no more answers. The assignee
     * is mailed.
     */
    async answer(
      requestId: number,
      input: { body: string },
      posted: PostedFile[],
    ): Promise<
      | { ok: true }
      | { ok: false; reason: 'closed' | 'not-found' }
      | { ok: false; reason: 'limited'; retryAfterSec: number }
      | { ok: false; reason: 'files'; problems: FileProblem[] }
    > {
      const cleaned = await cleanAll(posted)
      if (!cleaned.ok) return { ok: false, reason: 'files', problems: cleaned.problems }
      const [current] = await db.select({ status: r.status }).from(r).where(eq(r.id, requestId))
      if (!current) return { ok: false, reason: 'not-found' }
      if (current.status === 'closed') return { ok: false, reason: 'closed' }
      const limited = await limiter.consume(limiter.keyOf('as:answer', String(requestId)), ANSWER_LIMIT)
      if (!limited.allowed) return { ok: false, reason: 'limited', retryAfterSec: limited.retryAfterSec }
      const now = clock()
      const outcome = await withStored(cleaned.clean, now, (stored) =>
        db.transaction(async (tx) => {
          const row = await lock(tx, requestId)
          if (!row) return { ok: false as const, reason: 'not-found' as const }
          if (row.status === 'closed') return { ok: false as const, reason: 'closed' as const }
          const version = nextVersion(row, now)
          const reopen = row.status === 'waiting' || row.status === 'resolved'
          const [message] = await tx
            .insert(serviceRequestMessages)
            .values({ request_id: row.id, kind: 'customer', author_id: null, body: input.body, created_at: version })
            .returning({ id: serviceRequestMessages.id })
          await insertFiles(tx, row.id, message!.id, stored, now)
          await tx
            .update(r)
            .set({
              updated_at: version,
              ...(reopen ? { status: 'in_progress', resolved_at: null } : {}),
            })
            .where(eq(r.id, row.id))
          if (reopen)
            await tx.insert(serviceRequestMessages).values({
              request_id: row.id,
              kind: 'event',
              author_id: null,
              body: '',
              data: { status: 'in_progress', from: row.status },
              created_at: new Date(version.getTime() + 1),
            })
          await auditOf(
            row,
            'answer',
            null,
            { message: message!.id, files: stored.length, ...(reopen ? { status: 'in_progress' } : {}) },
            now,
            tx,
          )
          if (row.assignee_id) {
            const [who] = await tx
              .select({ name: users.name, username: users.username, lang: users.lang })
              .from(users)
              .where(and(eq(users.id, row.assignee_id), eq(users.delete_yn, 'N')))
            if (who) {
              const lang: Lang = who.lang === 'en' ? 'en' : 'ko'
              await mail.enqueue(tx, {
                to: who.username,
                lang,
                ...customerAnsweredMail(lang, who.name, row.tracking_no!, link(`/admin/requests/${row.id}`)),
              })
            }
          }
          return { ok: true as const }
        }),
      )
      if (outcome.ok) mail.kick()
      return outcome
    },

    /** One file of a request for staff (any file of the thread); null when unknown. */
    async openFile(
      requestId: number,
      fileId: number,
    ): Promise<{ name: string; contentType: string; size: number; stream: Readable } | null> {
      const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647
      if (!valid(requestId) || !valid(fileId)) return null
      const [file] = await db
        .select()
        .from(serviceRequestFiles)
        .where(and(eq(serviceRequestFiles.request_id, requestId), eq(serviceRequestFiles.id, fileId)))
      if (!file) return null
      const opened = await storage.open(file.storage_key).catch(() => null)
      return opened
        ? { name: file.name, contentType: file.content_type, size: opened.size, stream: opened.stream }
        : null
    },
  }
}
