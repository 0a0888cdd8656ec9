CREATE TABLE "service_request_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_routing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"family" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"team_id" integer NOT NULL,
	"assignee_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"emails" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_request_files" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "region" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_request_messages" ADD CONSTRAINT "service_request_messages_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_messages" ADD CONSTRAINT "service_request_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_routing_rules" ADD CONSTRAINT "service_routing_rules_team_id_service_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."service_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_routing_rules" ADD CONSTRAINT "service_routing_rules_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_messages_request_idx" ON "service_request_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "service_routing_rules_order_idx" ON "service_routing_rules" USING btree ("sort_order","id");--> statement-breakpoint
ALTER TABLE "service_request_files" ADD CONSTRAINT "service_request_files_message_id_service_request_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."service_request_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_team_id_service_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."service_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_inbox_idx" ON "service_requests" USING btree ("status","accepted_at");--> statement-breakpoint
CREATE INDEX "service_requests_team_idx" ON "service_requests" USING btree ("team_id","status","accepted_at");--> statement-breakpoint
CREATE INDEX "service_requests_assignee_idx" ON "service_requests" USING btree ("assignee_id","status","accepted_at");