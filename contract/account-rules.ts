/**
 * The account fields' rules as plain values, without zod: the schemas in accounts.ts are built from them, and the
 * web forms check the same limits before sending without pulling the schema library into their chunks.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Letters and digits of any script, dots, hyphens and underscores (checked after NFKC folding and trimming). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const EMAIL_MAX = 254;
/**
 * The shape a form checks before sending (something@something.tld). The server's schema is stricter and has the
 * last word; this only catches typos early.
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const REFERRAL_CODE_MAX = 64;

export const PICTURE_URL_MAX = 2048;
/** Profile pictures are only ever loaded over https. */
export const HTTPS_URL = /^https:\/\//i;

/** A username as the server stores it: compatibility forms folded (fullwidth `Ａlice` is `Alice`), then trimmed. */
export const normalizeUsername = (value: string): string => value.normalize("NFKC").trim();

/** Whether a (normalized) username keeps the length and character rules. */
export const isValidUsername = (value: string): boolean =>
  value.length >= USERNAME_MIN && value.length <= USERNAME_MAX && USERNAME_PATTERN.test(value);
