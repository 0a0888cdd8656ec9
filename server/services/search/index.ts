import type { Db } from '#server/db/client.ts'
import type { ChangeBus } from '../changes.ts'
import { fillMissingText } from '../files/file-text.ts'
import type { Storage } from '../files/storage.ts'
import { reindexAll, sync, type ReindexProgress } from './indexer.ts'
import { searchEntries, type SearchRequest } from './query.ts'
import { createSynonyms } from './synonyms.ts'
import type { Reader, SourceKind } from './sources.ts'

export type { SearchHit, SearchRequest, SearchResult } from './query.ts'
export type { SynonymActor, SynonymGroup, SynonymSave } from './synonyms.ts'
export type { ReindexProgress } from './indexer.ts'
export type { SourceKind } from './sources.ts'

export type SearchService = ReturnType<typeof createSearchService>

/**
 * Site search over `search_entries` (docs/decisions/012-site-search.md). Services that change
 * content call `sync` in their transaction, so a change is searchable the moment it commits.
 */
export function createSearchService({
  db,
  storage,
  clock,
  changes,
}: {
  db: Db
  storage: Storage
  clock?: () => Date
  /** Synonym writes are announced on it, and heard from it (every node's copy of the groups). */
  changes?: Pick<ChangeBus, 'published' | 'subscribe'>
}) {
  const synonyms = createSynonyms(db, { clock, changes })
  return {
    /** The hits of a keyword in one language, best first, paged like every list (with how they were found). */
    search: async (request: SearchRequest) => searchEntries(db, request, await synonyms.index()),
    /** The synonym groups (docs/decisions/047-search-words-forms-synonyms.md): list (filtered), save (validated), remove; writes audited. */
    synonyms: { list: synonyms.list, save: synonyms.save, remove: synonyms.remove },
    /** Rebuilds the entries of these source rows inside the caller's transaction. */
    sync: (tx: Reader, kind: SourceKind, ids: readonly (string | number)[]) => sync(tx, kind, ids),
    /** Reads the text of stored PDFs that have none yet (before a reindex); returns how many were read. */
    extractMissingText: (onProgress?: (done: number, total: number) => void) =>
      fillMissingText(db, storage, onProgress),
    /** Rebuilds the whole index in one transaction; returns the number of entries. */
    reindex: (onProgress?: (progress: ReindexProgress) => void) => db.transaction((tx) => reindexAll(tx, onProgress)),
  }
}
