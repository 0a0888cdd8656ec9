CREATE TABLE "search_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"lang" text NOT NULL,
	"one_depth" text NOT NULL,
	"two_depth" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone,
	"title_compact" text NOT NULL,
	"title_words" text NOT NULL,
	"title_choseong" text NOT NULL,
	"body_compact" text NOT NULL,
	"grams" integer[] NOT NULL,
	"words" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "text_content" text;--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_source_idx" ON "search_entries" USING btree ("kind","source_id","lang");--> statement-breakpoint
CREATE INDEX "search_entries_grams_idx" ON "search_entries" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "search_entries_words_idx" ON "search_entries" USING gin ("words");