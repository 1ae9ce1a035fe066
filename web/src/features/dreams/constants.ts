import { type DreamCategory, dreamCategories } from "../../../../contract/constants";

export {
  DREAM_MAX_LENGTH,
  DREAM_MIN_LENGTH,
  FREE_TRANSLATIONS_PER_DAY,
} from "../../../../contract/constants";

/** Spec section 3: the categories offered for a dream. */
export const DREAM_CATEGORIES = dreamCategories;

export const isDreamCategory = (value: string): value is DreamCategory =>
  (DREAM_CATEGORIES as readonly string[]).includes(value);

/** At most 20 tags of at most 40 characters each (contract/dreams.ts tagsSchema). */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** "dream, water ,  , Water" -> ["dream", "water"]: trimmed, without empties or repeats (case-insensitive). */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim().slice(0, MAX_TAG_LENGTH).trim();
    const folded = tag.toLocaleLowerCase();
    if (!tag || seen.has(folded)) continue;
    seen.add(folded);
    tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

export const formatTags = (tags: readonly string[]): string => tags.join(", ");
