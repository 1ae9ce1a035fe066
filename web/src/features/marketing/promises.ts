import type { TFunction } from "i18next";
import { type Feature, featuresAvailable } from "../../../../contract/features";
import { listOf } from "./rich-text";

/**
 * The features each item of the translated lists that advertise the product promises, by position (null: none).
 * An item is shown only once everything it promises works (`contract/features.ts`).
 */
export const PROMISES = {
  "landing.features.items": [null, null, ["oracle"], ["memoryLane"], ["community"], null],
  "landing.faq.items": [null, ["oracle"], null, ["community"], null, null, null, null, null],
  "pricing.free.features": [null, ["oracle"], null, ["memoryLane"], ["community"]],
  "pricing.premium.features": [null, null, ["oracle"], ["insights"], ["community"]],
} as const satisfies Record<string, readonly (readonly Feature[] | null)[]>;

/** `listOf` without the items that promise a feature not available yet, each with its place in the full list. */
export function promisedListOf<T = string>(
  t: TFunction,
  key: keyof typeof PROMISES,
  values?: Record<string, unknown>,
): { item: T; index: number }[] {
  const needs: readonly (readonly Feature[] | null)[] = PROMISES[key];
  return listOf<T>(t, key, values)
    .map((item, index) => ({ item, index }))
    .filter(({ index }) => featuresAvailable(needs[index] ?? []));
}
