import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { products, referenceDocuments, serviceDocuments, staffAccounts, users } from '#server/db/schema.ts'
import type { ContentEditor, RecordState } from '#server/services/console-content/editor.ts'
import type { PageTexts } from '#server/services/console-content/page-texts.ts'
import { CONTENT_KINDS, contentKind, type ContentKindName } from '#shared/content-kinds.ts'
import type { DocumentArchive } from '#shared/document-numbers.ts'
import { TEXT_PAGES, type TextPage } from '#shared/page-texts.ts'

/** Hits shown per group; a group with more says so and links to its own list. */
export const CONSOLE_SEARCH_LIMIT = 10

export type ConsoleSearchGroups = {
  products: { id: number; title: string; title_en: string }[]
  documents: {
    archive: DocumentArchive
    id: number
    title: string
    title_en: string
    doc_number: string | null
    revision: string
  }[]
  content: { kind: ContentKindName; state: RecordState }[]
  texts: { page: TextPage; key: string; ko: string; en: string }[]
  members: { id: number; name: string; username: string; company: string }[]
  staff: { id: number; name: string; username: string }[]
}
export type ConsoleSearchResult = { [G in keyof ConsoleSearchGroups]: { hits: ConsoleSearchGroups[G]; more: boolean } }

/** The words of a query, lower-cased, each to be found somewhere in the record (any order, either language). */
export function searchWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 6)
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Every word in one of the columns. */
function everyWord(words: string[], columns: AnyPgColumn[]): SQL | undefined {
  return and(...words.map((w) => or(...columns.map((c) => ilike(c, `%${escapeLike(w)}%`)))))
}

const hasEvery = (words: string[], texts: unknown[]) => {
  const haystack = texts
    .filter((t) => typeof t === 'string' || typeof t === 'number')
    .join('\n')
    .toLowerCase()
  return words.every((w) => haystack.includes(w))
}

const page = <T>(rows: T[]) => ({ hits: rows.slice(0, CONSOLE_SEARCH_LIMIT), more: rows.length > CONSOLE_SEARCH_LIMIT })

/**
 * The console's one search box (issue 33): products, documents, content records, page texts and,
 * for administrators, members and staff, by any words in either language. Products, documents
 * and people are matched in SQL (the archives hold up to 100,000 rows); content records and page
 * texts, a few hundred, through the editor's own lists, so drafts are found as the editor sees them.
 */
export function createConsoleSearch(deps: { db: Db; contentEditor: ContentEditor; pageTexts: PageTexts }) {
  const { db, contentEditor, pageTexts } = deps
  const take = CONSOLE_SEARCH_LIMIT + 1
  return {
    async find(query: string, options: { people: boolean }): Promise<ConsoleSearchResult> {
      const words = searchWords(query)
      const productRows = await db
        .select({ id: products.id, title: products.title, title_en: products.title_en })
        .from(products)
        .where(everyWord(words, [products.title, products.title_en, products.item, products.item_en]))
        .orderBy(asc(products.depth), asc(products.sort_order), asc(products.id))
        .limit(take)
      const documentRows: ConsoleSearchGroups['documents'] = []
      for (const [archive, table] of [
        ['reference', referenceDocuments],
        ['service', serviceDocuments],
      ] as const) {
        const rows = await db
          .select({
            id: table.id,
            title: table.title,
            title_en: table.title_en,
            doc_number: table.doc_number,
            revision: table.revision,
          })
          .from(table)
          .where(everyWord(words, [table.title, table.title_en, table.doc_number]))
          .orderBy(asc(table.id))
          .limit(take)
        documentRows.push(...rows.map((row) => ({ archive, ...row })))
      }
      const content: ConsoleSearchGroups['content'] = []
      for (const { kind } of CONTENT_KINDS) {
        const fields = contentKind(kind)!.fields.filter((f) => f.type !== 'image' && f.type !== 'file')
        for (const state of await contentEditor.list(kind)) {
          const texts = fields.flatMap((f) => [state.values[f.name], state.values[`${f.name}_en`]])
          if (hasEvery(words, texts)) content.push({ kind, state })
        }
      }
      const texts: ConsoleSearchGroups['texts'] = []
      for (const name of Object.keys(TEXT_PAGES) as TextPage[]) {
        for (const text of (await pageTexts.load(name)).texts)
          if (hasEvery(words, [text.ko, text.en])) texts.push({ page: name, key: text.key, ko: text.ko, en: text.en })
      }
      const people = options.people
        ? await db
            .select({ id: users.id, name: users.name, username: users.username, company: users.company })
            .from(users)
            .where(
              and(
                eq(users.role, 'member'),
                eq(users.delete_yn, 'N'),
                everyWord(words, [users.name, users.username, users.company]),
              ),
            )
            .orderBy(asc(users.id))
            .limit(take)
        : []
      const staff = options.people
        ? await db
            .select({ id: users.id, name: users.name, username: users.username })
            .from(staffAccounts)
            .innerJoin(users, eq(users.id, staffAccounts.user_id))
            .where(everyWord(words, [users.name, users.username]))
            .orderBy(asc(users.id))
            .limit(take)
        : []
      return {
        products: page(productRows),
        documents: {
          hits: documentRows.slice(0, CONSOLE_SEARCH_LIMIT),
          more: documentRows.length > CONSOLE_SEARCH_LIMIT,
        },
        content: page(content),
        texts: page(texts),
        members: page(people),
        staff: page(staff),
      }
    },
  }
}

export type ConsoleSearch = ReturnType<typeof createConsoleSearch>
