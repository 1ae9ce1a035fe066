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
export const conflict = (messageKey: string, path?: string) =>
  new AppError("CONFLICT", messageKey, path ? { errors: [{ path, message: messageKey }] } : {});
export const validationError = (messageKey: string, path: string) =>
  new AppError("VALIDATION", messageKey, { errors: [{ path, message: messageKey }] });
export const tooManyRequests = (retryAfterSeconds: number, messageKey = "errors.tooManyRequests") =>
  new AppError("TOO_MANY_REQUESTS", messageKey, { retryAfterSeconds });
