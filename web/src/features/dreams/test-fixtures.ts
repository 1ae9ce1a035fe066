import type { ReadingInfo } from "../../../../contract/reading";

/** The server's refusal of a translation at the free limit: a 403 whose reason, not its message, says why. */
export const translationLimitRefusal = (message: string) => ({
  status: 403,
  body: { success: false, code: "FORBIDDEN", reason: "TRANSLATION_LIMIT", message },
});

/** The reading info a translation carries: nothing painful found, nothing central, unless the test says so. */
export const readingInfo = (overrides: Partial<ReadingInfo> = {}): ReadingInfo => ({
  short: "Something in you is changing, slowly and out of sight; let it take its time.",
  central: [],
  feelings: [],
  nightmare: false,
  care: [],
  ...overrides,
});
