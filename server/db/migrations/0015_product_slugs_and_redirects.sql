CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Products stored before slugs existed: the English title in lower-case ASCII words joined by '-'
-- (shared/product-slugs.ts), 'item-<id>' when nothing is left, 'p-' before a number (a number is a
-- legacy id address), '-<id>' after a slug a sibling already has.
UPDATE "products" p SET "slug" = s."slug"
FROM (
	SELECT "id", CASE WHEN row_number() OVER (PARTITION BY coalesce("parent_id", 0), "base" ORDER BY "sort_order", "id") = 1 THEN "base" ELSE "base" || '-' || "id" END AS "slug"
	FROM (
		SELECT "id", "parent_id", "sort_order", CASE WHEN "b" = '' THEN 'item-' || "id" WHEN "b" ~ '^[0-9]+$' THEN 'p-' || "b" ELSE "b" END AS "base"
		FROM (SELECT "id", "parent_id", "sort_order", trim(both '-' from left(trim(both '-' from regexp_replace(lower("title_en"), '[^a-z0-9]+', '-', 'g')), 80)) AS "b" FROM "products") r
	) q
) s
WHERE s."id" = p."id";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "products_parent_slug_idx" ON "products" USING btree (coalesce("parent_id", 0),"slug");
