CREATE TABLE "eps_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_no" text NOT NULL,
	"ord_no" text,
	"serial_no" text,
	"project_id" integer NOT NULL,
	"project_name" text NOT NULL,
	"customer" text,
	"model" text,
	"delivery_date" date,
	"spec" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_no" text NOT NULL,
	"ord_no" text,
	"serial_no" text,
	"project_id" integer NOT NULL,
	"project_name" text NOT NULL,
	"customer" text,
	"model" text,
	"delivery_date" date,
	"spec" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_compact" text NOT NULL,
	CONSTRAINT "order_projects_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "restricted_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"system" text NOT NULL,
	"action" text NOT NULL,
	"work_no" text,
	"query" jsonb,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eps_orders" ADD CONSTRAINT "eps_orders_project_id_order_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."order_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD CONSTRAINT "erp_orders_project_id_order_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."order_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_access_log" ADD CONSTRAINT "restricted_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eps_orders_work_no_idx" ON "eps_orders" USING btree ("work_no");--> statement-breakpoint
CREATE INDEX "eps_orders_ord_no_idx" ON "eps_orders" USING btree ("ord_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "eps_orders_project_idx" ON "eps_orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "eps_orders_newest_idx" ON "eps_orders" USING btree ("delivery_date" DESC NULLS LAST,"work_no" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "erp_orders_work_no_idx" ON "erp_orders" USING btree ("work_no");--> statement-breakpoint
CREATE INDEX "erp_orders_ord_no_idx" ON "erp_orders" USING btree ("ord_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "erp_orders_project_idx" ON "erp_orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "erp_orders_newest_idx" ON "erp_orders" USING btree ("delivery_date" DESC NULLS LAST,"work_no" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "restricted_access_log_created_idx" ON "restricted_access_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "restricted_access_log_user_idx" ON "restricted_access_log" USING btree ("user_id","created_at");