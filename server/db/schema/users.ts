import { sql } from "drizzle-orm";
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
import { FREE_ORACLE_CONSULTATIONS, FREE_TRANSLATIONS_PER_DAY } from "../../../contract/constants";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    /**
     * The username's confusable skeleton (UTS #39 over NFKC, case-folded): `Ａlice` and Cyrillic `аlice` share
     * `alice`'s, so a look-alike of an existing name is refused.
     */
    usernameSkeleton: text(),
    /** argon2id hash; null for accounts created through an identity provider. */
    password: text(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    subscriptionTier: text().notNull().default("free"),
    translationsUsed: integer().notNull().default(0),
    translationsLimit: integer().notNull().default(FREE_TRANSLATIONS_PER_DAY),
    translationsResetDate: timestamp({ withTimezone: true }),
    /**
     * The local calendar day the current translation count belongs to, in the zone in force when it started.
     * A new count never starts on the same or an earlier day, so moving west cannot reopen the window early.
     */
    translationsDay: date(),
    oracleUsed: integer().notNull().default(0),
    oracleLimit: integer().notNull().default(FREE_ORACLE_CONSULTATIONS),
    oracleResetDate: timestamp({ withTimezone: true }),
    dreamInterpretationsCount: integer().notNull().default(0),
    firstDreamDate: timestamp({ withTimezone: true }),
    lastDreamDate: timestamp({ withTimezone: true }),
    totalDreamSymbolsFound: integer().notNull().default(0),
    exercisesCompleted: integer().notNull().default(0),
    currentStreak: integer().notNull().default(0),
    longestStreak: integer().notNull().default(0),
    lastExerciseDate: timestamp({ withTimezone: true }),
    totalExerciseMinutes: integer().notNull().default(0),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    hasUnlimitedAccess: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    auth0Id: text(),
    authProvider: text().notNull().default("local"),
    emailVerified: boolean().notNull().default(false),
    pictureUrl: text(),
    accountStatus: text().notNull().default("pending"),
    messagingOptIn: boolean().notNull().default(true),
    emailNotifications: boolean().notNull().default(true),
    pushNotifications: boolean().notNull().default(false),
    /** Local "HH:MM" window in which no reminder is sent (postponed to its end); both null when unset. */
    quietHoursStart: text(),
    quietHoursEnd: text(),
    /** Interface and mail language: en or es. */
    language: text().notNull().default("en"),
    referralCode: text(),
    referredBy: integer(),
    affiliateStatus: text().notNull().default("inactive"),
    affiliateTier: text(),
    affiliateCommissionRate: numeric({ precision: 5, scale: 2 }),
    totalCommissionEarned: numeric({ precision: 12, scale: 2 }).notNull().default("0.00"),
    timezone: text().notNull().default("UTC"),
    timezoneOffset: integer(),
    birthDate: date(),
    birthTime: text(),
    birthLocation: text(),
    natalChartData: jsonb(),
    natalChartCalculatedAt: timestamp({ withTimezone: true }),
    natalChartApiCalls: integer().notNull().default(0),
    /** When the user closed the welcome modal: kept on the account so it does not come back on another device or after a logout. */
    welcomeSeenAt: timestamp({ withTimezone: true }),
    /** When the user finished or skipped the first-time tutorial (same reason). */
    tutorialSeenAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`),
    uniqueIndex("users_username_skeleton_key").on(table.usernameSkeleton),
    uniqueIndex("users_auth0_id_key").on(table.auth0Id),
    uniqueIndex("users_referral_code_key").on(table.referralCode),
    index("users_referred_by_idx").on(table.referredBy),
    index("users_stripe_customer_id_idx").on(table.stripeCustomerId),
  ],
);

/** Server-side sessions: the cookie holds a random token, the database only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ipAddress: text(),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
  ],
);

const tokenColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  token: text().notNull(),
  /**
   * The address the token was mailed to (for a revert token: the address to restore). A token works only while
   * it still names the account's address, so changing the email voids every link mailed before.
   */
  email: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  used: boolean().notNull().default(false),
});

export const verificationTokens = pgTable("verification_tokens", tokenColumns(), (table) => [
  uniqueIndex("verification_tokens_token_key").on(table.token),
  index("verification_tokens_user_id_idx").on(table.userId),
]);

export const passwordResetTokens = pgTable("password_reset_tokens", tokenColumns(), (table) => [
  uniqueIndex("password_reset_tokens_token_key").on(table.token),
  index("password_reset_tokens_user_id_idx").on(table.userId),
]);

/**
 * Mailed to the old address when the email changes: opening it puts the old address back (verified, since the
 * mail reached it), signs every session out and voids the other links, undoing a takeover by a stolen session.
 */
export const emailRevertTokens = pgTable("email_revert_tokens", tokenColumns(), (table) => [
  uniqueIndex("email_revert_tokens_token_key").on(table.token),
  index("email_revert_tokens_user_id_idx").on(table.userId),
]);

/** External identities (OIDC), keyed on issuer + subject. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("user_identities_issuer_subject_key").on(table.issuer, table.subject),
    index("user_identities_user_id_idx").on(table.userId),
  ],
);

/**
 * Throttle ledger for limits that must hold across processes and restarts
 * (failed logins per account, reset and resend mails per address).
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_attempts_kind_subject_created_idx").on(table.kind, table.subject, table.createdAt)],
);
