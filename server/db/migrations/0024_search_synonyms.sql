-- Site search (docs/decisions/047-search-words-forms-synonyms.md): synonym groups, seeded with the
-- site's own vocabulary (the console edits them); and the body keys of each entry now hold its
-- title's keys too, so one GIN index finds the entries holding every word of a query wherever it
-- stands (title or body). The title keys are added here in SQL, so no reindex is needed; the key
-- counts (title or body, each key once an entry) do not change.
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
UPDATE "search_entries" e SET "grams" = ARRAY(SELECT DISTINCT k FROM unnest(e."grams" || t."title_grams") k ORDER BY k)
FROM "search_titles" t WHERE t."id" = e."id" AND NOT (e."grams" @> t."title_grams");
--> statement-breakpoint
INSERT INTO "search_synonyms" ("terms") VALUES
  ('{결선도,회로도,배선도,circuit diagram,wiring diagram,schematic}'),
  ('{카탈로그,카다로그,catalog,catalogue,brochure}'),
  ('{액추에이터,엑추에이터,구동기}'),
  ('{취급설명서,사용설명서,instruction manual,user manual}'),
  ('{외형도,치수도,appearance chart,dimension drawing,outline drawing}'),
  ('{토크표,torque table}'),
  ('{수문 권양기,gate hoist}'),
  ('{감속기,gearbox,reducer}'),
  ('{핸들 휠,수동 핸들,handwheel}'),
  ('{펌웨어,firmware}'),
  ('{방폭,explosion-proof,explosion proof}'),
  ('{SMART,스마트}'),
  ('{INTEGRAL,인테그랄,일체형}'),
  ('{BASIC,베이직,기본형}'),
  ('{LTMD-O,LTMDO,LTMD}');
