CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"region" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text NOT NULL,
	"description_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"origin_file_name" text NOT NULL,
	"icon" text DEFAULT 'PDF' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"pc_image" text NOT NULL,
	"mb_image" text NOT NULL,
	"pc_image_en" text NOT NULL,
	"mb_image_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circuit_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code1" text NOT NULL,
	"code2" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"origin_file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "history_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"tag" text NOT NULL,
	"tag_en" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"description" text NOT NULL,
	"description_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invest_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invest_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"description" text NOT NULL,
	"description_en" text NOT NULL,
	"thumbnail" text NOT NULL,
	"path" text NOT NULL,
	"origin_file_name" text NOT NULL,
	"origin_file_name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"image" text,
	"description" text NOT NULL,
	"description_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"introduce" text NOT NULL,
	"introduce_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"path" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"content" text NOT NULL,
	"content_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"depth" integer NOT NULL,
	"type" integer DEFAULT 2 NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"introduce_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"item" text DEFAULT '' NOT NULL,
	"item_en" text DEFAULT '' NOT NULL,
	"item_introduce" text DEFAULT '' NOT NULL,
	"item_introduce_en" text DEFAULT '' NOT NULL,
	"image" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"url_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_document_options" (
	"document_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	CONSTRAINT "service_document_options_document_id_option_id_pk" PRIMARY KEY("document_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "service_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"url_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"show_yn" text DEFAULT 'Y' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"type" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"description" text NOT NULL,
	"description_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"url" text NOT NULL,
	"url_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "internal_rules_file" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "internal_rules_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_file_name_files_file_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."files"("file_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_posts" ADD CONSTRAINT "invest_posts_category_id_invest_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."invest_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD CONSTRAINT "reference_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_document_options" ADD CONSTRAINT "service_document_options_document_id_service_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."service_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_document_options" ADD CONSTRAINT "service_document_options_option_id_support_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."support_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_options" ADD CONSTRAINT "support_options_group_id_support_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."support_option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agencies_type_idx" ON "agencies" USING btree ("type","sort_order");--> statement-breakpoint
CREATE INDEX "attachments_owner_idx" ON "attachments" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "circuit_serials_code_idx" ON "circuit_serials" USING btree ("code1","code2");--> statement-breakpoint
CREATE INDEX "invest_posts_category_idx" ON "invest_posts" USING btree ("category_id","type","created_at");--> statement-breakpoint
CREATE INDEX "patents_type_idx" ON "patents" USING btree ("type","sort_order");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "reference_documents_type_idx" ON "reference_documents" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "reference_documents_product_idx" ON "reference_documents" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "service_document_options_option_idx" ON "service_document_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "service_documents_type_idx" ON "service_documents" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "support_option_groups_type_idx" ON "support_option_groups" USING btree ("type","sort_order");--> statement-breakpoint
CREATE INDEX "support_options_group_idx" ON "support_options" USING btree ("group_id","sort_order");