import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const dreams = pgTable(
  "dreams",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    content: text().notNull(),
    /** Null when the dream was saved without a translation. */
    translation: text(),
    /** The recognised symbols as shown with the translation (key, name, trigger words...). */
    recognizedSymbols: jsonb().notNull().default([]),
    isPremiumTranslation: boolean().notNull().default(false),
    /**
     * Saved, edited or imported past the free daily limit: the symbols' keys and names are kept (search,
     * filters, insights) but not their meanings, until the dream is translated.
     */
    meaningsWithheld: boolean().notNull().default(false),
    /**
     * What the dream page shows beside the translation (contract ReadingInfo: short version, central symbols,
     * feelings, care); null when saved without meanings or before readings carried it.
     */
    reading: jsonb(),
    /** lucid, recurring, nightmare, light, dark, visitation, precognitive; null when none was chosen. */
    category: text(),
    /** The client may send null; it is stored as an empty array so the GIN index covers every row. */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Language the dream is written in (en or es), when known. */
    language: text(),
    /**
     * Full-text search in both languages: every word stemmed the English and the Spanish way, kept with the
     * row so a search can walk the journal newest-first and test each dream cheaply.
     */
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('english', title || ' ' || content) || to_tsvector('spanish', title || ' ' || content)`,
    ),
    /** Keys of the symbols the engine recognises in the content: search and filters use them. */
    symbolKeys: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("dreams_user_id_created_at_id_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("dreams_symbol_keys_idx").using("gin", table.symbolKeys),
    index("dreams_search_idx").using("gin", table.searchVector),
    index("dreams_category_idx").on(table.category),
    index("dreams_tags_idx").using("gin", table.tags),
  ],
);

/** The bilingual symbol lexicon; admins edit it at runtime (symbol management). */
/**
 * A journal import, run off the request in a worker thread: its progress is polled by the page that started it.
 * status: running, done or failed (errorKey says why, as a message key).
 */
export const dreamImports = pgTable(
  "dream_imports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text().notNull().default("running"),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    errorKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index("dream_imports_user_id_idx").on(table.userId, table.createdAt)],
);

export const dreamSymbols = pgTable(
  "dream_symbols",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stable, language-neutral key (e.g. "snake"), the id the matcher and the evaluation use. */
    key: text().notNull(),
    name: text().notNull(),
    nameEs: text(),
    description: text().notNull(),
    descriptionEs: text(),
    category: text().notNull().default("General"),
    extendedDescription: text(),
    extendedDescriptionEs: text(),
    isCommon: boolean().notNull().default(false),
    isVital: boolean().notNull().default(false),
    deeperInsight: text(),
    deeperInsightEs: text(),
    variations: text().array().notNull().default(sql`'{}'::text[]`),
    variationsEs: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * Set once an administrator creates or edits the symbol: such rows override the shipped lexicon files;
     * the others are refreshed from the files on every start.
     */
    editedByAdmin: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("dream_symbols_key_key").on(table.key),
    uniqueIndex("dream_symbols_name_lower_key").on(sql`lower(${table.name})`),
    index("dream_symbols_category_idx").on(table.category),
  ],
);

/** Symbols users reported as missed; one row per symbol, `count` counts the reports. */
export const missingSymbols = pgTable(
  "missing_symbols",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    symbol: text().notNull(),
    count: integer().notNull().default(1),
    lastReported: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last reporter; kept nullable so a deleted account leaves the report in the queue. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    processed: boolean().notNull().default(false),
    status: text().notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("missing_symbols_symbol_lower_key").on(sql`lower(${table.symbol})`),
    index("missing_symbols_status_idx").on(table.status, table.lastReported.desc()),
    index("missing_symbols_user_id_idx").on(table.userId),
  ],
);

export const symbolVariations = pgTable(
  "symbol_variations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    variation: text().notNull(),
    symbolId: integer()
      .notNull()
      .references(() => dreamSymbols.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("symbol_variations_symbol_id_variation_lower_key").on(
      table.symbolId,
      sql`lower(${table.variation})`,
    ),
    index("symbol_variations_variation_lower_idx").on(sql`lower(${table.variation})`),
  ],
);

export const celebrities = pgTable(
  "celebrities",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    category: text().notNull().default("Person"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("celebrities_name_key").on(table.name)],
);

export const combinedSymbols = pgTable(
  "combined_symbols",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    category: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("combined_symbols_name_lower_idx").on(sql`lower(${table.name})`)],
);

export const personalSymbols = pgTable(
  "personal_symbols",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    category: text().notNull().default("Personal"),
    frequency: integer().notNull().default(0),
    emotionalImpact: text(),
    personalContext: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // One entry per symbol name and user: a repeat bumps `frequency` instead of adding a row.
    uniqueIndex("personal_symbols_user_id_name_lower_key").on(table.userId, sql`lower(${table.name})`),
    index("personal_symbols_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
  ],
);

/** Per-user analytics over a period, computed from the journal. */
export const dreamAnalytics = pgTable(
  "dream_analytics",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    dreamCount: integer().notNull().default(0),
    topSymbols: jsonb().notNull().default([]),
    topCategories: jsonb().notNull().default([]),
    emotionalTrends: jsonb().notNull().default({}),
    recurringThemes: jsonb().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("dream_analytics_user_id_period_key").on(table.userId, table.periodStart, table.periodEnd),
  ],
);

/** Theme library used by the oracle: themes, their insights and their practice techniques. */
export const dreamThemes = pgTable(
  "dream_themes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    name: text().notNull(),
    description: text(),
    category: text(),
    symbolKeywords: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("dream_themes_key_key").on(table.key),
    uniqueIndex("dream_themes_name_key").on(table.name),
  ],
);

export const themeInsights = pgTable(
  "theme_insights",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    themeId: integer()
      .notNull()
      .references(() => dreamThemes.id, { onDelete: "cascade" }),
    insightText: text().notNull(),
    insightType: text(),
    orderIndex: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("theme_insights_theme_id_order_idx").on(table.themeId, table.orderIndex)],
);

export const themeTechniques = pgTable(
  "theme_techniques",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    themeId: integer()
      .notNull()
      .references(() => dreamThemes.id, { onDelete: "cascade" }),
    techniqueName: text().notNull(),
    techniqueDescription: text(),
    practiceInstructions: text(),
    orderIndex: integer().notNull().default(0),
    isPremium: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("theme_techniques_theme_id_order_idx").on(table.themeId, table.orderIndex)],
);
