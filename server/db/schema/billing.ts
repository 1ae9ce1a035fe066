import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Payment-provider events already applied (Stripe or the sandbox provider). Entitlement changes insert
 * here in the same transaction, so a redelivered event hits the unique key and is applied only once.
 */
export const processedEvents = pgTable(
  "processed_payment_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("processed_payment_events_provider_event_id_key").on(table.provider, table.eventId),
  ],
);
