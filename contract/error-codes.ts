/** Error codes and the status mapping, free of zod so the web bundle stays small. */
/** Stable error codes of spec section 8; clients may branch on them. */
export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "VALIDATION",
  "EXTERNAL",
  "INTERNAL",
  "DATABASE",
  "TOO_MANY_REQUESTS",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Domain reasons, finer than the HTTP-level code: an error body may carry one in `reason` beside the spec's `code`
 * (old clients ignore it). Clients branch on these, never on the message text, which is translated.
 */
export const errorReasons = [
  /** The free translations of the day are used up. */
  "TRANSLATION_LIMIT",
  /** The free oracle consultations of the day are used up. */
  "ORACLE_LIMIT",
  /** The account's email address is not verified yet. */
  "EMAIL_UNVERIFIED",
  /** The feature is for premium accounts. */
  "PREMIUM_REQUIRED",
  /** A stored amount is full (a journal at its cap, a quota of uploads). */
  "QUOTA_EXCEEDED",
] as const;
export type ErrorReason = (typeof errorReasons)[number];

export const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  EXTERNAL: 502,
  INTERNAL: 500,
  DATABASE: 500,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
};

/** The spec's mapping from an HTTP status to a code (used for bodies that carry none). */
export function codeFromStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 422:
      return "VALIDATION";
    case 502:
      return "EXTERNAL";
    default:
      return "INTERNAL";
  }
}
