import { z } from "zod";
import { boundedArray } from "./bounded-array";
import {
  DREAM_MAX_LENGTH,
  DREAM_MIN_LENGTH,
  dreamCategories,
  MAX_JOURNAL_DREAMS,
  MAX_ROW_ID,
} from "./constants";
import { readingInfoSchema } from "./reading";

export {
  DREAM_MAX_LENGTH,
  DREAM_MIN_LENGTH,
  type DreamCategory,
  dreamCategories,
  FREE_TRANSLATIONS_PER_DAY,
  MAX_JOURNAL_DREAMS,
} from "./constants";

export const dreamCategorySchema = z.enum(dreamCategories);

export const dreamContentSchema = z
  .string()
  .trim()
  .min(DREAM_MIN_LENGTH, { message: "validation.dreamTooShort" })
  .max(DREAM_MAX_LENGTH, { message: "validation.dreamTooLong" });

/** The words of the dream that made the engine recognise a symbol (character offsets into the content). */
export const evidenceSchema = z.object({ start: z.number().int(), end: z.number().int(), text: z.string() });

export const recognizedSymbolSchema = z.object({
  key: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  evidence: z.array(evidenceSchema),
  details: z.array(z.string()).optional(),
});
export type RecognizedSymbol = z.infer<typeof recognizedSymbolSchema>;

/** Spec section 7. `userId` and `isPremium` are accepted for compatibility; the session decides both. */
export const translateDreamBodySchema = z
  .object({
    content: dreamContentSchema,
    userId: z.number().int().nullish(),
    isPremium: z.boolean().optional(),
    isUltraSimplified: z.boolean().optional(),
    /** When the client sent it (ISO 8601); informational. */
    timestamp: z.string().max(64).optional(),
    category: dreamCategorySchema.nullish(),
  })
  .strict();
export type TranslateDreamBody = z.infer<typeof translateDreamBodySchema>;

export const translateDreamResponseSchema = z.object({
  success: z.literal(true),
  translation: z.string(),
  symbols: z.array(recognizedSymbolSchema),
  isPremiumTranslation: z.boolean(),
  language: z.enum(["en", "es", "mixed"]),
  themes: z.array(z.string()),
  translationsUsed: z.number().int(),
  /** Null for premium users (no limit). */
  translationsRemaining: z.number().int().nullable(),
  /**
   * Send it back when saving or editing this very text (`translationReceipt`) so the journal keeps the symbols'
   * meanings without counting another translation. Bound to the user and the exact content; valid 24 hours.
   */
  translationReceipt: z.string(),
  /** The short version, the symbols that carry the dream (the list is ordered most central first) and care. */
  reading: readingInfoSchema,
});
export type TranslateDreamResponse = z.infer<typeof translateDreamResponseSchema>;

const tagSchema = z.string().trim().min(1).max(40);
const translationReceiptSchema = z.string().max(64);
export const tagsSchema = boundedArray(tagSchema, 20);

/** Spec section 7: recognizedSymbols arrives as a JSON string from the observed client; an array is fine too. */
export const saveDreamBodySchema = z
  .object({
    userId: z.number().int().nullish(),
    title: z.string().trim().max(200).nullish(),
    content: dreamContentSchema,
    translation: z.string().max(50_000).nullish(),
    recognizedSymbols: z
      .union([z.string().max(200_000), boundedArray(recognizedSymbolSchema, 500)])
      .nullish(),
    isPremiumTranslation: z.boolean().optional(),
    category: dreamCategorySchema.nullish(),
    tags: tagsSchema.nullish(),
    /** From the translation of this very content; without it a free user's symbols are saved without meanings. */
    translationReceipt: translationReceiptSchema.nullish(),
  })
  .strict();
export type SaveDreamBody = z.infer<typeof saveDreamBodySchema>;

export const updateDreamBodySchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    content: dreamContentSchema.optional(),
    translation: z.string().max(50_000).nullable().optional(),
    category: dreamCategorySchema.nullable().optional(),
    tags: tagsSchema.optional(),
    /** From the translation of the new content or, without `content`, of the stored one: keeps the meanings. */
    translationReceipt: translationReceiptSchema.optional(),
  })
  .strict();
export type UpdateDreamBody = z.infer<typeof updateDreamBodySchema>;

