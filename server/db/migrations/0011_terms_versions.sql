-- The terms become versioned (docs/decisions/018-change-bus.md): each row of "terms" becomes
-- version 1 of its type, effective (and published) at its updated_at; the consents given so far
-- (terms_version held that updated_at) now refer to that version by id and number.
CREATE TABLE "terms_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"version" integer,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"description" text NOT NULL,
	"description_en" text NOT NULL,
	"effective_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terms_versions" ADD CONSTRAINT "terms_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_versions" ADD CONSTRAINT "terms_versions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_versions_type_version_idx" ON "terms_versions" USING btree ("type","version");--> statement-breakpoint
CREATE INDEX "terms_versions_effective_idx" ON "terms_versions" USING btree ("type","effective_at");--> statement-breakpoint
INSERT INTO "terms_versions" ("type", "version", "title", "title_en", "description", "description_en", "effective_at", "published_at", "created_at", "updated_at")
	SELECT "type", 1, "title", "title_en", "description", "description_en", "updated_at", "updated_at", "updated_at", "updated_at" FROM "terms" ORDER BY "type";--> statement-breakpoint
ALTER TABLE "user_consents" ADD COLUMN "terms_version_id" integer;--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_terms_version_id_terms_versions_id_fk" FOREIGN KEY ("terms_version_id") REFERENCES "public"."terms_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "user_consents" SET "terms_version_id" = v."id", "terms_version" = '1'
	FROM "terms_versions" v
	WHERE "user_consents"."terms_version" <> ''
		AND v."version" = 1
		AND v."type" = CASE "user_consents"."kind" WHEN 'service' THEN 1 WHEN 'privacy' THEN 2 END;--> statement-breakpoint
DROP TABLE "terms";
