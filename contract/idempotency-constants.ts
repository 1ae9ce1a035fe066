// Zod-free, so the web app (and its service worker) share the header's name without loading zod.

/**
 * Creating requests (saving a dream, adding a personal symbol, reporting a missing symbol) accept this header: a
 * retry with the same key and body gets the first answer again, never a second row. The offline outbox sends a
 * fresh UUID per item and keeps it across retries.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set to "true" on an answer that repeats an earlier one instead of creating anything. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** 1-255 visible ASCII characters (a UUID fits; spaces and control characters do not). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;
/** How long a key is remembered: an item written offline may sync months later and must still deduplicate. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 400;
