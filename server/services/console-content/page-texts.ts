import { createHash } from 'node:crypto'
import { eq, like, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { pageTexts, users } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { checkForm } from '#shared/field-errors.ts'
import { pageTextsSchema } from '#shared/page-text-rules.ts'
import { placeTexts, type PlacedText } from '#shared/page-text-sections.ts'
import { TEXT_PAGES, type TextPage } from '#shared/page-texts.ts'
import { z } from '#shared/zod.ts'
import { audit } from '../console/audit.ts'
import { PUBLIC_VIEW, type View } from '../published.ts'
import {
  formText,
  keepRecordVersion,
  keptValues,
  openAutosave,
  recordHistory,
  type HistoryValues,
} from '../record-history.ts'
import type { Actor, PublishedHook } from './editor.ts'
import type { Conflict, SaveResult } from '../save-result.ts'
import { CATALOGUE_TEXTS as DEFAULTS } from './page-text-catalogue.ts'

const LANGS = ['ko', 'en'] as const

/** Each page's texts with their kinds, in the sections' order. */
const PLACED = Object.fromEntries(
  (Object.keys(TEXT_PAGES) as TextPage[]).map((page) => [
    page,
    placeTexts(
      page,
      TEXT_PAGES[page].prefix,
      DEFAULTS[page].map((d) => d.key),
    ).flatMap((s) => s.texts),
  ]),
) as Record<TextPage, PlacedText[]>

/**
 * A text's token (docs/decisions/055-page-copy-editor.md): a short digest of one text (a key in one
 * language) as the console shows it. The form carries the token of each text as it was loaded (its
 * lock); a save finds by it whether the editor changed the text and whether anyone else did since.
 */
export const textToken = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 12)

/** What an editor's form was loaded at: each text's token by form name (`esg.lead.ko`), sent as one JSON value. */
export type TextLock = Record<string, string>

const LOCK_MAX = 64 * 1024
const lockSchema = z.record(z.string().max(200), z.string().regex(/^[\w-]{12}$/))

