-- Site search: exact keys for runs of 3 to 5 initial consonants (docs/decisions/012-site-search.md,
-- server/services/search/codes.ts), so an initials keyword is proven and counted by one key, and
-- a date index on the title rows, read in order for such a keyword's many title hits. The keys of
-- the entries already indexed are added here in SQL (the same keys as codes.ts: a run of
-- consonant jamo U+3131–U+314E packs 5 bits a jamo), so no reindex is needed. And a table of
-- remembered totals for keywords of 3 characters and more (server/services/search/totals.ts).
CREATE FUNCTION search_migration_initials(s text, kind integer, whole boolean) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT k), '{}') FROM (
    SELECT -536870912 + kind + CASE n WHEN 3 THEN 0 WHEN 4 THEN 32768 ELSE 1081344 END
      + (SELECT sum((ascii(substr(w, j + 1, 1)) - 12593) << (5 * j)) FROM generate_series(0, n - 1) j)::int AS k
    FROM (
      SELECT n, substr(s, i, n) AS w FROM generate_series(1, length(s)) i, generate_series(3, 5) n
      WHERE i + n - 1 <= length(s) AND (NOT whole OR (i = 1 AND n = length(s)))
    ) windows
    WHERE w ~ '^[ㄱ-ㅎ]+$'
  ) keys
$$;
--> statement-breakpoint
UPDATE "search_titles" SET "title_grams" = ARRAY(SELECT DISTINCT unnest(
  "title_grams"
  || search_migration_initials("title_choseong", 0, false)
  || search_migration_initials("title_compact", 0, false)
  || search_migration_initials("title_compact", 134217728, false)
  || search_migration_initials("title_choseong", 67108864, true)))
WHERE length("title_choseong") >= 3 OR "title_compact" ~ '[ㄱ-ㅎ]{3}';
--> statement-breakpoint
UPDATE "search_entries" SET "grams" = ARRAY(SELECT DISTINCT unnest("grams" || search_migration_initials("body_compact", 0, false)))
WHERE "body_compact" ~ '[ㄱ-ㅎ]{3}';
--> statement-breakpoint
INSERT INTO "search_key_counts" ("lang", "key", "entries")
SELECT "lang", "key", count(*)::int FROM (
  SELECT e."id", e."lang", unnest(e."grams") AS "key" FROM "search_entries" e WHERE e."body_compact" ~ '[ㄱ-ㅎ]{3}'
  UNION SELECT t."id", t."lang", unnest(t."title_grams") FROM "search_titles" t WHERE length(t."title_choseong") >= 3 OR t."title_compact" ~ '[ㄱ-ㅎ]{3}'
) keys WHERE "key" BETWEEN -536870912 AND -268435457 GROUP BY "lang", "key"
ON CONFLICT ("lang", "key") DO UPDATE SET "entries" = excluded."entries";
--> statement-breakpoint
DROP FUNCTION search_migration_initials(text, integer, boolean);
--> statement-breakpoint
CREATE INDEX "search_titles_recent_idx" ON "search_titles" USING btree ("lang","updated_at" DESC NULLS FIRST,"id" DESC);
--> statement-breakpoint
CREATE TABLE "search_totals" (
	"lang" text NOT NULL,
	"keyword" text NOT NULL,
	"body_only" integer NOT NULL,
	CONSTRAINT "search_totals_lang_keyword_pk" PRIMARY KEY("lang","keyword")
);
