import { isApiError } from "../../lib/api";

/** The locale keys (namespace `dreams`) of the messages spec section 8 chooses between. */
export type TranslationErrorKey =
  | "dreamInput.errors.limit"
  | "dreamInput.errors.tooManyRequests"
  | "dreamInput.errors.server"
  | "dreamInput.errors.network"
  | "dreamInput.errors.generic"
  | "dreamInput.errors.invalidResponse"
  | "dreamInput.errors.failed"
  | "dreamInput.errors.incomplete";

/** A 2xx answer that is not a usable translation (spec section 8's three texts for that case). */
export class TranslationResponseError extends Error {
  constructor(
    readonly key:
      | "dreamInput.errors.invalidResponse"
      | "dreamInput.errors.failed"
      | "dreamInput.errors.incomplete",
  ) {
    super(key);
    this.name = "TranslationResponseError";
  }
}

export type TranslationErrorMessage =
  | { kind: "key"; key: TranslationErrorKey }
  | { kind: "server"; message: string };

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "name" in error &&
    (error as { name?: unknown }).name === "AbortError"
  );
}

function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message ?? "";
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "";
}

/**
 * Spec section 8: the message of a failed translation, chosen by its content. "limit" (or the Spanish
 * "límite", as the server answers in the reader's language) gives the free-limit text; 429 too many
 * requests; 500 a server error; "network" or "fetch" a connection problem; otherwise the server's own
 * message, or the generic one. A validation answer (422) is shown as the server worded it, even though
 * "Please limit your dream…" contains the word "limit".
 */
export function translationErrorMessage(error: unknown): TranslationErrorMessage {
  if (error instanceof TranslationResponseError) return { kind: "key", key: error.key };
  const message = messageOf(error);
  const status = isApiError(error) ? error.status : undefined;
  const code = isApiError(error) ? error.code : undefined;
  const validation = status === 422 || code === "VALIDATION";
  if (!validation && /limit|límite/i.test(message)) return { kind: "key", key: "dreamInput.errors.limit" };
  if (status === 429 || /\b429\b/.test(message))
    return { kind: "key", key: "dreamInput.errors.tooManyRequests" };
  if ((status !== undefined && status >= 500) || /\b500\b/.test(message))
    return { kind: "key", key: "dreamInput.errors.server" };
  if (/network|fetch/i.test(message)) return { kind: "key", key: "dreamInput.errors.network" };
  if (message.trim()) return { kind: "server", message };
  return { kind: "key", key: "dreamInput.errors.generic" };
}