export const dreamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  translation: z.string().nullable(),
  recognizedSymbols: z.array(recognizedSymbolSchema),
  isPremiumTranslation: z.boolean(),
  /** Stored without a translation on the free plan: the symbols have no meanings until the dream is translated. */
  meaningsWithheld: z.boolean(),
  /** Kept with a translated dream; null for a dream saved without a translation or before readings had it. */
  reading: readingInfoSchema.nullable(),
  category: dreamCategorySchema.nullable(),
  tags: z.array(z.string()),
  language: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dream = z.infer<typeof dreamSchema>;

export const dreamIdParamsSchema = z
  .object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) })
  .strict();

/**
 * The moments a dream can carry. Outside them the database stores the date but it reads back wrong: years below
 * 100 come back as 19xx/20xx or as an invalid date (which made the whole journal unreadable), and offsets can push
 * 9999-12-31 into year 10000 or 0001-01-01 to before Christ, where the database refuses to compare with them.
 */
export const EARLIEST_DREAM_MS = Date.UTC(1900, 0, 1);
export const LATEST_DREAM_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** True for a date (or date-time) within the moments a dream can carry. */
export function isDreamMoment(value: string): boolean {
  const ms = Date.parse(value);
  return ms >= EARLIEST_DREAM_MS && ms <= LATEST_DREAM_MS;
}

const isoDate = z.string().datetime({ offset: true }).or(z.string().date()).refine(isDreamMoment);

export const listDreamsQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    category: dreamCategorySchema.optional(),
    tag: z.string().trim().max(40).optional(),
    symbol: z.string().trim().max(60).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type ListDreamsQuery = z.infer<typeof listDreamsQuerySchema>;

export const dreamPageSchema = z.object({
  dreams: z.array(dreamSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DreamPage = z.infer<typeof dreamPageSchema>;

export const saveDreamResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dream: dreamSchema,
});

// --- Export and import ----------------------------------------------------------------------------------

export const JOURNAL_FORMAT = "chitta-journal";
/**
 * Saving or editing a dream carries its text, the translation (up to 50,000 characters) and the symbols as the
 * spec's client sends them (a JSON string of up to 200,000): those routes take bodies up to this size.
 */
export const DREAM_BODY_LIMIT = 1024 * 1024;
/**
 * A whole journal can be large: the import route alone accepts bodies up to this size. An export carries each
 * dream's symbols too (5,600 dreams of 4,800 characters export to 32 MB), and must import again.
 */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

export const exportQuerySchema = z.object({ format: z.enum(["json", "markdown"]).default("json") }).strict();

export const exportedDreamSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(DREAM_MAX_LENGTH),
    translation: z.string().max(50_000).nullable(),
    recognizedSymbols: z.array(recognizedSymbolSchema).max(500).optional(),
    isPremiumTranslation: z.boolean().optional(),
    category: dreamCategorySchema.nullable(),
    tags: tagsSchema,
    language: z.enum(["en", "es"]).nullable().optional(),
    createdAt: z.string().datetime({ offset: true }).refine(isDreamMoment),
  })
  .strip();

export const journalExportSchema = z
  .object({
    format: z.enum([JOURNAL_FORMAT]),
    version: z.number().int().min(1).max(1),
    exportedAt: z.string().max(64),
    dreams: z.array(exportedDreamSchema).max(MAX_JOURNAL_DREAMS),
  })
  .strict();
export type JournalExport = z.infer<typeof journalExportSchema>;

/** POST /api/dreams/import: the file was read and checked; its dreams are being imported (poll the progress). */
export const importStartedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  importId: z.number().int(),
  /** Dreams in the file. */
  total: z.number().int(),
});

export const importStatuses = ["running", "done", "failed"] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importIdParamsSchema = dreamIdParamsSchema;

/** GET /api/dreams/imports/:id. processed counts the skipped dreams too: it reaches total when done. */
export const importProgressSchema = z.object({
  id: z.number().int(),
  status: z.enum(importStatuses),
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** In the reader's language: how far it got, the counts once done, or what went wrong. */
  message: z.string(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** The symbols of the user's journal, most frequent first (journal filters, insights). */
export const journalSymbolsSchema = z.array(
  z.object({ key: z.string(), name: z.string(), category: z.string(), count: z.number().int() }),
);
export type JournalSymbols = z.infer<typeof journalSymbolsSchema>;
