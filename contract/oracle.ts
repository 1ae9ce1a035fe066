import { z } from "zod";
import { languageSchema } from "./accounts";
import {
  consultationStatuses,
  experienceLevels,
  MOOD_MAX,
  MOOD_MIN,
  natalBodies,
  ORACLE_CHALLENGE_MAX,
  ORACLE_CHALLENGE_MIN,
  ORACLE_JOURNAL_TEXT_MAX,
  ORACLE_PRACTICE_DAYS,
  ORACLE_TEXT_MAX,
  oracleSteps,
  PRACTICE_MINUTES_MAX,
  PRACTICE_MINUTES_MIN,
  PRACTICE_RATING_MAX,
  PRACTICE_RATING_MIN,
  practiceFrequencies,
  practiceTimes,
  zodiacSigns,
} from "./oracle-constants";
import { localTimeSchema } from "./reminders";

/** The plain values (no zod) live in oracle-constants.ts, which the web imports; re-exported for the server. */
export * from "./oracle-constants";

export const zodiacSignSchema = z.enum(zodiacSigns);

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "validation.date" })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: "validation.date",
    },
  );

const optionalText = z.string().trim().max(ORACLE_TEXT_MAX).nullable().optional();

/** A place of the offline gazetteer (GeoNames cities of 15,000+ people). */
export const birthPlaceSchema = z.object({
  /** Stable gazetteer id (GeoNames id): pass as `birthPlaceId` to choose among namesakes. */
  id: z.number().int(),
  /** The name in the asked language when the gazetteer has one, else its usual name. */
  name: z.string(),
  /** ISO 3166-1 alpha-2; pages show the country's name with Intl.DisplayNames. */
  countryCode: z.string(),
  /** First-level division (state, province) when the gazetteer names it, e.g. "NY"; null otherwise. */
  region: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA timezone. */
  timezone: z.string(),
  population: z.number().int(),
});
export type BirthPlace = z.infer<typeof birthPlaceSchema>;

/** GET /api/oracle/places?q=&lang= : suggestions while typing the birth place. */
export const placeSearchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(120),
    lang: languageSchema.optional(),
    limit: z.coerce.number().int().min(1).max(20).default(8),
  })
  .strict();
