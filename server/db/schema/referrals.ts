import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const referralCodes = pgTable(
  "referral_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text().notNull(),
    /** standard (every user's own code) or affiliate. */
    type: text().notNull().default("standard"),
    status: text().notNull().default("active"),
    expiresAt: timestamp({ withTimezone: true }),
    /** Null means unlimited. */
    maxUses: integer(),
    currentUses: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("referral_codes_code_key").on(table.code),
    index("referral_codes_user_id_idx").on(table.userId),
  ],
);

export const referrals = pgTable(
  "referrals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refereeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referralCodeId: integer()
      .notNull()
      .references(() => referralCodes.id, { onDelete: "cascade" }),
    conversionType: text(),
    conversionDate: timestamp({ withTimezone: true }),
    rewardStatus: text().notNull().default("pending"),
    rewardAmount: numeric({ precision: 12, scale: 2 }),
    premiumMonthsGranted: integer().notNull().default(0),
    stripePaymentIntentId: text(),
    /** Why the conversion earns nothing (same_account | same_email | same_customer | same_card), when it does not. */
    rejectedReason: text(),
    /** When the referee's payment that converted them was refunded inside the refund window. */
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("referrals_referrer_id_idx").on(table.referrerId, table.createdAt.desc()),
    // A person can be referred only once (they sign up once).
    uniqueIndex("referrals_referee_id_key").on(table.refereeId),
    index("referrals_referral_code_id_idx").on(table.referralCodeId),
  ],
);

export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referralId: integer()
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    rewardType: text().notNull(),
    amount: numeric({ precision: 12, scale: 2 }),
    status: text().notNull().default("pending"),
    processedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    modalShown: boolean().notNull().default(false),
    claimedAt: timestamp({ withTimezone: true }),
    /** The provider invoice and payment that earned it: a refund of that payment revokes it. */
    invoiceId: text(),
    paymentRef: text(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("referral_rewards_payment_ref_idx").on(table.paymentRef),
    index("referral_rewards_user_id_status_idx").on(table.userId, table.status),
    // Granting is idempotent: one reward of a kind per referral and beneficiary.
    uniqueIndex("referral_rewards_referral_id_user_id_reward_type_key").on(
      table.referralId,
      table.userId,
      table.rewardType,
    ),
  ],
);

export const referralModalStates = pgTable(
  "referral_modal_states",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pendingReferrerReward: boolean().notNull().default(false),
    pendingRefereeReward: boolean().notNull().default(false),
    lastShownAt: timestamp({ withTimezone: true }),
    dismissedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("referral_modal_states_user_id_key").on(table.userId)],
);

export const affiliateApplications = pgTable(
  "affiliate_applications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationData: jsonb().notNull(),
    status: text().notNull().default("pending"),
    reviewedBy: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewNotes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("affiliate_applications_user_id_idx").on(table.userId, table.createdAt.desc()),
    index("affiliate_applications_status_idx").on(table.status, table.createdAt),
    index("affiliate_applications_reviewed_by_idx").on(table.reviewedBy),
  ],
);

/** Visits through a code's link per day (bots excluded): a counter is fine here, it is not money. */
export const referralClicks = pgTable(
  "referral_clicks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    referralCodeId: integer()
      .notNull()
      .references(() => referralCodes.id, { onDelete: "cascade" }),
    day: date().notNull(),
    clicks: integer().notNull().default(0),
  },
  (table) => [uniqueIndex("referral_clicks_code_day_key").on(table.referralCodeId, table.day)],
);

/** Affiliate payouts, recorded by an admin after paying outside the app (never sent from here). */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    reference: text(),
    note: text(),
    recordedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("affiliate_payouts_affiliate_id_idx").on(table.affiliateId, table.createdAt.desc()),
    index("affiliate_payouts_recorded_by_idx").on(table.recordedBy),
  ],
);

/**
 * The commission ledger: one `commission` entry per paid invoice of a referred customer, and one negative
 * `reversal` entry when that payment is refunded or disputed. Entries are never edited except to attach the
 * payout that covered them; pending / due / paid are derived from `availableAt` and `payoutId`.
 */
export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referralId: integer()
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    invoiceId: text().notNull(),
    paymentRef: text(),
    invoiceAmountCents: integer().notNull(),
    /** Percent with two decimals as basis points (20% = 2000), fixed when earned. */
    rateBasisPoints: integer().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
    /** End of the refund window for a commission; a reversal is available when its commission is. */
    availableAt: timestamp({ withTimezone: true }).notNull(),
    payoutId: integer().references(() => affiliatePayouts.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Exactly once per invoice: a redelivered invoice.paid or refund hits this key.
    uniqueIndex("affiliate_commissions_invoice_id_kind_key").on(table.invoiceId, table.kind),
    index("affiliate_commissions_affiliate_id_idx").on(table.affiliateId, table.earnedAt.desc()),
    index("affiliate_commissions_referral_id_idx").on(table.referralId),
    index("affiliate_commissions_payment_ref_idx").on(table.paymentRef),
    index("affiliate_commissions_payout_id_idx").on(table.payoutId),
  ],
);
