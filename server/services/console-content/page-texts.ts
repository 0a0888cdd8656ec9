import { eq, like } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { pageTexts, users } from '#server/db/schema.ts'
import companyEn from '#shared/i18n/content/company.en.json'
import companyKo from '#shared/i18n/content/company.ko.json'
import recruitmentEn from '#shared/i18n/content/recruitment.en.json'
import recruitmentKo from '#shared/i18n/content/recruitment.ko.json'
import type { Lang } from '#shared/locales.ts'
import { checkForm } from '#shared/field-errors.ts'
import { pageTextsSchema } from '#shared/page-text-rules.ts'
import { TEXT_PAGES, type TextPage } from '#shared/page-texts.ts'
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
import type { SaveResult } from '../save-result.ts'

/** Every string of a nested copy object by dotted path (`procedure.steps.0.title`). */
function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  if (Array.isArray(value)) return value.flatMap((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i)))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
  return []
}

/** The catalogue's texts of each page, by full key (`esg.lead`, `recruitment.title`), in both languages. */
const DEFAULTS: Record<TextPage, { key: string; ko: string; en: string }[]> = {
  esg: Object.entries(companyKo)
    .filter(([k]) => k.startsWith('esg.'))
    .map(([key, ko]) => ({ key, ko, en: (companyEn as Record<string, string>)[key] ?? '' })),
  recruitment: (() => {
    const en = new Map(flatten(recruitmentEn))
    return flatten(recruitmentKo).map(([path, ko]) => ({ key: `recruitment.${path}`, ko, en: en.get(path) ?? '' }))
  })(),
}

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

