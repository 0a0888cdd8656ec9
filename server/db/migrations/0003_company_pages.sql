CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"sector" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"logo" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workplaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"map_url" text NOT NULL,
	"map_url_en" text NOT NULL,
	"roles" text NOT NULL,
	"roles_en" text NOT NULL,
	"address" text NOT NULL,
	"address_en" text NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sales_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sales_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "as_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_sector_idx" ON "clients" USING btree ("sector","sort_order");