-- Keep the heap rows of search_entries narrow (docs/decisions/012-site-search.md): what matching
-- and ranking read for every hit stays inline (MAIN; the compact body compressed); what only the
-- shown hits need (title, url, the depths) moves out of line when the row is long; the display body
-- and the key arrays always live out of line, uncompressed (EXTERNAL: arrays hardly compress, and
-- compressing text slows a full reindex more than it saves). The reindex copies these settings.
ALTER TABLE "search_entries" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "search_entries"
  ALTER COLUMN "kind" SET STORAGE MAIN, ALTER COLUMN "source_id" SET STORAGE MAIN, ALTER COLUMN "lang" SET STORAGE MAIN,
  ALTER COLUMN "title_compact" SET STORAGE MAIN, ALTER COLUMN "title_words" SET STORAGE MAIN,
  ALTER COLUMN "title_choseong" SET STORAGE MAIN, ALTER COLUMN "body_compact" SET STORAGE MAIN,
  ALTER COLUMN "body" SET STORAGE EXTERNAL, ALTER COLUMN "grams" SET STORAGE EXTERNAL, ALTER COLUMN "words" SET STORAGE EXTERNAL;
