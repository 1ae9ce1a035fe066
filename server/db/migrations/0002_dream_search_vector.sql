DROP INDEX "dreams_search_en_idx";--> statement-breakpoint
DROP INDEX "dreams_search_es_idx";--> statement-breakpoint
ALTER TABLE "dreams" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || content) || to_tsvector('spanish', title || ' ' || content)) STORED;--> statement-breakpoint
CREATE INDEX "dreams_search_idx" ON "dreams" USING gin ("search_vector");