export const placeSearchResponseSchema = z.object({ places: z.array(birthPlaceSchema) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;

/** PUT /api/oracle/profile. Only birthDate and birthLocation are required. */
export const updateOracleProfileBodySchema = z
  .object({
    birthDate: calendarDate,
    /** Local clock time at the birth place; absent or null when unknown (no ascendant then). */
    birthTime: localTimeSchema.nullable().optional(),
    /** What the user typed ("Nueva York", "London, CA"); resolved through the gazetteer. */
    birthLocation: z.string().trim().min(1).max(200),
    /** The suggestion the user picked; wins over the typed text when present. */
    birthPlaceId: z.number().int().positive().optional(),
    dailyPracticeMinutes: z.number().int().min(PRACTICE_MINUTES_MIN).max(PRACTICE_MINUTES_MAX).optional(),
    preferredPracticeTime: z.enum(practiceTimes).optional(),
    practiceFrequency: z.enum(practiceFrequencies).optional(),
    experienceLevel: z.enum(experienceLevels).optional(),
    currentChallenges: optionalText,
    spiritualGoals: optionalText,
  })
  .strict();
export type UpdateOracleProfileBody = z.infer<typeof updateOracleProfileBodySchema>;

export const natalChartSchema = z.object({
  /** Ecliptic longitudes of date, degrees 0-360 (ascendant null without a birth time). */
  sunLongitude: z.number(),
  moonLongitude: z.number(),
  ascendantLongitude: z.number().nullable(),
  /** Birth instant in UTC (noon local when the time is unknown). */
  birthInstant: z.string(),
  /** The offset from UTC used at the birth place and date, minutes east. */
  utcOffsetMinutes: z.number(),
  /** True when the date predates standard time there: local mean time from the longitude was used. */
  localMeanTime: z.boolean(),
  /** Without a birth time the moon can change sign during the day: both signs are given. */
  moonUncertain: z.boolean(),
  moonSignsThatDay: z.array(zodiacSignSchema),
  /** Bodies within CUSP_DEGREES of a sign edge, and the neighbouring sign. */
  cusps: z.array(z.object({ body: z.enum(natalBodies), neighbour: zodiacSignSchema, degrees: z.number() })),
});
export type NatalChart = z.infer<typeof natalChartSchema>;

export const oracleProfileSchema = z.object({
  /** True once birth date and place are set (a consultation needs them). */
  complete: z.boolean(),
  birthDate: z.string().nullable(),
  birthTime: z.string().nullable(),
  birthLocation: z.string().nullable(),
  birthPlace: birthPlaceSchema.nullable(),
  sunSign: zodiacSignSchema.nullable(),
  moonSign: zodiacSignSchema.nullable(),
  ascendantSign: zodiacSignSchema.nullable(),
  natal: natalChartSchema.nullable(),
  dailyPracticeMinutes: z.number().int(),
  preferredPracticeTime: z.enum(practiceTimes),
  practiceFrequency: z.enum(practiceFrequencies),
  experienceLevel: z.enum(experienceLevels),
  currentChallenges: z.string().nullable(),
  spiritualGoals: z.string().nullable(),
});
export type OracleProfile = z.infer<typeof oracleProfileSchema>;

export const oraclePlanDaySchema = z.object({
  day: z.number().int().min(1).max(ORACLE_PRACTICE_DAYS),
  /** practice: the exercise itself; reflection: a lighter day (frequency below daily). */
  kind: z.enum(["practice", "reflection"]),
  title: z.string(),
  task: z.string(),
  minutes: z.number().int(),
});

/** `oracleResponse`: the reading, in the language the challenge was written in. */
export const oracleReadingSchema = z.object({
  language: languageSchema,
  /** Paragraphs of the message. */
  message: z.array(z.string()),
  themes: z.array(z.object({ key: z.string(), name: z.string(), description: z.string() })),
  /** Symbols the dream engine found in the challenge. */
  symbols: z.array(z.object({ key: z.string(), name: z.string() })),
  /** The user's recurring dream symbols that bear on the challenge (never dream text). */
  dreamEchoes: z.array(z.object({ key: z.string(), name: z.string(), count: z.number().int() })),
  /** One sentence on the strongest echo, kept out of `message` so a shared reading can leave the journal out. */
  echoNote: z.string().nullable(),
  /** One sentence on the signs, or null without a profile's signs. */
  signsNote: z.string().nullable(),
  exercise: z.object({
    /** Technique id in the library: "<themeKey>:<index>". */
    id: z.string(),
    name: z.string(),
    description: z.string(),
    instructions: z.array(z.string()),
    minutes: z.number().int(),
  }),
  plan: z.array(oraclePlanDaySchema).length(ORACLE_PRACTICE_DAYS),
  closing: z.string(),
  /** composer: the deterministic composer; model: phrased by the AI model and checked. */
  source: z.enum(["composer", "model"]),
});
export type OracleReading = z.infer<typeof oracleReadingSchema>;

export const moodSchema = z.number().int().min(MOOD_MIN).max(MOOD_MAX);
export const practiceRatingSchema = z.number().int().min(PRACTICE_RATING_MIN).max(PRACTICE_RATING_MAX);

/** POST /api/oracle/consultations/:id/journal: today's entry (the user's local day); again the same day edits it. */
export const journalEntryBodySchema = z
  .object({
    journalEntry: z.string().trim().min(1).max(ORACLE_JOURNAL_TEXT_MAX),
    exerciseImplemented: z.boolean(),
    insights: z.string().trim().max(ORACLE_TEXT_MAX).nullable().optional(),
    challenges: z.string().trim().max(ORACLE_TEXT_MAX).nullable().optional(),
    moodBefore: moodSchema.nullable().optional(),
    moodAfter: moodSchema.nullable().optional(),
    practiceRating: practiceRatingSchema.nullable().optional(),
    nextSteps: z.string().trim().max(ORACLE_TEXT_MAX).nullable().optional(),
  })
  .strict();
export type JournalEntryBody = z.infer<typeof journalEntryBodySchema>;

export const journalEntrySchema = z.object({
  entryNumber: z.number().int().min(1).max(ORACLE_PRACTICE_DAYS),
  /** The user's local day, YYYY-MM-DD. */
  practiceDate: z.string(),
  journalEntry: z.string(),
  exerciseImplemented: z.boolean(),
  insights: z.string().nullable(),
  challenges: z.string().nullable(),
  moodBefore: z.number().int().nullable(),
  moodAfter: z.number().int().nullable(),
  practiceRating: z.number().int().nullable(),
  nextSteps: z.string().nullable(),
  /** Only today's entry can still be edited. */
  editable: z.boolean(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const practiceJournalSchema = z.object({
  entries: z.array(journalEntrySchema),
  /** Today's local date, and the entry number today's entry has (or would have); null after day 10. */
  today: z.string(),
  todayEntryNumber: z.number().int().nullable(),
  /** The practice day by the calendar (1 on the consultation's day), may exceed 10. */
  calendarDay: z.number().int(),
  canFollowUp: z.boolean(),
});
export type PracticeJournal = z.infer<typeof practiceJournalSchema>;

export const followUpSchema = z.object({
  id: z.string(),
  journalEntriesCount: z.number().int(),
  practiceAnalysis: z.string(),
  progressAssessment: z.string(),
  evolutionInsights: z.string(),
  nextPhaseGuidance: z.string(),
  completionDate: z.string(),
  /** Figures the texts were written from. */
  figures: z.object({
    averageMoodBefore: z.number().nullable(),
    averageMoodAfter: z.number().nullable(),
    adherencePercent: z.number().int(),
    averageRating: z.number().nullable(),
  }),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const consultationSchema = z.object({
  id: z.string(),
  status: z.enum(consultationStatuses),
  step: z.enum(oracleSteps),
  percent: z.number().int().min(0).max(100),
  challenge: z.string(),
  createdAt: z.string(),
  reading: oracleReadingSchema.nullable(),
  journalEntriesCount: z.number().int(),
  practiceCompleted: z.boolean(),
  followUp: followUpSchema.nullable(),
  /** The public link's path (/share/oracle/<token>) while shared. */
  sharePath: z.string().nullable(),
});
export type Consultation = z.infer<typeof consultationSchema>;

export const createConsultationBodySchema = z
  .object({
    challenge: z
      .string()
      .trim()
      .min(ORACLE_CHALLENGE_MIN, { message: "validation.oracleChallengeMin" })
      .max(ORACLE_CHALLENGE_MAX, { message: "validation.oracleChallengeMax" }),
  })
  .strict();
export type CreateConsultationBody = z.infer<typeof createConsultationBodySchema>;

export const consultationIdParamsSchema = z
  .object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) })
  .strict();

export const listConsultationsQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

export const consultationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(consultationStatuses),
  createdAt: z.string(),
  challenge: z.string(),
  themes: z.array(z.string()),
  exerciseName: z.string().nullable(),
  journalEntriesCount: z.number().int(),
  hasFollowUp: z.boolean(),
  shared: z.boolean(),
});
export const consultationPageSchema = z.object({
  consultations: z.array(consultationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConsultationPage = z.infer<typeof consultationPageSchema>;

export const shareResponseSchema = z.object({ sharePath: z.string() });
/** Share tokens: 32 random bytes, base64url (256 bits). */
export const shareTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict();
/** GET /api/share/oracle/:token: the reading only; no username, birth data or journal. */
export const sharedReadingSchema = z.object({ createdAt: z.string(), reading: oracleReadingSchema });
export type SharedReading = z.infer<typeof sharedReadingSchema>;
