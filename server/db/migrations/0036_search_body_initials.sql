-- Site search: a key of its own for a run of 3 to 5 consonant jamo typed in an entry's body (the
-- `body` kind of server/services/search/codes.ts). Since the title's keys joined the entry's
-- (migration 0024), the run key no longer tells a body's runs from a title's, and an initials
-- keyword counted its body-only hits by reading every hit (ㅈㄷㅇㅊ: 11,051 rows for none). The
-- keys of the entries already indexed are added here in SQL, as migration 0018 added the run keys.
CREATE FUNCTION search_migration_initials(s text, kind integer) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT k), '{}') FROM (
    SELECT -536870912 + kind + CASE n WHEN 3 THEN 0 WHEN 4 THEN 32768 ELSE 1081344 END
      + (SELECT sum((ascii(substr(w, j + 1, 1)) - 12593) << (5 * j)) FROM generate_series(0, n - 1) j)::int AS k
    FROM (
      SELECT n, substr(s, i, n) AS w FROM generate_series(1, length(s)) i, generate_series(3, 5) n
      WHERE i + n - 1 <= length(s)
    ) windows
    WHERE w ~ '^[ㄱ-ㅎ]+$'
  ) keys
$$;
--> statement-breakpoint
UPDATE "search_entries" SET "grams" = ARRAY(SELECT DISTINCT k FROM unnest("grams" || search_migration_initials("body_compact", 201326592)) k ORDER BY k)
WHERE "body_compact" ~ '[ㄱ-ㅎ]{3}';
--> statement-breakpoint
INSERT INTO "search_key_counts" ("lang", "key", "entries")
SELECT "lang", "key", count(*)::int FROM (
  SELECT e."lang", unnest(search_migration_initials(e."body_compact", 201326592)) AS "key"
  FROM "search_entries" e WHERE e."body_compact" ~ '[ㄱ-ㅎ]{3}'
) keys GROUP BY "lang", "key"
ON CONFLICT ("lang", "key") DO UPDATE SET "entries" = excluded."entries";
--> statement-breakpoint
DROP FUNCTION search_migration_initials(text, integer);
