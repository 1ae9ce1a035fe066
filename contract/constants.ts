/**
 * Plain values of the contract, without zod, so the web pages can import them without pulling the schema
 * library into their chunks. The schemas in dreams.ts and symbols.ts are built from these.
 */

export const DREAM_MIN_LENGTH = 20;
export const DREAM_MAX_LENGTH = 5000;
/** decisions.md "Free tier and plans": dream translations a free account gets per local day. */
export const FREE_TRANSLATIONS_PER_DAY = 3;
/** decisions.md "Free tier and plans": oracle consultations a free account gets per FREE_ORACLE_WINDOW_DAYS. */
export const FREE_ORACLE_CONSULTATIONS = 1;
export const FREE_ORACLE_WINDOW_DAYS = 30;
/**
 * The most dreams one journal holds (saving and importing stop there): about 55 years of a dream a night, and a
 * bound on what one export or import has to move.
 */
export const MAX_JOURNAL_DREAMS = 20_000;
/** Row ids are PostgreSQL `integer`s: a larger id names no row, and the database would refuse the query. */
export const MAX_ROW_ID = 2_147_483_647;

/** Spec section 3: the categories offered for a dream. */
export const dreamCategories = [
  "lucid",
  "recurring",
  "nightmare",
  "light",
  "dark",
  "visitation",
  "precognitive",
] as const;
export type DreamCategory = (typeof dreamCategories)[number];

/** The lexicon's symbol categories. */
export const symbolCategories = [
  "nature",
  "animal",
  "people",
  "spiritual",
  "body",
  "action",
  "event",
  "place",
  "object",
  "emotion",
  "color",
  "number",
  "abstract",
] as const;
export type SymbolCategory = (typeof symbolCategories)[number];

/** Why the matcher set a candidate reading aside (the admin debug trace shows these). */
export const dropReasons = [
  "idiom",
  "context",
  "longer-match",
  "absent",
  "negated",
  "comparison",
  "exclamation",
  "not-real",
  "name",
  "refers-back",
] as const;
export type DropReason = (typeof dropReasons)[number];

/** Where a word users reported as a missing symbol stands in the admin queue. */
export const missingSymbolStatuses = ["pending", "added", "dismissed"] as const;
export type MissingSymbolStatus = (typeof missingSymbolStatuses)[number];

/** A lexicon symbol's key: 2 to 60 lower-case letters, digits or underscores. */
export const SYMBOL_KEY_PATTERN = /^[a-z0-9_]{2,60}$/;
