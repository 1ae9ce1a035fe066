import type { PublicUser } from "../../../../contract/accounts";

type AllowanceUser = Pick<PublicUser, "isPremium" | "translationsUsed" | "translationsLimit"> & {
  translationsResetDate?: string | null;
};

/**
 * The free translations the user has left now, or null for premium (the server's `isPremium`: no limit). Once the count's day is over
 * (its reset time has passed) the whole allowance is back, though the server renews it only on the next use.
 */
export function translationsLeft(user: AllowanceUser, now = Date.now()): number | null {
  if (user.isPremium) return null;
  const resetsAt = user.translationsResetDate ? Date.parse(user.translationsResetDate) : Number.NaN;
  const used = resetsAt > now ? user.translationsUsed : 0;
  return Math.max(0, user.translationsLimit - used);
}
