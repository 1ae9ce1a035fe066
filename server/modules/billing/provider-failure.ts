import { AppError } from "../../lib/errors";

const isDatabaseError = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === "string" &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

/**
 * Runs a step that talks to the payment provider. When the provider fails (network, 5xx, bad answer) the
 * caller gets 502 "the payment provider is not answering" instead of a bare 500; our own errors pass through.
 * For a webhook, a non-2xx answer makes Stripe deliver the event again later.
 */
export async function viaProvider<T>(
  log: { warn(object: unknown, message: string): void },
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError || isDatabaseError(error)) throw error;
    log.warn({ err: error }, "payment provider call failed");
    throw new AppError("EXTERNAL", "errors.paymentProviderUnavailable");
  }
}
