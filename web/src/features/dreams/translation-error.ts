import type { TFunction } from "i18next";
import { toast } from "../../components/ui/toast-store";
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

/**
 * Spec section 8's message for a failed translation, chosen by what the failure is, never by its (translated)
 * text: the server's reason TRANSLATION_LIMIT gives the free-limit text; 429 too many requests; 5xx a server
 * error; a request that never got an answer (fetch rejects with a TypeError) a connection problem; otherwise
 * the server's own message (e.g. a 422 "Please limit your dream…"), or the generic one.
 */
export function translationErrorMessage(error: unknown): TranslationErrorMessage {
  if (error instanceof TranslationResponseError) return { kind: "key", key: error.key };
  if (error instanceof TypeError) return { kind: "key", key: "dreamInput.errors.network" };
  if (!isApiError(error)) return { kind: "key", key: "dreamInput.errors.generic" };
  if (error.reason === "TRANSLATION_LIMIT") return { kind: "key", key: "dreamInput.errors.limit" };
  if (error.status === 429 || error.code === "TOO_MANY_REQUESTS")
    return { kind: "key", key: "dreamInput.errors.tooManyRequests" };
  if (error.status !== undefined && error.status >= 500)
    return { kind: "key", key: "dreamInput.errors.server" };
  if (error.message?.trim()) return { kind: "server", message: error.message };
  return { kind: "key", key: "dreamInput.errors.generic" };
}

/**
 * The "Translation Failed" toast with the message for `error` (`t` of the dreams namespace). Returns whether the
 * free limit was the reason, so the page can show the way to Premium where the toast does not stay.
 */
export function toastTranslationFailure(error: unknown, t: TFunction): { limitReached: boolean } {
  const choice = translationErrorMessage(error);
  toast({
    title: t("dreamInput.toast.translationFailed"),
    description: choice.kind === "key" ? t(choice.key) : choice.message,
    variant: "destructive",
  });
  return { limitReached: choice.kind === "key" && choice.key === "dreamInput.errors.limit" };
}