/** The lock a form posted, or null when it is not one (a bad request). */
export function parseLock(value: string | undefined): TextLock | null {
  if (!value || value.length > LOCK_MAX) return null
  try {
    const parsed = lockSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A save refused because texts the editor changed were changed by someone else since: those texts now, and the lock to save over them knowingly. */
export type TextsConflict = Conflict & { theirs: Record<string, string>; lock: string }

/** Serialises page saves (PostgreSQL; PGlite has one connection): two saves never interleave on one row. */
const LOCK_NAMESPACE = 18_055

/**
 * Each page's number as its saved versions are kept (`record_versions.record_id` of record type
 * `page-texts`, docs/decisions/042-record-history.md). Fixed here: a page keeps its number forever.
 */
export const PAGE_TEXT_IDS: Record<TextPage, number> = { esg: 1, recruitment: 2 }

/** The page of a kept number, or null. */
export const pageOfId = (id: number): TextPage | null =>
  (Object.keys(PAGE_TEXT_IDS) as TextPage[]).find((page) => PAGE_TEXT_IDS[page] === id) ?? null

export type PageTextRow = {
  key: string
  ko: string
  en: string
  defaultKo: string
  defaultEn: string
  changed: boolean
  hasDraft: boolean
}

type Row = typeof pageTexts.$inferSelect
type Pair = { ko: string; en: string }

/** A text as the console shows it: its draft's, else its published replacement, else the catalogue's. */
const shownOf = (row: Row | undefined, d: Pair): Pair => {
  const draft = row?.draft as Pair | null | undefined
  return { ko: draft?.ko ?? row?.ko ?? d.ko, en: draft?.en ?? row?.en ?? d.en }
}
const publishedOf = (row: Row | undefined, d: Pair): Pair => ({ ko: row?.ko ?? d.ko, en: row?.en ?? d.en })
const normal = (value: string) => value.replace(/\r\n/g, '\n').trim()

/** The lock of texts as shown: each one's token by form name. */
function lockOf(rows: Map<string, Row>, page: TextPage): TextLock {
  const lock: TextLock = {}
  for (const d of DEFAULTS[page]) {
    const shown = shownOf(rows.get(d.key), d)
    for (const l of LANGS) lock[`${d.key}.${l}`] = textToken(shown[l])
  }
  return lock
}

/**
 * The copy of the static pages (ESG, recruitment): what the public page reads (replacements of
 * the catalogue's texts, published ones or in preview the drafts) and the console's editing of
 * a page's texts, with the same draft/publish and audit as the other content. Locking is per text
 * (docs/decisions/055-page-copy-editor.md): a save conflicts only where a text the editor changed
 * was changed by someone else since the editor loaded it; a restore of a kept version locks the
 * whole page by its `stamp` (the latest change of any of its texts).
 */
export function createPageTexts({
  db,
  clock,
  onPublished,
}: {
  db: Db
  clock: () => Date
  onPublished?: PublishedHook
}) {
  async function rowsOf(page: TextPage, reader: Pick<Db, 'select'> = db) {
    return reader
      .select()
      .from(pageTexts)
      .where(like(pageTexts.key, `${TEXT_PAGES[page].prefix}%`))
  }
  const stampOf = (rows: { updated_at: Date }[]) =>
    rows.reduce((max, r) => Math.max(max, new Date(r.updated_at).getTime()), 0)
  const latestOf = (rows: Row[]) =>
    [...rows].sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())[0]
  async function nameOf(reader: Pick<Db, 'select'>, id: number | null | undefined) {
    if (!id) return null
    const [by] = await reader.select({ name: users.name }).from(users).where(eq(users.id, id))
    return by?.name ?? null
  }

  return {
    /** The replaced texts of a page in one language, by path below the page's prefix (what `withTexts` applies). */
    async forPage(page: TextPage, lang: Lang, view: View = PUBLIC_VIEW): Promise<Record<string, string>> {
      const prefix = TEXT_PAGES[page].prefix
      const out: Record<string, string> = {}
      for (const row of await rowsOf(page)) {
        const draft = view.preview ? (row.draft as { ko?: string; en?: string } | null) : null
        if (!row.published && !view.preview) continue
        out[row.key.slice(prefix.length)] = (draft?.[lang] ?? row[lang]) as string
      }
      return out
    },

    /**
     * The console's form: every text of the page (a draft's value first) with the catalogue's, the
     * page's sections (shared/page-text-sections.ts), the texts' lock and who changed the page last.
     */
    async load(page: TextPage) {
      const rows = new Map((await rowsOf(page)).map((r) => [r.key, r]))
      const latest = latestOf([...rows.values()])
      const lock = JSON.stringify(lockOf(rows, page))
      const texts: PageTextRow[] = DEFAULTS[page].map((d) => {
        const row = rows.get(d.key)
        return {
          key: d.key,
          ...shownOf(row, d),
          defaultKo: d.ko,
          defaultEn: d.en,
          changed: Boolean(row),
          hasDraft: Boolean(row?.draft),
        }
      })
      return {
        texts,
        sections: placeTexts(
          page,
          TEXT_PAGES[page].prefix,
          DEFAULTS[page].map((d) => d.key),
        ),
        lock,
        /** A short name of what was loaded (its lock's token): the console's form starts over when it changes. */
        revision: textToken(lock),
        updatedAt: latest ? new Date(latest.updated_at) : null,
        updatedBy: await nameOf(db, latest?.updated_by),
      }
    },

    /** The lock a form posted, or null when it is not one (a bad request). */
    parseLock,

    /** A page's kept versions, newest first (docs/decisions/042-record-history.md). */
    history: (page: TextPage) => recordHistory(db, 'page-texts', PAGE_TEXT_IDS[page]),

    /** The keys of a page's texts, in the catalogue's order. */
    keys: (page: TextPage) => DEFAULTS[page].map((d) => d.key),

    /** The page's stamp now (its lock for a restore): what a restore must have been loaded at. */
    async stamp(page: TextPage): Promise<number> {
      return stampOf(await rowsOf(page))
    },

    /**
     * "Restore this version" (docs/decisions/042-record-history.md): a kept version's texts saved as
     * the page's drafts through the page's own checks and save, audited as `content.restore`.
     */
    async restore(actor: Actor, page: TextPage, stamp: number, versionId: number) {
      const kept = await keptValues(db, 'page-texts', PAGE_TEXT_IDS[page], versionId)
      if (!kept) return { ok: false as const, reason: 'not-found' as const }
      const form = Object.fromEntries(Object.entries(kept).map(([k, value]) => [k, formText(value)]))
      return this.save(actor, page, { stamp }, form, false, 'content.restore')
    },

    /**
     * Saves the posted texts (`<key>.ko`, `<key>.en`): as drafts, or published at once.
     * - With the editor's lock (`TextLock`): a posted text still equal to what the editor loaded was
     *   not touched and keeps what is saved now (another editor's change stays); a changed one is
     *   saved when nobody changed it since, else the save is refused naming those texts (nothing is
     *   saved). Publishing publishes the texts the editor saw: another editor's newer draft stays a draft.
     * - With a page stamp (a restore): refused when any text of the page changed since.
     */
    async save(
      actor: Actor,
      page: TextPage,
      base: TextLock | { stamp: number },
      form: Record<string, string | undefined>,
      publish: boolean,
      /**
       * The action of a restore (the texts are a kept version's) or of an autosave (drafts; a run of
       * autosaves by one editor is one version and one audit entry: docs/decisions/044-autosave.md),
       * instead of the save's own.
       */
      as?: 'content.restore' | 'content.autosave',
    ): Promise<SaveResult<{ changed: number; lock: string }> | TextsConflict> {
      const checked = checkForm(pageTextsSchema(PLACED[page]), form)
      if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors }
      const now = clock()
      const replacing =
        as === 'content.autosave' ? await openAutosave(db, 'page-texts', PAGE_TEXT_IDS[page], actor.userId) : undefined
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${PAGE_TEXT_IDS[page]})`)
        const rows = await rowsOf(page, tx)
        const byKey = new Map(rows.map((r) => [r.key, r]))
        const seen = 'stamp' in base ? null : (base as TextLock)
        if (!seen && stampOf(rows) !== base.stamp) {
          const latest = latestOf(rows)!
          return {
            ok: false as const,
            reason: 'conflict' as const,
            by: await nameOf(tx, latest.updated_by),
            at: new Date(latest.updated_at),
            version: stampOf(rows),
            theirs: {},
            lock: JSON.stringify(lockOf(byKey, page)),
          }
        }
        // Each text's value after this save; the texts refused; the lock the form carries next.
        const next = new Map<string, Pair>()
        const mine = new Map<string, Set<Lang>>()
        const conflicts: string[] = []
        const lock: TextLock = seen ? { ...seen } : lockOf(byKey, page)
        for (const d of DEFAULTS[page]) {
          const current = shownOf(byKey.get(d.key), d)
          const value = { ...current }
          for (const l of LANGS) {
            const name = `${d.key}.${l}`
            const posted = form[name] === undefined ? undefined : normal(form[name]!)
            if (posted === undefined || posted === current[l]) continue
            if (seen) {
              // Untouched: the form still holds what it was loaded with; what is saved now stays.
              if (seen[name] !== undefined && textToken(posted) === seen[name]) continue
              if (seen[name] !== textToken(current[l])) {
                conflicts.push(name)
                continue
              }
            }
            value[l] = posted
            lock[name] = textToken(posted)
            mine.set(d.key, (mine.get(d.key) ?? new Set()).add(l))
          }
          next.set(d.key, value)
        }
        if (conflicts.length > 0) {
          const keys = [...new Set(conflicts.map((name) => name.slice(0, name.lastIndexOf('.'))))]
          const latest = latestOf(rows.filter((r) => keys.includes(r.key)))
          const theirs: Record<string, string> = {}
          const answered: TextLock = { ...seen }
          for (const name of conflicts) {
            const key = name.slice(0, name.lastIndexOf('.'))
            theirs[name] = next.get(key)![name.slice(key.length + 1) as Lang]
            answered[name] = textToken(theirs[name])
          }
          return {
            ok: false as const,
            reason: 'conflict' as const,
            by: await nameOf(tx, latest?.updated_by),
            at: latest ? new Date(latest.updated_at) : now,
            version: stampOf(rows),
            theirs,
            lock: JSON.stringify(answered),
          }
        }

        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        // The page's texts as its form shows them after this save, and whether any stays a draft.
        const shown: HistoryValues = {}
        let drafts = false
        for (const d of DEFAULTS[page]) {
          const row = byKey.get(d.key)
          const value = next.get(d.key)!
          for (const l of LANGS) shown[`${d.key}.${l}`] = value[l]
          const published = publishedOf(row, d)
          // What goes live: a text this editor changed now or saw as it is (never a draft saved since unseen).
          const live = { ...published }
          if (publish)
            for (const l of LANGS)
              if (!seen || mine.get(d.key)?.has(l) || seen[`${d.key}.${l}`] === textToken(value[l])) live[l] = value[l]
          const draft = live.ko === value.ko && live.en === value.en ? null : value
          const hadDraft = Boolean(row?.draft)
          const changed = mine.has(d.key)
          if (!changed && live.ko === published.ko && live.en === published.en && Boolean(draft) === hadDraft) {
            drafts ||= hadDraft
            continue
          }
          drafts ||= Boolean(draft)
          before[d.key] = published
          after[d.key] = value
          if (row)
            await tx
              .update(pageTexts)
              .set({
                ...live,
                draft,
                ...(publish ? { published: true } : {}),
                version: row.version + 1,
                updated_at: now,
                updated_by: actor.userId,
              })
              .where(eq(pageTexts.key, d.key))
          else
            await tx.insert(pageTexts).values({ key: d.key, ...live, draft, updated_at: now, updated_by: actor.userId })
        }
        const changed = Object.keys(after)
        if (changed.length > 0) {
          const action = as ?? (publish ? 'content.publish' : 'content.draft')
          if (replacing === undefined)
            await audit(
              tx,
              {
                userId: actor.userId,
                action,
                recordType: `texts.${page}`,
                recordId: page,
                before,
                after,
                ip: actor.ip,
              },
              now,
            )
          if (publish) await onPublished?.(tx, [`texts.${page}`])
          await keepRecordVersion(tx, {
            recordType: 'page-texts',
            recordId: PAGE_TEXT_IDS[page],
            action,
            values: shown,
            published: !drafts,
            userId: actor.userId,
            now,
            replacing,
          })
        }
        return { ok: true as const, changed: changed.length, lock: JSON.stringify(lock) }
      })
    },
  }
}

export type PageTexts = ReturnType<typeof createPageTexts>
