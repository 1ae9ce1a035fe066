import type { ErrorCode, ErrorReason } from "../../contract/errors";

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error type use cases throw. `messageKey` names a server locale entry so the
 * error plugin can answer in the caller's language, in the spec's `{success:false, message, code}` shape.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly options: {
      params?: Record<string, string | number>;
      retryAfterSeconds?: number;
      errors?: FieldIssue[];
      /** The domain reason sent beside `code`, for clients to branch on. */
      reason?: ErrorReason;
    } = {},
  ) {
    super(messageKey);
    this.name = "AppError";
  }
}

export const unauthorized = () => new AppError("UNAUTHORIZED", "errors.unauthorized");
export const forbidden = (messageKey = "errors.forbidden") => new AppError("FORBIDDEN", messageKey);
export const notFound = (messageKey = "errors.notFound") => new AppError("NOT_FOUND", messageKey);
export const conflict = (messageKey: string, path?: string, reason?: ErrorReason) =>
  new AppError("CONFLICT", messageKey, {
    errors: path ? [{ path, message: messageKey }] : undefined,
    reason,
  });
export const validationError = (messageKey: string, path: string) =>
  new AppError("VALIDATION", messageKey, { errors: [{ path, message: messageKey }] });

/** Longer waits are told in minutes ("Try again in 25 minutes"); shorter ones are "wait a moment". */
const LONG_WAIT_SECONDS = 60;

/**
 * A 429 with its Retry-After. Messages get the wait in whole minutes as `count` (rounded up); without a message
 * of its own a long wait says how long, a short one asks to wait a moment.
 */
export function tooManyRequests(retryAfterSeconds: number, messageKey?: string): AppError {
  const key =
    messageKey ??
    (retryAfterSeconds > LONG_WAIT_SECONDS ? "errors.tooManyRequestsFor" : "errors.tooManyRequests");
  return new AppError("TOO_MANY_REQUESTS", key, {
    retryAfterSeconds,
    params: { count: Math.ceil(retryAfterSeconds / 60) },
  });
}
