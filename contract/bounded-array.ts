import { z } from "zod";

/**
 * An array refused on its length before its items are judged: 100,000 bad tags cost one "too long" and at most
 * `max + 1` item checks, not 100,000 issues. Valid arrays are checked in full as usual.
 */
export function boundedArray<T extends z.ZodTypeAny>(item: T, max: number) {
  return z.preprocess(
    (value) => (Array.isArray(value) && value.length > max ? value.slice(0, max + 1) : value),
    z.array(item).max(max),
  );
}
