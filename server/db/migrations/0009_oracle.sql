CREATE TABLE "oracle_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"birth_place_id" integer,
	"birth_place_name" text,
	"birth_country_code" text,
	"birth_region" text,
	"birth_latitude" double precision,
	"birth_longitude" double precision,
	"birth_timezone" text,
	"daily_practice_minutes" integer DEFAULT 15 NOT NULL,
	"preferred_practice_time" text DEFAULT 'flexible' NOT NULL,
	"practice_frequency" text DEFAULT 'daily' NOT NULL,
	"experience_level" text DEFAULT 'beginner' NOT NULL,
	"current_challenges" text,
	"spiritual_goals" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "oracle_followup_consultations_original_consultation_id_idx";--> statement-breakpoint
ALTER TABLE "oracle_consultations" ALTER COLUMN "oracle_response" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oracle_consultations" ADD COLUMN "status" text DEFAULT 'processing' NOT NULL;--> statement-breakpoint
ALTER TABLE "oracle_consultations" ADD COLUMN "step" text DEFAULT 'initiating' NOT NULL;--> statement-breakpoint
ALTER TABLE "oracle_profiles" ADD CONSTRAINT "oracle_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_followup_consultations_original_consultation_id_key" ON "oracle_followup_consultations" USING btree ("original_consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_practice_journal_consultation_id_practice_date_key" ON "oracle_practice_journal" USING btree ("consultation_id","practice_date");