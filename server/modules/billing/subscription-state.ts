import type { PlansResponse, SubscriptionStateResponse } from "../../../contract/billing";
import { isPremium, yearlySavingsPercent } from "../../../contract/billing";
import type { AppConfig } from "../../config";
import type { AppContext } from "../../context";
import type { SessionUser } from "../accounts/sessions";
import { decidingSubscription, presentSubscription, userSubscriptions } from "./entitlements";
import { premiumGrantUntil } from "./free-months";
import { firstMonthFree } from "./referral-offer";

export function listPlans(config: AppConfig, provider: AppContext["payments"]["kind"]): PlansResponse {
  const { prices, currency } = config.billing;
  return {
    provider,
    testMode: provider === "sandbox",
    currency,
    plans: [
      { id: "monthly", price: prices.monthly, interval: "month" },
      { id: "yearly", price: prices.yearly, interval: "year" },
    ],
    yearlySavingsPercent: yearlySavingsPercent(prices.monthly, prices.yearly),
  };
}

/** What the account page shows: the plan as the server decides it, never the client's flag. */
export async function getSubscriptionState(
  ctx: Pick<AppContext, "db" | "payments" | "clock">,
  user: SessionUser,
): Promise<SubscriptionStateResponse> {
  const deciding = decidingSubscription(await userSubscriptions(ctx.db, user.id));
  const grantUntil = await premiumGrantUntil(ctx.db, user.id, ctx.clock.now());
  return {
    isPremium: isPremium(user),
    subscriptionTier: user.subscriptionTier,
    hasUnlimitedAccess: user.hasUnlimitedAccess,
    provider: ctx.payments.kind,
    testMode: ctx.payments.kind === "sandbox",
    subscription: deciding ? presentSubscription(deciding) : null,
    canOpenPortal: ctx.payments.kind === "stripe" && user.stripeCustomerId !== null,
    firstMonthFree: await firstMonthFree(ctx.db, user.id),
    premiumGrantUntil: grantUntil?.toISOString() ?? null,
  };
}
