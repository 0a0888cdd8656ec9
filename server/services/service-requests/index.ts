import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { serviceRequestFiles, serviceRequests, trackingCounters, type User } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { ATTACHMENT_RULES, CONFIRM_HOURS, HONEYPOT_FIELD, RETENTION_YEARS } from '#shared/service-request-rules.ts'
import { TRACKING_PREFIX, type RequestKind, type RequestRegion } from '#shared/service-request-status.ts'
import {
  SERVICE_REQUEST_CONFIRM_PATH,
  serviceRequestStatusHref,
  TRACKING_PATTERN,
  trackingNumber,
} from '#shared/service-request-paths.ts'
import type { Storage } from '../files/storage.ts'
import type { MailService } from '../mail/index.ts'
import { serviceRequestAcceptedMail, serviceRequestConfirmMail } from '../mail/service-request-mails.ts'
import { createRateLimiter, MAIL_RECIPIENT_SCOPE, mailRecipientRule } from '../members/rate-limit.ts'
import type { Unit } from '../units/index.ts'
import { cleanAttachment, type AttachmentProblem, type CleanAttachment, type PostedFile } from './attachments.ts'
import { createFormStamps } from './form-stamp.ts'
import { createReplyKeys } from '../service-inbox/reply-key.ts'

export type ServiceRequestsService = ReturnType<typeof createServiceRequestsService>

/** Requests one e-mail address may be given for in a day (one client address: SERVICE_REQUESTS_PER_ADDRESS_HOURLY an hour). */
const REQUESTS_PER_EMAIL = { limit: 5, windowSec: 24 * 60 * 60 } as const

export type { PostedFile } from './attachments.ts'

type CleanResult = Awaited<ReturnType<typeof cleanAttachment>>

/** The attachments' cleaning started while the body arrives (`earlyCleaning()`). */
export type EarlyCleaning = {
  /** The form reader's `onFile`. */
  add: (file: PostedFile, fields: Record<string, string>) => void
  get: (file: PostedFile) => Promise<CleanResult | null> | undefined
  /** Resolves when all started work has ended (before the temporary files are removed). */
  settled: () => Promise<void>
}

/**
 * A request as filed, of either kind (docs/decisions/069-inquiries.md): the A/S form's symptom and
 * site, the inquiry's own fields in `details`; the contact fields, region and consent of both.
 */
export type FiledRequest = {
  kind: RequestKind
  region: RequestRegion
  serial: string
  model: string
  site: string
  symptom: string
  description: string
  details: Record<string, string>
  name: string
  company: string
  phone: string
  email: string
  contact_time: string
  consentVersion: string
}

export type FileRefusal =
  | { ok: false; reason: 'honeypot' | 'fast' | 'stale' | 'serial' }
  | { ok: false; reason: 'limited'; cause: 'address' | 'email'; retryAfterSec: number }
  | { ok: false; reason: 'files'; problems: { name: string; problem: AttachmentProblem | 'count' }[] }

export type FileOutcome =
  { ok: true; accepted: true; tracking: string; statusHref: string } | { ok: true; accepted: false } | FileRefusal

/** Who asks for a request's page: the signed-in member, or the private key of the link. */
export type RequestAccess = { userId: number | null; key: string | null }

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
const token = () => randomBytes(24).toString('base64url')
/** The year in Korea (the tracking number's year). */
const koreaYear = (d: Date) => new Date(d.getTime() + 9 * 3600_000).getUTCFullYear()
const addYears = (d: Date, years: number) => {
  const out = new Date(d)
  out.setUTCFullYear(out.getUTCFullYear() + years)
  return out
}

/**
 * Service requests of both kinds, after-sales (docs/decisions/065-service-requests.md) and inquiries
 * (069): checked, their attachments cleaned and stored privately, accepted at once for a member and
 * on the e-mail link for anyone else, numbered per kind and year, shown to their requester only.
 */
