/**
 * The oracle's plain values, free of zod so the web pages can import them without pulling the schema library into
 * their chunks (see billing-constants.ts). The schemas in oracle.ts are built from these.
 */

/** Spec section 5: a challenge shorter than this is refused ('validation.oracleChallengeMin'). */
export const ORACLE_CHALLENGE_MIN = 50;
export const ORACLE_CHALLENGE_MAX = 3000;
/** Spec "Oracle practice length". */
export const ORACLE_PRACTICE_DAYS = 10;
/** decisions.md "Oracle": a follow-up earlier than day 10 needs at least this many journal entries. */
export const ORACLE_FOLLOWUP_MIN_ENTRIES = 3;
/** Births before this date are refused: the timezone history and the ephemeris are not trusted earlier. */
export const EARLIEST_BIRTH_DATE = "1800-01-01";
/** Within this many degrees of a sign's edge a position is reported as on the cusp. */
export const CUSP_DEGREES = 1;
export const ORACLE_TEXT_MAX = 2000;
export const ORACLE_JOURNAL_TEXT_MAX = 5000;

/** Lowercase English keys; pages show them translated (locale key `oracle.signs.<key>`). */
export const zodiacSigns = [
  "aries",
  "taurus",
  "gemini",
  "cancer",
  "leo",
  "virgo",
  "libra",
  "scorpio",
  "sagittarius",
  "capricorn",
  "aquarius",
  "pisces",
] as const;
export type ZodiacSign = (typeof zodiacSigns)[number];

export const practiceTimes = ["morning", "afternoon", "evening", "night", "flexible"] as const;
/** How often the user can practise: sizes the 10-day plan (practice days vs lighter reflection days). */
export const practiceFrequencies = ["daily", "most-days", "few-days"] as const;
export const experienceLevels = ["beginner", "intermediate", "advanced"] as const;
export const DEFAULT_PRACTICE_MINUTES = 15;
export const PRACTICE_MINUTES_MIN = 5;
export const PRACTICE_MINUTES_MAX = 120;

/** Journal entries: mood before and after the practice, and how the practice went. */
export const MOOD_MIN = 1;
export const MOOD_MAX = 10;
export const PRACTICE_RATING_MIN = 1;
export const PRACTICE_RATING_MAX = 5;

export const natalBodies = ["sun", "moon", "ascendant"] as const;

/** Spec "Oracle flow": the real steps the server reports, in order, with their percent. */
export const oracleSteps = [
  "initiating",
  "reading-challenge",
  "consulting-profile",
  "reviewing-dreams",
  "choosing-practice",
  "writing-plan",
  "complete",
] as const;
export type OracleStep = (typeof oracleSteps)[number];
export const oracleStepPercent: Record<OracleStep, number> = {
  initiating: 5,
  "reading-challenge": 20,
  "consulting-profile": 40,
  "reviewing-dreams": 55,
  "choosing-practice": 70,
  "writing-plan": 85,
  complete: 100,
};
export const consultationStatuses = ["processing", "complete", "failed"] as const;
