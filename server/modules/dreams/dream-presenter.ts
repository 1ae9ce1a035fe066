import { getTableColumns } from "drizzle-orm";
import type { Dream, DreamCategory, RecognizedSymbol } from "../../../contract/dreams";
import { type ReadingInfo, readingInfoSchema } from "../../../contract/reading";
import { dreams } from "../../db/schema/index";

/** Every column a dream is shown with; the search vector stays in the database. */
const { searchVector: _searchVector, ...columns } = getTableColumns(dreams);
export const dreamColumns = columns;
export type DreamRow = Omit<typeof dreams.$inferSelect, "searchVector">;

export function presentDream(row: DreamRow): Dream {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    translation: row.translation,
    recognizedSymbols: Array.isArray(row.recognizedSymbols)
      ? (row.recognizedSymbols as RecognizedSymbol[])
      : [],
    isPremiumTranslation: row.isPremiumTranslation,
    meaningsWithheld: row.meaningsWithheld,
    reading: storedReading(row.reading),
    category: (row.category as DreamCategory | null) ?? null,
    tags: row.tags,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A kept reading written by an older version may lack fields: the page then shows none rather than a broken one. */
function storedReading(value: unknown): ReadingInfo | null {
  if (value === null || value === undefined) return null;
  const parsed = readingInfoSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const TITLE_LENGTH = 50;

/** Spec section 5: the text before the first period, cut to 50 characters, plus an ellipsis. */
export function autoTitle(content: string): string {
  const firstSentence = content.trim().split(".")[0]?.trim() ?? "";
  const base = firstSentence.length > 0 ? firstSentence : content.trim();
  return `${base.slice(0, TITLE_LENGTH).trimEnd()}...`;
}