export function createServiceRequestsService(deps: {
  db: Db
  storage: Storage
  clock: () => Date
  mail: MailService
  config: Pick<Config, 'SITE_URL' | 'MAIL_RECIPIENT_DAILY_LIMIT' | 'SERVICE_REQUESTS_PER_ADDRESS_HOURLY'>
  findUnit: (serial: string) => Promise<Unit | null>
  /** Routing at acceptance, in its transaction (docs/decisions/071-service-routing.md). */
  route?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], requestId: number) => Promise<unknown>
}) {
  const { db, storage, clock, mail, config } = deps
  const limiter = createRateLimiter({ db, clock })
  const stamps = createFormStamps({ db, clock })
  const replyKeys = createReplyKeys({ db })
  const link = (path: string) => new URL(path, config.SITE_URL).toString()
  const newKey = (now: Date, ext: string) =>
    `service-requests/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(10).toString('hex')}.${ext}`

  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

  /** Numbers a request and marks it received, in the caller's transaction; the counter row is locked until commit. */
  async function accept(tx: Tx, id: number, kind: RequestKind, now: Date) {
    const year = koreaYear(now)
    const prefix = TRACKING_PREFIX[kind]
    const [counter] = await tx
      .insert(trackingCounters)
      .values({ prefix, year, last: 1 })
      .onConflictDoUpdate({
        target: [trackingCounters.prefix, trackingCounters.year],
        set: { last: sql`${trackingCounters.last} + 1` },
      })
      .returning({ last: trackingCounters.last })
    const tracking = trackingNumber(prefix, year, counter!.last)
    await tx
      .update(serviceRequests)
      .set({
        status: 'received',
        tracking_no: tracking,
        accepted_at: now,
        updated_at: now,
        confirm_token_hash: null,
        confirm_expires_at: null,
        retain_until: addYears(now, RETENTION_YEARS),
      })
      .where(eq(serviceRequests.id, id))
    return tracking
  }

  async function cleanAll(files: PostedFile[], early: EarlyCleaning | undefined) {
    if (files.length > ATTACHMENT_RULES.count)
      return { ok: false as const, problems: files.map((f) => ({ name: f.name, problem: 'count' as const })) }
    const clean: CleanAttachment[] = []
    const problems: { name: string; problem: AttachmentProblem }[] = []
    for (const f of files) {
      const r = (await early?.get(f)) ?? (await cleanAttachment(f))
      if (r.ok) clean.push(r.file)
      else problems.push({ name: f.name, problem: r.problem })
    }
    return problems.length ? { ok: false as const, problems } : { ok: true as const, clean }
  }

  return {
    /** The signed start time the form carries. */
    formStamp: () => stamps.issue(),

    /**
     * Starts cleaning the attachments while the body is still arriving (docs/decisions/069-inquiries.md):
     * `add` is the form reader's `onFile`; the photos are decoded and encoded again two at a time,
     * once the form's honeypot and signed start time (sent before the files) are found right, so a
     * robot's post costs no image work. `file()` takes the results.
     */
    earlyCleaning(): EarlyCleaning {
      const started = new Map<PostedFile, Promise<CleanResult | null>>()
      let allowed: Promise<boolean> | null = null
      let running = 0
      const waiting: (() => void)[] = []
      const slot = async () => {
        while (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve))
        running++
      }
      const release = () => {
        running--
        waiting.shift()?.()
      }
      return {
        get: (file) => started.get(file),
        add(file, fields) {
          allowed ??= fields[HONEYPOT_FIELD]
            ? Promise.resolve(false)
            : stamps.check(fields.started).then(
                (r) => r === 'ok',
                () => false,
              )
          const work = allowed.then(async (ok) => {
            // Not allowed: `file()` refuses the form before it reaches the files.
            if (!ok) return null
            await slot()
            try {
              return await cleanAttachment(file)
            } finally {
              release()
            }
          })
          work.catch(() => {})
          started.set(file, work)
        },
        settled: async () => {
          await Promise.allSettled(started.values())
        },
      }
    },

    /** The unit of a serial (the form's prefill and check). */
    findUnit: (serial: string) => deps.findUnit(serial),

    /**
     * Files a request of either kind. A member's is received at once (their account's e-mail
     * address); anyone else's waits for the link mailed to the address given. The posted files are
     * the reader's temporary files: the caller removes them afterwards.
     */
    async file(
      input: FiledRequest,
      posted: PostedFile[],
      meta: {
        user: User | null
        ip: string
        lang: Lang
        stamp: string | undefined
        honeypot: string | undefined
        /** The cleaning already started while the body arrived. */
        early?: EarlyCleaning
      },
    ): Promise<FileOutcome> {
      if (meta.honeypot) return { ok: false, reason: 'honeypot' }
      const stamp = await stamps.check(meta.stamp)
      if (stamp !== 'ok') return { ok: false, reason: stamp === 'fast' ? 'fast' : 'stale' }
      let serial = input.serial
      let model = input.model
      let serialKnown = false
      if (serial) {
        const unit = await deps.findUnit(serial)
        if (!unit) return { ok: false, reason: 'serial' }
        serial = unit.serial
        serialKnown = true
        if (!model && unit.model) model = unit.model
      }
      const cleaned = await cleanAll(posted, meta.early)
      if (!cleaned.ok) return { ok: false, reason: 'files', problems: cleaned.problems }

      const email = meta.user ? meta.user.username : input.email.toLowerCase()
      const byAddress = await limiter.consume(limiter.keyOf('as:ip', meta.ip), {
        limit: config.SERVICE_REQUESTS_PER_ADDRESS_HOURLY,
        windowSec: 60 * 60,
      })
      if (!byAddress.allowed)
        return { ok: false, reason: 'limited', cause: 'address', retryAfterSec: byAddress.retryAfterSec }
      const byEmail = await limiter.consume(limiter.keyOf('as:to', email), REQUESTS_PER_EMAIL)
      if (!byEmail.allowed)
        return { ok: false, reason: 'limited', cause: 'email', retryAfterSec: byEmail.retryAfterSec }
      // The mail to the address counts against its daily cap with the member mails (MAIL_RECIPIENT_DAILY_LIMIT).
      const recipient = await limiter.consume(
        limiter.keyOf(MAIL_RECIPIENT_SCOPE, email),
        mailRecipientRule(config.MAIL_RECIPIENT_DAILY_LIMIT),
      )
      if (!recipient.allowed)
        return { ok: false, reason: 'limited', cause: 'email', retryAfterSec: recipient.retryAfterSec }

      const now = clock()
      const stored: { key: string; file: CleanAttachment }[] = []
      try {
        for (const file of cleaned.clean) {
          const key = newKey(now, file.ext)
          stored.push({ key, file })
          await storage.putStream(key, createReadStream(file.path))
        }
        const confirmToken = meta.user ? null : token()
        const accessKey = meta.user ? null : token()
        const expires = new Date(now.getTime() + CONFIRM_HOURS * 3600_000)
        const outcome = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(serviceRequests)
            .values({
              kind: input.kind,
              status: 'unconfirmed',
              region: input.region,
              details: input.details,
              user_id: meta.user?.id ?? null,
              lang: meta.lang,
              serial_no: serial,
              serial_known: serialKnown,
              model,
              site_name: input.site,
              symptom: input.symptom,
              description: input.description,
              contact_name: input.name,
              company: input.company,
              phone: input.phone,
              email,
              contact_time: input.contact_time,
              consent_version: input.consentVersion,
              consented_at: now,
              confirm_token_hash: confirmToken ? sha256(confirmToken) : null,
              confirm_expires_at: confirmToken ? expires : null,
              access_key_hash: accessKey ? sha256(accessKey) : null,
              created_at: now,
              updated_at: now,
              retain_until: expires,
            })
            .returning({ id: serviceRequests.id })
          if (stored.length)
            await tx.insert(serviceRequestFiles).values(
              stored.map((s, i) => ({
                request_id: row!.id,
                storage_key: s.key,
                name: s.file.name,
                content_type: s.file.contentType,
                size: s.file.size,
                sort_order: i,
                created_at: now,
              })),
            )
          if (confirmToken) {
            const url = link(`${SERVICE_REQUEST_CONFIRM_PATH}?${new URLSearchParams({ token: confirmToken })}`)
            await mail.enqueue(tx, {
              to: email,
              lang: meta.lang,
              ...serviceRequestConfirmMail(input.kind, meta.lang, input.name, url),
            })
            return { ok: true as const, accepted: false as const }
          }
          const tracking = await accept(tx, row!.id, input.kind, now)
          await deps.route?.(tx, row!.id)
          const statusHref = serviceRequestStatusHref(tracking)
          await mail.enqueue(tx, {
            to: email,
            lang: meta.lang,
            ...serviceRequestAcceptedMail(input.kind, meta.lang, input.name, tracking, link(statusHref)),
          })
          return { ok: true as const, accepted: true as const, tracking, statusHref }
        })
        mail.kick()
        return outcome
      } catch (error) {
        await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => {})))
        throw error
      }
    },

    /**
     * The e-mail link: receives the request (once, within CONFIRM_HOURS), mails the tracking number
     * and the status page's private link. Null when the link is unknown, used or expired.
     */
    async confirm(confirmToken: string): Promise<{ tracking: string; statusHref: string } | null> {
      if (!/^[A-Za-z0-9_-]{32}$/.test(confirmToken)) return null
      const now = clock()
      const key = token()
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(serviceRequests)
          .where(
            and(
              eq(serviceRequests.confirm_token_hash, sha256(confirmToken)),
              eq(serviceRequests.status, 'unconfirmed'),
              gt(serviceRequests.confirm_expires_at, now),
            ),
          )
          .for('update')
        if (!row) return null
        const kind: RequestKind = row.kind === 'iq' ? 'iq' : 'as'
        const tracking = await accept(tx, row.id, kind, now)
        await deps.route?.(tx, row.id)
        await tx
          .update(serviceRequests)
          .set({ access_key_hash: sha256(key) })
          .where(eq(serviceRequests.id, row.id))
        const statusHref = serviceRequestStatusHref(tracking, key)
        const lang = row.lang === 'en' ? 'en' : 'ko'
        await mail.enqueue(tx, {
          to: row.email,
          lang,
          ...serviceRequestAcceptedMail(kind, lang, row.contact_name, tracking, link(statusHref)),
        })
        return { tracking, statusHref }
      })
      if (outcome) mail.kick()
      return outcome
    },

    /** A member's own requests of both kinds, newest first (the /mypage list); never an unconfirmed one. */
    async listForMember(userId: number, limit = 50) {
      return db
        .select({
          tracking: serviceRequests.tracking_no,
          kind: serviceRequests.kind,
          status: serviceRequests.status,
          details: serviceRequests.details,
          model: serviceRequests.model,
          acceptedAt: serviceRequests.accepted_at,
          updatedAt: serviceRequests.updated_at,
        })
        .from(serviceRequests)
        .where(and(eq(serviceRequests.user_id, userId), ne(serviceRequests.status, 'unconfirmed')))
        .orderBy(desc(serviceRequests.accepted_at), desc(serviceRequests.id))
        .limit(limit)
    },

    /** A received request as its requester sees it, with its attachments; null when unknown or not theirs. */
    async status(tracking: string, access: RequestAccess) {
      const row = await this.owned(tracking, access)
      if (!row) return null
      const attached = await db
        .select({
          id: serviceRequestFiles.id,
          name: serviceRequestFiles.name,
          content_type: serviceRequestFiles.content_type,
          size: serviceRequestFiles.size,
        })
        .from(serviceRequestFiles)
        // The request's own files; those of the thread's messages are listed with their messages (ADR 070).
        .where(and(eq(serviceRequestFiles.request_id, row.id), isNull(serviceRequestFiles.message_id)))
        .orderBy(asc(serviceRequestFiles.sort_order))
      return { request: row, files: attached }
    },

    /** The request of a tracking number when `access` may see it: its member signed in, or the right key. */
    async owned(tracking: string, access: RequestAccess) {
      if (!TRACKING_PATTERN.test(tracking)) return null
      const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.tracking_no, tracking))
      if (!row || row.status === 'unconfirmed') return null
      if (row.user_id !== null) return access.userId === row.user_id ? row : null
      if (!row.access_key_hash || !access.key) return null
      // The acceptance mail's key, or the key of the reply mails (docs/decisions/070-service-inbox.md).
      if (sameHash(sha256(access.key), row.access_key_hash)) return row
      return (await replyKeys.matches(row, access.key)) ? row : null
    },

    /** One attachment's bytes for its requester; null otherwise. */
    async openFile(
      tracking: string,
      fileId: number,
      access: RequestAccess,
    ): Promise<{ name: string; contentType: string; size: number; stream: Readable } | null> {
      const row = await this.owned(tracking, access)
      if (!row || !Number.isInteger(fileId) || fileId < 1 || fileId > 2_147_483_647) return null
      const [file] = await db
        .select()
        .from(serviceRequestFiles)
        .where(and(eq(serviceRequestFiles.request_id, row.id), eq(serviceRequestFiles.id, fileId)))
      if (!file) return null
      const opened = await storage.open(file.storage_key).catch(() => null)
      return opened
        ? { name: file.name, contentType: file.content_type, size: opened.size, stream: opened.stream }
        : null
    },
  }
}
