import { z } from "zod";
import { symbolCategories } from "../../../contract/constants";
import { EMOTION_KINDS } from "../../../contract/reading";

/** The shape of the lexicon data files (see FORMAT.md). */

export { type SymbolCategory, symbolCategories } from "../../../contract/constants";

const contextWords = z.array(z.string().min(1)).max(60);

export const termSchema = z.union([
  z.string().min(1),
  z
    .object({
      t: z.string().min(1),
      near: contextWords.optional(),
      notNear: contextWords.optional(),
      /** How many words before the hit `near` may reach (default 6): a threat told a sentence earlier. */
      reach: z.number().int().min(6).max(40).optional(),
    })
    .strict(),
]);
export type TermSpec = z.infer<typeof termSchema>;

const regionalSchema = z
  .object({
    ES: z.array(termSchema).optional(),
    MX: z.array(termSchema).optional(),
    CAR: z.array(termSchema).optional(),
    RP: z.array(termSchema).optional(),
  })
  .strict();

const languageEntrySchema = z
  .object({
    name: z.string().min(1),
    terms: z.array(termSchema).min(1),
    regional: regionalSchema.optional(),
    not: z.array(z.string().min(1)).optional(),
    description: z.string().min(10),
    extendedDescription: z.string().min(10),
    deeperInsight: z.string().min(10),
  })
  .strict();
export type LanguageEntry = z.infer<typeof languageEntrySchema>;

export const symbolEntrySchema = z
  .object({
    key: z.string().regex(/^[a-z0-9_]+$/),
    category: z.enum(symbolCategories),
    isCommon: z.boolean(),
    isVital: z.boolean(),
    /** A term that stands for more than one symbol: "parents" -> mother and father. */
    alsoKeys: z.record(z.string(), z.array(z.string())).optional(),
    en: languageEntrySchema,
    es: languageEntrySchema,
  })
  .strict();
export type SymbolEntry = z.infer<typeof symbolEntrySchema>;

export const celebritySchema = z
  .object({
    name: z.string().min(1),
    aliases: z.array(z.string().min(2)).min(1),
    category: z.string().min(1),
    deceased: z.boolean(),
  })
  .strict();
export type Celebrity = z.infer<typeof celebritySchema>;

/** Families of feeling a practice suits; the reading picks its practice by the dream's family. */
export const MOOD_FAMILIES = ["fear", "sadness", "anger", "shame", "joy", "calm", "confusion"] as const;
export type MoodFamily = (typeof MOOD_FAMILIES)[number];

const themeLanguageSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  insights: z.array(z.object({ type: z.string().min(1), text: z.string().min(1) })),
  techniques: z.array(
    z.object({
      name: z.string().min(1),
      description: z.string().min(1),
      instructions: z.string().min(1),
      isPremium: z.boolean(),
      /** The moods it suits; without it, every mood. */
      moods: z.array(z.enum(MOOD_FAMILIES)).min(1).optional(),
      /** Light-hearted ("play appointment"): never offered for a dark dream or a care reading. */
      playful: z.boolean().optional(),
      /** Addressed to someone who has died ("a letter across the threshold"): only when the dream says so. */
      bereavement: z.boolean().optional(),
    }),
  ),
});

export const themeSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]+$/),
  category: z.string().min(1),
  symbolKeys: z.array(z.string()).min(1),
  /**
   * What must also be in the dream for the theme to apply, besides its symbols: one of these words or phrases
   * (see reading/word-patterns.ts: "cheat*" is a stem, "~" skips up to two words) or one of these feelings
   * among the dominant ones. Betrayal needs deceit or jealousy; pursuit needs a pursuer.
   */
  cues: z
    .object({
      en: z.array(z.string().min(1)),
      es: z.array(z.string().min(1)),
      feelings: z.array(z.enum(EMOTION_KINDS)).optional(),
    })
    .strict()
    .optional(),
  en: themeLanguageSchema,
  es: themeLanguageSchema,
});
export type Theme = z.infer<typeof themeSchema>;

export const combinedSymbolSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]+$/),
  symbolKeys: z.array(z.string()).min(2),
  category: z.string().min(1),
  en: z.object({ name: z.string().min(1), description: z.string().min(1) }),
  es: z.object({ name: z.string().min(1), description: z.string().min(1) }),
});
export type CombinedSymbol = z.infer<typeof combinedSymbolSchema>;

export interface LexiconData {
  symbols: SymbolEntry[];
  celebrities: Celebrity[];
  themes: Theme[];
  combined: CombinedSymbol[];
}
