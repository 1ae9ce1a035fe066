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

export const landingPageVariants = pgTable(
  "landing_page_variants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    variantKey: text().notNull(),
    name: text().notNull(),
    title: text(),
    subtitle: text(),
    heroHeadline: text(),
    heroSubheadline: text(),
    primaryCta: text(),
    secondaryCta: text(),
    features: jsonb().notNull().default([]),
    testimonials: jsonb().notNull().default([]),
    socialProof: jsonb(),
    targetKeywords: jsonb().notNull().default([]),
    targetAudience: text(),
    trafficSources: jsonb().notNull().default([]),
    isActive: boolean().notNull().default(false),
    weight: integer().notNull().default(10),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("landing_page_variants_variant_key_key").on(table.variantKey),
    index("landing_page_variants_is_active_idx").on(table.isActive),
  ],
);

/** A visitor's session; `sessionId` is the client-side id, `id` the key other tables reference. */
export const abTestSessions = pgTable(
  "ab_test_sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text().notNull(),
    variantId: integer()
      .notNull()
      .references(() => landingPageVariants.id, { onDelete: "cascade" }),
    ipAddress: text(),
    userAgent: text(),
    referrer: text(),
    trafficSource: text(),
    searchKeywords: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    deviceType: text(),
    browserInfo: jsonb(),
    geolocation: jsonb(),
    isReturningVisitor: boolean().notNull().default(false),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    totalEvents: integer().notNull().default(0),
    maxScrollDepth: integer().notNull().default(0),
    /** Seconds. */
    totalTimeOnSite: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ab_test_sessions_session_id_key").on(table.sessionId),
    index("ab_test_sessions_variant_id_created_at_idx").on(table.variantId, table.createdAt),
  ],
);

export const abTestEvents = pgTable(
  "ab_test_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer()
      .notNull()
      .references(() => abTestSessions.id, { onDelete: "cascade" }),
    eventType: text().notNull(),
    eventData: jsonb(),
    pageUrl: text(),
    elementId: text(),
    elementClass: text(),
    elementText: text(),
    scrollDepth: integer(),
    timeOnPage: integer(),
    viewportWidth: integer(),
    viewportHeight: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ab_test_events_session_id_idx").on(table.sessionId, table.createdAt),
    index("ab_test_events_event_type_created_at_idx").on(table.eventType, table.createdAt),
  ],
);

export const abTestConversions = pgTable(
  "ab_test_conversions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer()
      .notNull()
      .references(() => abTestSessions.id, { onDelete: "cascade" }),
    conversionType: text().notNull(),
    conversionValue: numeric({ precision: 12, scale: 2 }),
    // Set null, not cascade: deleting an account unlinks it but keeps the aggregate statistics.
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    pageView: text(),
    timeToConversion: integer(),
    elementsClicked: jsonb(),
    scrollDepth: integer(),
    timeOnPage: integer(),
    conversionMetadata: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ab_test_conversions_session_id_idx").on(table.sessionId),
    index("ab_test_conversions_user_id_idx").on(table.userId),
    index("ab_test_conversions_type_created_at_idx").on(table.conversionType, table.createdAt),
  ],
);

/** Daily aggregates per variant. */
export const abTestMetrics = pgTable(
  "ab_test_metrics",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer()
      .notNull()
      .references(() => landingPageVariants.id, { onDelete: "cascade" }),
    date: date().notNull(),
    impressions: integer().notNull().default(0),
    uniqueVisitors: integer().notNull().default(0),
    signups: integer().notNull().default(0),
    premiumConversions: integer().notNull().default(0),
    totalRevenue: numeric({ precision: 12, scale: 2 }).notNull().default("0.00"),
    /** Seconds. */
    averageTimeOnPage: numeric({ precision: 10, scale: 2 }).notNull().default("0.00"),
    /** Percent of the page. */
    averageScrollDepth: numeric({ precision: 5, scale: 2 }).notNull().default("0.00"),
    /** Percent. */
    bounceRate: numeric({ precision: 5, scale: 2 }).notNull().default("0.00"),
    trafficSourceBreakdown: jsonb().notNull().default({}),
    keywordPerformance: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("ab_test_metrics_variant_id_date_key").on(table.variantId, table.date)],
);

export const variantPerformanceMetrics = pgTable(
  "variant_performance_metrics",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer()
      .notNull()
      .references(() => landingPageVariants.id, { onDelete: "cascade" }),
    metricType: text().notNull(),
    value: numeric({ precision: 14, scale: 4 }).notNull(),
    /** daily, weekly, monthly... */
    period: text().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("variant_performance_metrics_variant_metric_period_key").on(
      table.variantId,
      table.metricType,
      table.period,
      table.periodStart,
    ),
  ],
);
