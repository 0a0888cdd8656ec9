ALTER TABLE "files" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "variant_of" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_variant_of_files_file_name_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."files"("file_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_variant_of_idx" ON "files" USING btree ("variant_of");--> statement-breakpoint
CREATE INDEX "files_created_at_idx" ON "files" USING btree ("created_at");