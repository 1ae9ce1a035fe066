import type { PlanId, PlansResponse } from "../../../../contract/billing";

/** Money as the landing page writes it (marketing/pricing.ts, in the app's shared public chunk). */
export { formatMoney } from "../marketing/pricing";

/** A date (an ISO timestamp) in the reader's language, in the member's own time zone when it is known. */
export function formatDate(iso: string, language: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: "long" };
  try {
    return new Intl.DateTimeFormat(language, timeZone ? { ...options, timeZone } : options).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}

/** Date and time, for the admin tables. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export function planPrice(plans: PlansResponse, id: PlanId): number | null {
  return plans.plans.find((plan) => plan.id === id)?.price ?? null;
}

/** What a yearly price comes to per month, rounded down to the cent (never more than the real figure). */
export const perMonthOfYear = (yearly: number) => Math.floor((yearly / 12) * 100) / 100;
