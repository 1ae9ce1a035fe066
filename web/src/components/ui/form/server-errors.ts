import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { isApiError } from "../../../lib/api";

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

/** Field errors keyed by field name (first message per field), for forms not built on the kit. */
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

/** The ApiError of a failure, also when it travels as the `cause` of an Error (as auth-context's do). */
function apiErrorOf(error: unknown) {
  if (isApiError(error)) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return isApiError(cause) ? cause : undefined;
}

/** Where the form-level error lives in react-hook-form's state (cleared on the next submit). */
export const FORM_ERROR = "root.server";

export interface ServerErrorOptions<T extends FieldValues> {
  /** Shown as the form's error when the failure carries no message of its own. */
  fallback?: string;
  /** Shown as the form's error instead of the server's message. */
  message?: string;
  /** An error `code` or `reason` that is about one field, e.g. `{ CONFLICT: "name" }` for a name already in use. */
  fields?: Partial<Record<string, Path<T>>>;
  /** The field that takes a failure no field claimed (a one-field form says everything beside its field). */
  rest?: Path<T>;
}

/**
 * Puts a failed call's problems where the person looks for them: each `errors[]` issue on its field, a code or
 * reason named in `options.fields` on that field (with the server's message), anything else as the form's own
 * error. The first field (in the form's order) that got an error takes the focus. Returns whether a field did.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  options: ServerErrorOptions<T> = {},
): boolean {
  // The fields shown, in the order they registered, which is the order the form shows them (hidden ones unregister).
  const names = Object.keys(form.getValues()) as Path<T>[];
  const messages = new Map<Path<T>, string>();
  for (const issue of fieldIssuesOf(error)) {
    const name = issue.path.split(".")[0] as Path<T>;
    if (names.includes(name) && !messages.has(name)) messages.set(name, issue.message);
  }
  const apiError = apiErrorOf(error);
  const named = apiError && (options.fields?.[apiError.reason ?? ""] ?? options.fields?.[apiError.code]);
  if (named && !messages.has(named)) messages.set(named, apiError.message);
  if (options.rest && messages.size === 0) {
    messages.set(options.rest, options.message ?? errorMessageOf(error, options.fallback ?? ""));
  }

  const placed = names.filter((name) => messages.has(name));
  for (const name of placed) form.setError(name, { type: "server", message: messages.get(name) });
  if (placed[0] !== undefined) {
    form.setFocus(placed[0]);
    return true;
  }
  form.setError(FORM_ERROR as Path<T>, {
    type: apiError?.reason ?? apiError?.code ?? "error",
    message: options.message ?? errorMessageOf(error, options.fallback ?? ""),
  });
  return false;
}
