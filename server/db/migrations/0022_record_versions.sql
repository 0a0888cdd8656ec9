CREATE TABLE "record_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"values" jsonb NOT NULL,
	"published" boolean NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_versions_record_idx" ON "record_versions" USING btree ("record_type","record_id","id");