import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { referralRewards } from "./referrals";
import { users } from "./users";

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
    /** applied | ignored | unknown-customer: what the event did, for the admin's event list. */
    outcome: text().notNull().default("applied"),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    subscriptionId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("processed_payment_events_provider_event_id_key").on(table.provider, table.eventId),
    index("processed_payment_events_created_at_idx").on(table.createdAt),
  ],
);

/**
 * The provider's subscriptions as last read from the provider (never from an event body), one row per
 * provider subscription. A user is premium while any of theirs is in an entitling status.
 */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text().notNull(),
    status: text().notNull(),
    plan: text(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("billing_subscriptions_user_id_idx").on(table.userId)],
);

// --- The sandbox provider's own records (what Stripe keeps on its side) -------------------------------

export const sandboxCheckoutSessions = pgTable("sandbox_checkout_sessions", {
  id: text().primaryKey(),
  customerId: text().notNull(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text().notNull(),
  status: text().notNull().default("open"),
  trialDays: integer().notNull().default(0),
  /** Attempts made with the "needs a retry" card: the first fails, the next one goes through. */
  retryCardAttempts: integer().notNull().default(0),
  subscriptionId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSubscriptions = pgTable(
  "sandbox_subscriptions",
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text().notNull(),
    status: text().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** Set from the admin test console: the next renewal's payment fails (dunning path). */
    renewalFails: boolean().notNull().default(false),
    /** The fingerprint of the card that pays its renewals (Stripe gives the same one for the same card number). */
    cardFingerprint: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sandbox_subscriptions_period_end_idx").on(table.currentPeriodEnd)],
);

export const sandboxInvoices = pgTable(
  "sandbox_invoices",
  {
    id: text().primaryKey(),
    number: text().notNull(),
    customerId: text().notNull(),
    subscriptionId: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    /** The payment of a paid invoice (a payment intent id) and the card's fingerprint. */
    paymentRef: text(),
    cardFingerprint: text(),
    amountRefundedCents: integer().notNull().default(0),
    disputed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sandbox_invoices_customer_id_idx").on(table.customerId),
    index("sandbox_invoices_payment_ref_idx").on(table.paymentRef),
  ],
);

/** Every event the sandbox emitted, signed payload included, so an admin can replay a delivery. */
export const sandboxEvents = pgTable("sandbox_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  payload: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fingerprints of the cards a user has paid with, from the provider's paid invoices: a referee paying with a
 * card their referrer used is a self-referral.
 */
export const paymentCards = pgTable(
  "payment_cards",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    fingerprint: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_cards_user_id_provider_fingerprint_key").on(
      table.userId,
      table.provider,
      table.fingerprint,
    ),
    index("payment_cards_provider_fingerprint_idx").on(table.provider, table.fingerprint),
  ],
);

/**
 * Premium granted by CHITTA for a span of time (a claimed referral month, when no subscription runs to extend).
 * The tier is premium while an entitling subscription or an unrevoked grant covers now.
 */
export const premiumGrants = pgTable(
  "premium_grants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The referral reward claimed for it (one grant per reward). */
    rewardId: integer()
      .notNull()
      .references(() => referralRewards.id, { onDelete: "cascade" }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the month went to a running subscription (its renewal moved later) instead of a grant span. */
    subscriptionId: text(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("premium_grants_reward_id_key").on(table.rewardId),
    index("premium_grants_user_id_ends_at_idx").on(table.userId, table.endsAt),
    index("premium_grants_ends_at_idx").on(table.endsAt),
  ],
);
