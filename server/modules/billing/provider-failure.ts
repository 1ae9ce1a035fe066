import { isDatabaseUnavailable, sqlStateOf } from "../../db/client";
import { AppError } from "../../lib/errors";

/**
 * Runs a step that talks to the payment provider. When the provider fails (network, 5xx, bad answer) the
 * caller gets 502 "the payment provider is not answering" instead of a bare 500; our own errors pass through.
 * For a webhook, a non-2xx answer makes Stripe deliver the event again later.
 */
export async function viaProvider<T>(
  log: { warn(object: unknown, message: string): void },
  step: () => Promise<T>,
  /** What the caller is told; a step that must say what did not happen (e.g. no deletion) names its own. */
  messageKey = "errors.paymentProviderUnavailable",
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError || sqlStateOf(error) || isDatabaseUnavailable(error)) throw error;
    log.warn({ err: error }, "payment provider call failed");
    throw new AppError("EXTERNAL", messageKey);
  }
}
