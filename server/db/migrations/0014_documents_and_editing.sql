CREATE SEQUENCE "public"."document_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "document_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"doc_number" text NOT NULL,
	"revision" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"revised_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_by" integer
);
--> statement-breakpoint
ALTER TABLE "circuit_serials" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "circuit_serials" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "circuit_serials" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "circuit_serials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "circuit_serials" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "invest_categories" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invest_categories" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "invest_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invest_categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invest_categories" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "invest_posts" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invest_posts" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "invest_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invest_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invest_posts" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "doc_number" text DEFAULT ('DA-' || lpad(nextval('document_number_seq')::text, 5, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "revision" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "revised_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "doc_number" text DEFAULT ('DA-' || lpad(nextval('document_number_seq')::text, 5, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "revision" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "revised_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_documents" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "support_option_groups" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "support_option_groups" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "support_option_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_option_groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_option_groups" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "support_options" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "support_options" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "support_options" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_options" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_options" ADD COLUMN "updated_by" integer;--> statement-breakpoint
CREATE INDEX "document_revisions_owner_idx" ON "document_revisions" USING btree ("owner_type","owner_id","archived_at");--> statement-breakpoint
-- Documents stored before numbers existed: DA- (reference archive) or DS- (service), the classification's
-- code (shared/document-numbers.ts) and their place in it by id; revision A issued when they were stored.
UPDATE "reference_documents" d SET "doc_number" = n."number", "revised_at" = d."created_at"
FROM (SELECT "id", 'DA-' || coalesce((ARRAY['CAT','CIR','DIM','TRQ','SW','CER','FAQ','TRN','MAN','SET','REP','NUC'])["type"], 'DOC') || '-' || lpad((row_number() OVER (PARTITION BY "type" ORDER BY "id"))::text, 4, '0') AS "number" FROM "reference_documents") n
WHERE n."id" = d."id";--> statement-breakpoint
UPDATE "service_documents" d SET "doc_number" = n."number", "revised_at" = d."created_at"
FROM (SELECT "id", 'DS-' || coalesce((ARRAY['CAT','CIR','DIM','TRQ','SW','CER','FAQ','TRN','MAN','SET','REP','NUC'])["type"], 'DOC') || '-' || lpad((row_number() OVER (PARTITION BY "type" ORDER BY "id"))::text, 4, '0') AS "number" FROM "service_documents") n
WHERE n."id" = d."id";--> statement-breakpoint
CREATE UNIQUE INDEX "reference_documents_doc_number_idx" ON "reference_documents" USING btree ("doc_number");--> statement-breakpoint
CREATE UNIQUE INDEX "service_documents_doc_number_idx" ON "service_documents" USING btree ("doc_number");