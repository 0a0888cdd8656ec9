CREATE TABLE "page_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"ko" text NOT NULL,
	"en" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"draft" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "product_banners" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_banners" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "product_banners" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_banners" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "workplaces" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "workplaces" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "workplaces" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "workplaces" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workplaces" ADD COLUMN "updated_by" integer;