DROP INDEX "dreams_user_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "dreams" ADD COLUMN "symbol_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dreams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "dreams_user_id_created_at_id_idx" ON "dreams" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dreams_symbol_keys_idx" ON "dreams" USING gin ("symbol_keys");--> statement-breakpoint
CREATE INDEX "dreams_search_en_idx" ON "dreams" USING gin (to_tsvector('english', "title" || ' ' || "content"));--> statement-breakpoint
CREATE INDEX "dreams_search_es_idx" ON "dreams" USING gin (to_tsvector('spanish', "title" || ' ' || "content"));