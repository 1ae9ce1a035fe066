import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** Spec section 5's push_subscriptions, plus when the browser last re-confirmed it and how delivery went. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull(),
    p256dhKey: text().notNull(),
    authKey: text().notNull(),
    userAgent: text(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set each time the app, opened in that browser, sends the subscription again. */
    lastConfirmedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastDeliveredAt: timestamp({ withTimezone: true }),
    /** Why it was deactivated (gone, not-found, unconfirmed, unsubscribed); null while active. */
    deactivatedReason: text(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(table.endpoint),
    index("push_subscriptions_user_id_idx").on(table.userId),
  ],
);

/** Server-wide generated secrets kept in the database so every instance shares them (the VAPID key pair). */
export const appSecrets = pgTable("app_secrets", {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's reminder of one kind (dream recall now; memory exercises and oracle practice days later) at a local
 * time of day in the user's timezone. `nextDueAt` is the next firing instant, so the minute's fan-out reads
 * only what is due through an index.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** "HH:MM" on the user's local clock. */
    localTime: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** What the kind needs to word its message (e.g. an oracle consultation id); never dream text. */
    data: jsonb(),
    nextDueAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reminders_user_id_kind_key").on(table.userId, table.kind),
    index("reminders_next_due_at_idx").on(table.nextDueAt).where(sql`${table.enabled}`),
  ],
);

/** One row per reminder and local day: the guarantee that a reminder fires once a day, whatever runs twice. */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reminderId: integer()
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    localDate: date().notNull(),
    /** push, email, or none (nothing was allowed or reachable). */
    channel: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reminder_deliveries_reminder_id_local_date_key").on(table.reminderId, table.localDate),
  ],
);

/**
 * Creating requests sent with an Idempotency-Key: the key, a hash of the request, and what it created. A replay
 * answers from the created row (read again, so no copy of the dream text is kept here).
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    route: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    resourceId: text(),
    statusCode: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("idempotent_requests_user_id_route_key_key").on(table.userId, table.route, table.key),
    index("idempotent_requests_created_at_idx").on(table.createdAt),
  ],
);
