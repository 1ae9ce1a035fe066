import { z } from "zod";
import { CARE_KINDS, CENTRAL_SYMBOLS, EMOTION_KINDS, READING_LENGTH } from "./reading-constants";

export * from "./reading-constants";

/**
 * What the dream page needs besides the reading's text: the short version, the symbols that carry the dream,
 * the feelings found and whether the reading took the care path. Sent with a translation and kept with a dream.
 */

export const readingInfoSchema = z.object({
  /** The reading in at most 400 characters. */
  short: z.string().max(READING_LENGTH.short.max),
  /** Keys of the symbols that carry the dream, most central first (the prose treats these). */
  central: z.array(z.string()).max(CENTRAL_SYMBOLS.max),
  feelings: z
    .array(z.object({ kind: z.enum(EMOTION_KINDS), intensity: z.number().int().min(1).max(3) }))
    .max(3),
  nightmare: z.boolean(),
  /** Sensitive content found; when not empty the reading is the care template and the page shows the care note. */
  care: z.array(z.enum(CARE_KINDS)),
});
export type ReadingInfo = z.infer<typeof readingInfoSchema>;
