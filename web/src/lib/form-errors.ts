import { isApiError } from "./api";

export interface FieldIssue {
  path: string;
  message: string;
}

function issuesIn(value: unknown): FieldIssue[] | null {
  if (typeof value !== "object" || value === null) return null;
  const errors = (value as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return null;
  return errors.filter(
    (issue): issue is FieldIssue =>
      typeof issue === "object" &&
      issue !== null &&
      typeof (issue as FieldIssue).path === "string" &&
      typeof (issue as FieldIssue).message === "string",
  );
}

/**
 * The per-field problems of a failed call (`errors: [{path, message}]` in the server's error body), whether
 * the error is the ApiError itself or an Error wrapping it as `cause`.
 */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  return (
    issuesIn(error) ??
    issuesIn((error as { cause?: unknown } | null)?.cause) ??
    issuesIn((error as { details?: unknown } | null)?.details) ??
    []
  );
}

/** Field errors keyed by field name (first message per field), for the fields a form shows. */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  for (const issue of fieldIssuesOf(error)) {
    const field = issue.path.split(".")[0] as F;
    if (fields.includes(field) && result[field] === undefined) result[field] = issue.message;
  }
  return result;
}

/** The message to show for a failed call: the server's, the wrapped one, or the fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
