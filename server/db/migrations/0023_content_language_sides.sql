ALTER TABLE "agencies" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "product_banners" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hidden_lang" text;--> statement-breakpoint
ALTER TABLE "workplaces" ADD COLUMN "hidden_lang" text;