-- Site search, faster for large hit sets (docs/decisions/012-site-search.md): the title side of each
-- entry moves to a narrow table with its own keys (title hits rank first and are found and ranked
-- there), the word keys to a table of their own, search_entries.grams keeps the body's keys only,
-- and a count per (language, key) gives the exact number of hits of a 1- or 2-character keyword
-- without visiting them.
CREATE TABLE "search_titles" (
	"id" integer PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"updated_at" timestamp with time zone,
	"title_compact" text NOT NULL,
	"title_words" text NOT NULL,
	"title_choseong" text NOT NULL,
	"title_grams" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" integer PRIMARY KEY NOT NULL,
	"words" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_key_counts" (
	"lang" text NOT NULL,
	"key" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "search_key_counts_lang_key_pk" PRIMARY KEY("lang","key")
);
--> statement-breakpoint
-- The keys of server/services/search/codes.ts gramCodes, in SQL, for the entries already indexed:
-- UTF-16 units (a character past U+FFFF is its surrogate pair), a unigram `a << 16` for each unit
-- from 0x80, a bigram `a << 16 | b` for each pair of neighbours.
CREATE FUNCTION search_migration_keys(s text) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  WITH chars AS (SELECT ord, ascii(c) AS cp FROM unnest(string_to_array(s, NULL)) WITH ORDINALITY AS t(c, ord)),
  units AS (
    SELECT row_number() OVER (ORDER BY ord, part) AS i, u FROM (
      SELECT ord, 0 AS part, CASE WHEN cp < 65536 THEN cp ELSE 55296 + ((cp - 65536) >> 10) END AS u FROM chars
      UNION ALL SELECT ord, 1, 56320 + ((cp - 65536) & 1023) FROM chars WHERE cp >= 65536
    ) x
  )
  SELECT coalesce(array_agg(DISTINCT k), '{}') FROM (
    SELECT a.u << 16 AS k FROM units a WHERE a.u >= 128
    UNION ALL SELECT (a.u << 16) | b.u FROM units a JOIN units b ON b.i = a.i + 1
  ) keys
$$;
--> statement-breakpoint
INSERT INTO "search_titles" ("id", "lang", "updated_at", "title_compact", "title_words", "title_choseong", "title_grams")
SELECT "id", "lang", "updated_at", "title_compact", "title_words", "title_choseong",
  ARRAY(SELECT DISTINCT unnest(search_migration_keys("title_compact") || search_migration_keys("title_choseong")))
FROM "search_entries";
--> statement-breakpoint
INSERT INTO "search_words" ("id", "words") SELECT "id", "words" FROM "search_entries";
--> statement-breakpoint
UPDATE "search_entries" SET "grams" = search_migration_keys("body_compact");
--> statement-breakpoint
INSERT INTO "search_key_counts" ("lang", "key", "entries")
SELECT "lang", "key", count(*)::int FROM (
  SELECT "id", "lang", unnest("grams") AS "key" FROM "search_entries"
  UNION SELECT "id", "lang", unnest("title_grams") FROM "search_titles"
) keys GROUP BY "lang", "key";
--> statement-breakpoint
DROP FUNCTION search_migration_keys(text);
--> statement-breakpoint
DROP INDEX "search_entries_words_idx";
--> statement-breakpoint
ALTER TABLE "search_entries" DROP COLUMN "words";
--> statement-breakpoint
ALTER TABLE "search_titles" ADD CONSTRAINT "search_titles_id_search_entries_id_fk" FOREIGN KEY ("id") REFERENCES "public"."search_entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "search_titles_title_grams_idx" ON "search_titles" USING gin ("title_grams");
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_id_search_entries_id_fk" FOREIGN KEY ("id") REFERENCES "public"."search_entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "search_words_words_idx" ON "search_words" USING gin ("words");
