CREATE TABLE "payment_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"fingerprint" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "premium_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"subscription_id" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" text NOT NULL,
	"payment_ref" text,
	"invoice_amount_cents" integer NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_code_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "amount_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_grants" ADD CONSTRAINT "premium_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_grants" ADD CONSTRAINT "premium_grants_reward_id_referral_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."referral_rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referral_code_id_referral_codes_id_fk" FOREIGN KEY ("referral_code_id") REFERENCES "public"."referral_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_user_id_provider_fingerprint_key" ON "payment_cards" USING btree ("user_id","provider","fingerprint");--> statement-breakpoint
CREATE INDEX "payment_cards_provider_fingerprint_idx" ON "payment_cards" USING btree ("provider","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_grants_reward_id_key" ON "premium_grants" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "premium_grants_user_id_ends_at_idx" ON "premium_grants" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "premium_grants_ends_at_idx" ON "premium_grants" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_invoice_id_kind_key" ON "affiliate_commissions" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_id_idx" ON "affiliate_commissions" USING btree ("affiliate_id","earned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliate_commissions_referral_id_idx" ON "affiliate_commissions" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_payment_ref_idx" ON "affiliate_commissions" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_payout_id_idx" ON "affiliate_commissions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_id_idx" ON "affiliate_payouts" USING btree ("affiliate_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliate_payouts_recorded_by_idx" ON "affiliate_payouts" USING btree ("recorded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_clicks_code_day_key" ON "referral_clicks" USING btree ("referral_code_id","day");--> statement-breakpoint
CREATE INDEX "sandbox_invoices_payment_ref_idx" ON "sandbox_invoices" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "referral_rewards_payment_ref_idx" ON "referral_rewards" USING btree ("payment_ref");