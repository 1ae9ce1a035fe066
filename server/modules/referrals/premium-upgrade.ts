import { eq } from "drizzle-orm";
import type { ReferralStage } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { referrals, users } from "../../db/schema/index";
import { SubscriptionNotFoundError, type SubscriptionState } from "../../integrations/payments/provider";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { storeSubscriptionState } from "../billing/entitlements";
import { stageOf } from "./referral-presenter";

const NOT_FOUND = "errors.referralSubscriptionNotFound";

/** The subscription as the provider holds it, when it is the caller's; another customer's is a missing one. */
async function callersSubscription(
  ctx: Pick<AppContext, "payments">,
  user: SessionUser,
  subscriptionId: string,
): Promise<SubscriptionState> {
  let state: SubscriptionState;
  try {
    state = await ctx.payments.retrieveSubscription(subscriptionId);
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) throw notFound(NOT_FOUND);
    throw error;
  }
  if (user.stripeCustomerId === null || state.customerId !== user.stripeCustomerId) throw notFound(NOT_FOUND);
  return state;
}

/**
 * The client's word that it upgraded (spec section 7): the subscription is read from the provider and stored
 * as a webhook would store it, so premium shows at once; rewards come only from the verified invoice events.
 * Answers whether the caller was referred and how far their referral got.
 */
export async function recordPremiumUpgrade(
  ctx: Pick<AppContext, "db" | "payments" | "clock">,
  user: SessionUser,
  subscriptionId: string,
): Promise<{ referred: boolean; stage: ReferralStage | null }> {
  const state = await callersSubscription(ctx, user, subscriptionId);
  await ctx.db.transaction(async (tx) => {
    // The same lock as the webhook's, so the two store one state after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    await storeSubscriptionState(tx, ctx.payments.kind, user.id, state, ctx.clock.now());
  });
  const [referral] = await ctx.db.select().from(referrals).where(eq(referrals.refereeId, user.id));
  return { referred: referral !== undefined, stage: referral ? stageOf(referral) : null };
}
