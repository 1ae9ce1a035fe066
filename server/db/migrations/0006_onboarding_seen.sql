ALTER TABLE "users" ADD COLUMN "welcome_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tutorial_seen_at" timestamp with time zone;