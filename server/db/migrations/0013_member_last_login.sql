ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;
--> statement-breakpoint
-- Members logged in before this column existed: their newest open session is the best record left.
UPDATE "users" SET "last_login_at" = (SELECT max("created_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id") WHERE "role" = 'member';
