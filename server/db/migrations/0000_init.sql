CREATE TABLE "ab_test_conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ab_test_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"conversion_type" text NOT NULL,
	"conversion_value" numeric(12, 2),
	"user_id" integer,
	"page_view" text,
	"time_to_conversion" integer,
	"elements_clicked" jsonb,
	"scroll_depth" integer,
	"time_on_page" integer,
	"conversion_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ab_test_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"event_data" jsonb,
	"page_url" text,
	"element_id" text,
	"element_class" text,
	"element_text" text,
	"scroll_depth" integer,
	"time_on_page" integer,
	"viewport_width" integer,
	"viewport_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_metrics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ab_test_metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant_id" integer NOT NULL,
	"date" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"premium_conversions" integer DEFAULT 0 NOT NULL,
	"total_revenue" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"average_time_on_page" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"average_scroll_depth" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"bounce_rate" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"traffic_source_breakdown" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"keyword_performance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ab_test_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"variant_id" integer NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"referrer" text,
	"traffic_source" text,
	"search_keywords" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device_type" text,
	"browser_info" jsonb,
	"geolocation" jsonb,
	"is_returning_visitor" boolean DEFAULT false NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_events" integer DEFAULT 0 NOT NULL,
	"max_scroll_depth" integer DEFAULT 0 NOT NULL,
	"total_time_on_site" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_page_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_page_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant_key" text NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"subtitle" text,
	"hero_headline" text,
	"hero_subheadline" text,
	"primary_cta" text,
	"secondary_cta" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"testimonials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_proof" jsonb,
	"target_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_audience" text,
	"traffic_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"weight" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_performance_metrics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "variant_performance_metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant_id" integer NOT NULL,
	"metric_type" text NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "processed_payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "celebrities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "celebrities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'Person' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "combined_symbols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "combined_symbols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dream_analytics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dream_analytics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"dream_count" integer DEFAULT 0 NOT NULL,
	"top_symbols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"top_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emotional_trends" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recurring_themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dream_symbols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dream_symbols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"description" text NOT NULL,
	"description_es" text,
	"category" text DEFAULT 'General' NOT NULL,
	"extended_description" text,
	"extended_description_es" text,
	"is_common" boolean DEFAULT false NOT NULL,
	"is_vital" boolean DEFAULT false NOT NULL,
	"deeper_insight" text,
	"deeper_insight_es" text,
	"variations" text[] DEFAULT '{}'::text[] NOT NULL,
	"variations_es" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dream_themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dream_themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"symbol_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dreams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dreams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"translation" text,
	"recognized_symbols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_premium_translation" boolean DEFAULT false NOT NULL,
	"category" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missing_symbols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missing_symbols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_reported" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"processed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_symbols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personal_symbols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'Personal' NOT NULL,
	"frequency" integer DEFAULT 0 NOT NULL,
	"emotional_impact" text,
	"personal_context" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symbol_variations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "symbol_variations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variation" text NOT NULL,
	"symbol_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_insights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theme_insights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"theme_id" integer NOT NULL,
	"insight_text" text NOT NULL,
	"insight_type" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_techniques" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theme_techniques_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"theme_id" integer NOT NULL,
	"technique_name" text NOT NULL,
	"technique_description" text,
	"practice_instructions" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_premium" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_exercise_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memory_exercise_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"assisted_days" integer DEFAULT 0 NOT NULL,
	"unassisted_days" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_moments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memory_moments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"moment_number" integer NOT NULL,
	"image_data" text,
	"note" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memory_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reminder_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"exercise_goal" integer DEFAULT 7 NOT NULL,
	"notifications_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracle_consultations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_input" text NOT NULL,
	"oracle_response" jsonb NOT NULL,
	"recommended_exercise_id" text,
	"practice_completed" boolean DEFAULT false NOT NULL,
	"practice_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"follow_up_date" timestamp with time zone,
	"share_token" text,
	"share_revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oracle_followup_consultations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oracle_followup_consultations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"original_consultation_id" text NOT NULL,
	"followup_consultation_id" text NOT NULL,
	"journal_entries_count" integer DEFAULT 0 NOT NULL,
	"practice_analysis" text,
	"progress_assessment" text,
	"evolution_insights" text,
	"next_phase_guidance" text,
	"completion_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracle_practice_journal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oracle_practice_journal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"consultation_id" text NOT NULL,
	"entry_number" integer NOT NULL,
	"practice_date" date NOT NULL,
	"journal_entry" text NOT NULL,
	"exercise_implemented" boolean DEFAULT false NOT NULL,
	"insights" text,
	"challenges" text,
	"mood_before" integer,
	"mood_after" integer,
	"practice_rating" integer,
	"next_steps" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"application_data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_modal_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_modal_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"pending_referrer_reward" boolean DEFAULT false NOT NULL,
	"pending_referee_reward" boolean DEFAULT false NOT NULL,
	"last_shown_at" timestamp with time zone,
	"dismissed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"reward_type" text NOT NULL,
	"amount" numeric(12, 2),
	"status" text DEFAULT 'pending' NOT NULL,
	"processed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"modal_shown" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"referral_code_id" integer NOT NULL,
	"conversion_type" text,
	"conversion_date" timestamp with time zone,
	"reward_status" text DEFAULT 'pending' NOT NULL,
	"reward_amount" numeric(12, 2),
	"premium_months_granted" integer DEFAULT 0 NOT NULL,
	"stripe_payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'info' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"show_on_login" boolean DEFAULT false NOT NULL,
	"action_text" text,
	"action_url" text,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh_key" text NOT NULL,
	"auth_key" text NOT NULL,
	"user_agent" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_by" integer,
	"status" text DEFAULT 'generating' NOT NULL,
	"file_path" text,
	"size" integer,
	"download_count" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"suggestion" text,
	"category" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"assigned_to" integer,
	"admin_response" text,
	"screenshot_url" text,
	"page_url" text,
	"browser_info" text,
	"user_actions" jsonb,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"planned_release" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_announcement_reads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_announcement_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password" text,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_tier" text DEFAULT 'free' NOT NULL,
	"translations_used" integer DEFAULT 0 NOT NULL,
	"translations_limit" integer DEFAULT 3 NOT NULL,
	"translations_reset_date" timestamp with time zone,
	"oracle_used" integer DEFAULT 0 NOT NULL,
	"oracle_limit" integer DEFAULT 1 NOT NULL,
	"oracle_reset_date" timestamp with time zone,
	"dream_interpretations_count" integer DEFAULT 0 NOT NULL,
	"first_dream_date" timestamp with time zone,
	"last_dream_date" timestamp with time zone,
	"total_dream_symbols_found" integer DEFAULT 0 NOT NULL,
	"exercises_completed" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"longest_streak" integer DEFAULT 0 NOT NULL,
	"last_exercise_date" timestamp with time zone,
	"total_exercise_minutes" integer DEFAULT 0 NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"has_unlimited_access" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"auth0_id" text,
	"auth_provider" text DEFAULT 'local' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"picture_url" text,
	"account_status" text DEFAULT 'pending' NOT NULL,
	"messaging_opt_in" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"push_notifications" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"referral_code" text,
	"referred_by" integer,
	"affiliate_status" text DEFAULT 'inactive' NOT NULL,
	"affiliate_tier" text,
	"affiliate_commission_rate" numeric(5, 2),
	"total_commission_earned" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"timezone_offset" integer,
	"birth_date" date,
	"birth_time" text,
	"birth_location" text,
	"natal_chart_data" jsonb,
	"natal_chart_calculated_at" timestamp with time zone,
	"natal_chart_api_calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ab_test_conversions" ADD CONSTRAINT "ab_test_conversions_session_id_ab_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ab_test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_conversions" ADD CONSTRAINT "ab_test_conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_events" ADD CONSTRAINT "ab_test_events_session_id_ab_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ab_test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_metrics" ADD CONSTRAINT "ab_test_metrics_variant_id_landing_page_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."landing_page_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_sessions" ADD CONSTRAINT "ab_test_sessions_variant_id_landing_page_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."landing_page_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_performance_metrics" ADD CONSTRAINT "variant_performance_metrics_variant_id_landing_page_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."landing_page_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_analytics" ADD CONSTRAINT "dream_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dreams" ADD CONSTRAINT "dreams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_symbols" ADD CONSTRAINT "missing_symbols_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_symbols" ADD CONSTRAINT "personal_symbols_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symbol_variations" ADD CONSTRAINT "symbol_variations_symbol_id_dream_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."dream_symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_insights" ADD CONSTRAINT "theme_insights_theme_id_dream_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."dream_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_techniques" ADD CONSTRAINT "theme_techniques_theme_id_dream_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."dream_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_exercise_sessions" ADD CONSTRAINT "memory_exercise_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_moments" ADD CONSTRAINT "memory_moments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_settings" ADD CONSTRAINT "memory_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_consultations" ADD CONSTRAINT "oracle_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_followup_consultations" ADD CONSTRAINT "oracle_followup_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_followup_consultations" ADD CONSTRAINT "oracle_followup_consultations_original_consultation_id_oracle_consultations_id_fk" FOREIGN KEY ("original_consultation_id") REFERENCES "public"."oracle_consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_practice_journal" ADD CONSTRAINT "oracle_practice_journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_practice_journal" ADD CONSTRAINT "oracle_practice_journal_consultation_id_oracle_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."oracle_consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_modal_states" ADD CONSTRAINT "referral_modal_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referral_code_id_referral_codes_id_fk" FOREIGN KEY ("referral_code_id") REFERENCES "public"."referral_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_reports" ADD CONSTRAINT "system_reports_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_announcement_reads" ADD CONSTRAINT "user_announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_announcement_reads" ADD CONSTRAINT "user_announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_test_conversions_session_id_idx" ON "ab_test_conversions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "ab_test_conversions_user_id_idx" ON "ab_test_conversions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ab_test_conversions_type_created_at_idx" ON "ab_test_conversions" USING btree ("conversion_type","created_at");--> statement-breakpoint