/**
 * The copy of the static pages (ESG, recruitment): what the public page reads (replacements of
 * the catalogue's texts, published ones or in preview the drafts) and the console's editing of
 * a page's texts at once, with the same draft/publish, locking and audit as the other content.
 * The page's lock is the latest change of any of its texts (`stamp`).
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
  async function rowsOf(page: TextPage) {
    return db
      .select()
      .from(pageTexts)
      .where(like(pageTexts.key, `${TEXT_PAGES[page].prefix}%`))
  }
  const stampOf = (rows: { updated_at: Date }[]) =>
    rows.reduce((max, r) => Math.max(max, new Date(r.updated_at).getTime()), 0)

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

    /** The console's form: every text of the page, its current value (a draft's first), the catalogue's, and the lock stamp. */
    async load(page: TextPage) {
      const rows = new Map((await rowsOf(page)).map((r) => [r.key, r]))
      const latest = [...rows.values()].sort(
        (a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime(),
      )[0]
      const [by] = latest?.updated_by
        ? await db.select({ name: users.name }).from(users).where(eq(users.id, latest.updated_by))
        : []
      const texts: PageTextRow[] = DEFAULTS[page].map((d) => {
        const row = rows.get(d.key)
        const draft = row?.draft as { ko: string; en: string } | null | undefined
        return {
          key: d.key,
          ko: draft?.ko ?? row?.ko ?? d.ko,
          en: draft?.en ?? row?.en ?? d.en,
          defaultKo: d.ko,
          defaultEn: d.en,
          changed: Boolean(row),
          hasDraft: Boolean(draft),
        }
      })
      return {
        texts,
        stamp: stampOf([...rows.values()]),
        updatedAt: latest ? new Date(latest.updated_at) : null,
        updatedBy: by?.name ?? null,
      }
    },

    /** A page's kept versions, newest first (docs/decisions/042-record-history.md). */
    history: (page: TextPage) => recordHistory(db, 'page-texts', PAGE_TEXT_IDS[page]),

    /** The keys of a page's texts, in the form's order. */
    keys: (page: TextPage) => DEFAULTS[page].map((d) => d.key),

    /** The page's stamp now (its lock): what a restore must have been loaded at. */
    async stamp(page: TextPage): Promise<number> {
      return stampOf(await rowsOf(page))
    },

    /**
     * "Restore this version" (docs/decisions/042-record-history.md): a kept version's texts saved as
     * the page's drafts through the page's own checks and save, audited as `content.restore`.
     */
    async restore(
      actor: Actor,
      page: TextPage,
      stamp: number,
      versionId: number,
    ): Promise<SaveResult<{ changed: number }>> {
      const kept = await keptValues(db, 'page-texts', PAGE_TEXT_IDS[page], versionId)
      if (!kept) return { ok: false, reason: 'not-found' }
      const form = Object.fromEntries(Object.entries(kept).map(([k, value]) => [k, formText(value)]))
      return this.save(actor, page, stamp, form, false, 'content.restore')
    },

    /**
     * Saves the posted texts (`<key>.ko`, `<key>.en`) that differ from the current ones: as
     * drafts, or published at once. Refused when any text of the page changed since `stamp`.
     */
    async save(
      actor: Actor,
      page: TextPage,
      stamp: number,
      form: Record<string, string | undefined>,
      publish: boolean,
      /**
       * The action of a restore (the texts are a kept version's) or of an autosave (drafts; a run of
       * autosaves by one editor is one version and one audit entry: docs/decisions/044-autosave.md),
       * instead of the save's own.
       */
      as?: 'content.restore' | 'content.autosave',
    ): Promise<SaveResult<{ changed: number; stamp: number }>> {
      const checked = checkForm(pageTextsSchema(DEFAULTS[page].map((d) => d.key)), form)
      if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors }
      const now = clock()
      const replacing =
        as === 'content.autosave' ? await openAutosave(db, 'page-texts', PAGE_TEXT_IDS[page], actor.userId) : undefined
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(pageTexts)
          .where(like(pageTexts.key, `${TEXT_PAGES[page].prefix}%`))
        if (stampOf(rows) !== stamp) {
          const latest = rows.sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())[0]!
          const [by] = latest.updated_by
            ? await tx.select({ name: users.name }).from(users).where(eq(users.id, latest.updated_by))
            : []
          return {
            ok: false as const,
            reason: 'conflict' as const,
            by: by?.name ?? null,
            at: new Date(latest.updated_at),
            version: stampOf(rows),
          }
        }
        const byKey = new Map(rows.map((r) => [r.key, r]))
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        // The page's texts as its form shows them after this save, and whether any stays a draft.
        const shown: HistoryValues = {}
        let drafts = false
        for (const d of DEFAULTS[page]) {
          const row = byKey.get(d.key)
          const draft = row?.draft as { ko: string; en: string } | null | undefined
          const current = { ko: draft?.ko ?? row?.ko ?? d.ko, en: draft?.en ?? row?.en ?? d.en }
          const next = {
            ko: (form[`${d.key}.ko`] ?? current.ko).replace(/\r\n/g, '\n').trim(),
            en: (form[`${d.key}.en`] ?? current.en).replace(/\r\n/g, '\n').trim(),
          }
          const pendingDraft = Boolean(draft)
          shown[`${d.key}.ko`] = next.ko
          shown[`${d.key}.en`] = next.en
          if (next.ko === current.ko && next.en === current.en && !(publish && pendingDraft)) {
            drafts ||= pendingDraft
            continue
          }
          drafts ||= !publish
          before[d.key] = { ko: row?.ko ?? d.ko, en: row?.en ?? d.en }
          after[d.key] = next
          const values = publish ? { ko: next.ko, en: next.en, draft: null, published: true } : { draft: next }
          if (row)
            await tx
              .update(pageTexts)
              .set({ ...values, version: row.version + 1, updated_at: now, updated_by: actor.userId })
              .where(eq(pageTexts.key, d.key))
          else
            await tx
              .insert(pageTexts)
              .values({ key: d.key, ko: d.ko, en: d.en, ...values, updated_at: now, updated_by: actor.userId })
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
        return { ok: true as const, changed: changed.length, stamp: changed.length > 0 ? now.getTime() : stamp }
      })
    },
  }
}

export type PageTexts = ReturnType<typeof createPageTexts>
