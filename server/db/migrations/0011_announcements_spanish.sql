ALTER TABLE "announcements" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "message_es" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "action_text_es" text;