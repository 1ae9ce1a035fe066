import { z } from "zod";
import { boundedArray } from "./bounded-array";
import { MAX_ROW_ID, missingSymbolStatuses, SYMBOL_KEY_PATTERN, symbolCategories } from "./constants";

export const symbolCategorySchema = z.enum(symbolCategories);

// --- Personal symbols ------------------------------------------------------------------------------------

export const personalSymbolBodySchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(2000).nullish(),
    category: z.string().trim().min(1).max(40).optional(),
    frequency: z.number().int().min(0).max(100_000).optional(),
    emotionalImpact: z.string().trim().max(200).nullish(),
    personalContext: z.string().trim().max(2000).nullish(),
  })
  .strict();
export type PersonalSymbolBody = z.infer<typeof personalSymbolBodySchema>;
export const personalSymbolPatchSchema = personalSymbolBodySchema.partial().strict();

export const personalSymbolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  frequency: z.number().int(),
  emotionalImpact: z.string().nullable(),
  personalContext: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PersonalSymbol = z.infer<typeof personalSymbolSchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) }).strict();

// --- Missing symbols ------------------------------------------------------------------------------------

export const missingSymbolBodySchema = z.object({ symbol: z.string().trim().min(2).max(80) }).strict();

export const missingSymbolSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  status: z.string(),
  processed: z.boolean(),
  lastReported: z.string(),
});
export type MissingSymbol = z.infer<typeof missingSymbolSchema>;

export const missingSymbolListQuerySchema = z
  .object({ status: z.enum(missingSymbolStatuses).default("pending") })
  .strict();

export const processMissingSymbolBodySchema = z
  .object({
    /** add: the word becomes a variation of `symbolId`; dismiss: not a symbol. */
    action: z.enum(["add", "dismiss"]),
    symbolId: z.number().int().positive().max(MAX_ROW_ID).optional(),
  })
  .strict();
export type ProcessMissingSymbolBody = z.infer<typeof processMissingSymbolBodySchema>;

// --- Admin symbol management ----------------------------------------------------------------------------

const variationList = boundedArray(z.string().trim().min(1).max(80), 200);

export const adminSymbolBodySchema = z
  .object({
    key: z.string().trim().regex(SYMBOL_KEY_PATTERN, { message: "validation.symbolKey" }),
    name: z.string().trim().min(1).max(80),
    nameEs: z.string().trim().min(1).max(80),
    category: symbolCategorySchema,
    description: z.string().trim().min(1).max(2000),
    descriptionEs: z.string().trim().min(1).max(2000),
    extendedDescription: z.string().trim().max(4000).nullish(),
    extendedDescriptionEs: z.string().trim().max(4000).nullish(),
    deeperInsight: z.string().trim().max(4000).nullish(),
    deeperInsightEs: z.string().trim().max(4000).nullish(),
    isCommon: z.boolean().optional(),
    isVital: z.boolean().optional(),
    variations: variationList.optional(),
    variationsEs: variationList.optional(),
  })
  .strict();
export type AdminSymbolBody = z.infer<typeof adminSymbolBodySchema>;
export const adminSymbolPatchSchema = adminSymbolBodySchema.omit({ key: true }).partial().strict();
export type AdminSymbolPatch = z.infer<typeof adminSymbolPatchSchema>;

export const adminSymbolSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  nameEs: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  descriptionEs: z.string().nullable(),
  extendedDescription: z.string().nullable(),
  extendedDescriptionEs: z.string().nullable(),
  deeperInsight: z.string().nullable(),
  deeperInsightEs: z.string().nullable(),
  isCommon: z.boolean(),
  isVital: z.boolean(),
  variations: z.array(z.string()),
  variationsEs: z.array(z.string()),
  /** Part of the shipped lexicon (editable, not deletable) rather than added by an administrator. */
  builtIn: z.boolean(),
});
export type AdminSymbol = z.infer<typeof adminSymbolSchema>;
export const adminSymbolPageSchema = z.object({
  symbols: z.array(adminSymbolSchema),
  total: z.number().int(),
});
export type AdminSymbolPage = z.infer<typeof adminSymbolPageSchema>;

export const adminSymbolListQuerySchema = z
  .object({
    q: z.string().trim().max(80).optional(),
    category: symbolCategorySchema.optional(),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const debugSymbolsBodySchema = z.object({ text: z.string().min(1).max(5000) }).strict();
export const debugSymbolsResponseSchema = z.object({
  language: z.enum(["en", "es", "mixed"]),
  symbols: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      evidence: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
    }),
  ),
  trace: z.array(
    z.object({
      key: z.string(),
      term: z.string(),
      text: z.string(),
      start: z.number(),
      end: z.number(),
      kept: z.boolean(),
      reason: z.string().optional(),
      byKey: z.string().optional(),
    }),
  ),
  elapsedMs: z.number(),
});
export type DebugSymbolsResponse = z.infer<typeof debugSymbolsResponseSchema>;