CREATE INDEX "ab_test_events_session_id_idx" ON "ab_test_events" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "ab_test_events_event_type_created_at_idx" ON "ab_test_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_metrics_variant_id_date_key" ON "ab_test_metrics" USING btree ("variant_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_sessions_session_id_key" ON "ab_test_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "ab_test_sessions_variant_id_created_at_idx" ON "ab_test_sessions" USING btree ("variant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_page_variants_variant_key_key" ON "landing_page_variants" USING btree ("variant_key");--> statement-breakpoint
CREATE INDEX "landing_page_variants_is_active_idx" ON "landing_page_variants" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "variant_performance_metrics_variant_metric_period_key" ON "variant_performance_metrics" USING btree ("variant_id","metric_type","period","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "processed_payment_events_provider_event_id_key" ON "processed_payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "celebrities_name_key" ON "celebrities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "combined_symbols_name_lower_idx" ON "combined_symbols" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dream_analytics_user_id_period_key" ON "dream_analytics" USING btree ("user_id","period_start","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "dream_symbols_key_key" ON "dream_symbols" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "dream_symbols_name_lower_key" ON "dream_symbols" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "dream_symbols_category_idx" ON "dream_symbols" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "dream_themes_key_key" ON "dream_themes" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "dream_themes_name_key" ON "dream_themes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "dreams_user_id_created_at_idx" ON "dreams" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dreams_category_idx" ON "dreams" USING btree ("category");--> statement-breakpoint
CREATE INDEX "dreams_tags_idx" ON "dreams" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "missing_symbols_symbol_lower_key" ON "missing_symbols" USING btree (lower("symbol"));--> statement-breakpoint
CREATE INDEX "missing_symbols_status_idx" ON "missing_symbols" USING btree ("status","last_reported" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "missing_symbols_user_id_idx" ON "missing_symbols" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_symbols_user_id_name_lower_key" ON "personal_symbols" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "personal_symbols_user_id_created_at_idx" ON "personal_symbols" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "symbol_variations_symbol_id_variation_lower_key" ON "symbol_variations" USING btree ("symbol_id",lower("variation"));--> statement-breakpoint
CREATE INDEX "symbol_variations_variation_lower_idx" ON "symbol_variations" USING btree (lower("variation"));--> statement-breakpoint
CREATE INDEX "theme_insights_theme_id_order_idx" ON "theme_insights" USING btree ("theme_id","order_index");--> statement-breakpoint
CREATE INDEX "theme_techniques_theme_id_order_idx" ON "theme_techniques" USING btree ("theme_id","order_index");--> statement-breakpoint
CREATE INDEX "memory_exercise_sessions_user_id_date_idx" ON "memory_exercise_sessions" USING btree ("user_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memory_moments_user_id_created_at_idx" ON "memory_moments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memory_moments_user_id_date_idx" ON "memory_moments" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_settings_user_id_key" ON "memory_settings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_consultations_share_token_key" ON "oracle_consultations" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "oracle_consultations_user_id_created_at_idx" ON "oracle_consultations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_followup_consultations_followup_consultation_id_key" ON "oracle_followup_consultations" USING btree ("followup_consultation_id");--> statement-breakpoint
CREATE INDEX "oracle_followup_consultations_original_consultation_id_idx" ON "oracle_followup_consultations" USING btree ("original_consultation_id");--> statement-breakpoint
CREATE INDEX "oracle_followup_consultations_user_id_created_at_idx" ON "oracle_followup_consultations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_practice_journal_consultation_id_entry_number_key" ON "oracle_practice_journal" USING btree ("consultation_id","entry_number");--> statement-breakpoint
CREATE INDEX "oracle_practice_journal_user_id_idx" ON "oracle_practice_journal" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "affiliate_applications_user_id_idx" ON "affiliate_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliate_applications_status_idx" ON "affiliate_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_applications_reviewed_by_idx" ON "affiliate_applications" USING btree ("reviewed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referral_codes_user_id_idx" ON "referral_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_modal_states_user_id_key" ON "referral_modal_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_user_id_status_idx" ON "referral_rewards" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_referral_id_user_id_reward_type_key" ON "referral_rewards" USING btree ("referral_id","user_id","reward_type");--> statement-breakpoint
CREATE INDEX "referrals_referrer_id_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referee_id_key" ON "referrals" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "referrals_referral_code_id_idx" ON "referrals" USING btree ("referral_code_id");--> statement-breakpoint
CREATE INDEX "announcements_is_active_idx" ON "announcements" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "announcements_created_by_idx" ON "announcements" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "system_reports_generated_at_idx" ON "system_reports" USING btree ("generated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_reports_generated_by_idx" ON "system_reports" USING btree ("generated_by");--> statement-breakpoint
CREATE INDEX "tickets_user_id_created_at_idx" ON "tickets" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_category_idx" ON "tickets" USING btree ("category");--> statement-breakpoint
CREATE INDEX "tickets_assigned_to_idx" ON "tickets" USING btree ("assigned_to");--> statement-breakpoint
CREATE UNIQUE INDEX "user_announcement_reads_user_id_announcement_id_key" ON "user_announcement_reads" USING btree ("user_id","announcement_id");--> statement-breakpoint
CREATE INDEX "user_announcement_reads_announcement_id_idx" ON "user_announcement_reads" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_subject_created_idx" ON "auth_attempts" USING btree ("kind","subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_key" ON "password_reset_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_key" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_id_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth0_id_key" ON "users" USING btree ("auth0_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "users_stripe_customer_id_idx" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_tokens_token_key" ON "verification_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "verification_tokens_user_id_idx" ON "verification_tokens" USING btree ("user_id");