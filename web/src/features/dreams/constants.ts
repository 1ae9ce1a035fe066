import type {
  FREE_TRANSLATIONS_PER_DAY as ContractFree,
  DREAM_MAX_LENGTH as ContractMax,
  DREAM_MIN_LENGTH as ContractMin,
  DreamCategory,
} from "../../../../contract/dreams";

/*
 * The contract's values, repeated here because importing them would pull zod into the page chunks; the
 * `typeof` annotations make the type check fail the day the contract changes.
 */
export const DREAM_MIN_LENGTH: typeof ContractMin = 20;
export const DREAM_MAX_LENGTH: typeof ContractMax = 5000;
export const FREE_TRANSLATIONS_PER_DAY: typeof ContractFree = 3;

/** Spec section 3: the categories offered for a dream. */
export const DREAM_CATEGORIES = [
  "lucid",
  "recurring",
  "nightmare",
  "light",
  "dark",
  "visitation",
  "precognitive",
] as const satisfies readonly DreamCategory[];

type Missing = Exclude<DreamCategory, (typeof DREAM_CATEGORIES)[number]>;
/** Fails to compile when the contract gains a category this list lacks. */
export const categoriesComplete: Missing extends never ? true : false = true;

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
