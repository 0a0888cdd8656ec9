-- Site search's GIN indexes keep a pending list of at most 512 kB (PostgreSQL's default is 4 MB):
-- an insert that fills the list merges it into the index in one step, which on PGlite holds the
-- server's thread (a bulk import of 100,000 rows stalled it about 300 ms at a time), and every search
-- reads the list through until it is merged (PGlite has no autovacuum to merge it in the
-- background). A storage parameter: set in place, no rebuild (docs/decisions/053-import-loop-turns.md).
ALTER INDEX "search_entries_grams_idx" SET (gin_pending_list_limit = 512);--> statement-breakpoint
ALTER INDEX "search_titles_title_grams_idx" SET (gin_pending_list_limit = 512);--> statement-breakpoint
ALTER INDEX "search_words_words_idx" SET (gin_pending_list_limit = 512);
