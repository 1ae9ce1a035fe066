import { eq } from "drizzle-orm";
import type { PlanId } from "../../../contract/billing";
import { isPremium } from "../../../contract/billing-constants";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { conflict } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { firstMonthFree, REFERRAL_TRIAL_DAYS } from "./referral-offer";

type CheckoutContext = Pick<AppContext, "db" | "payments" | "config">;

/** The user's provider customer, created once: the row lock makes two parallel checkouts share one. */
async function ensureCustomer(ctx: CheckoutContext, user: SessionUser): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ customerId: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    if (locked?.customerId) return locked.customerId;
    const customerId = await ctx.payments.createCustomer({
      userId: user.id,
      email: user.email,
      username: user.username,
    });
    await tx.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
    return customerId;
  });
}

/** Starts a checkout for a plan and returns where the browser goes to pay. */
export async function startCheckout(
  ctx: CheckoutContext,
  user: SessionUser,
  plan: PlanId,
): Promise<{ url: string }> {
  if (isPremium(user)) throw conflict("errors.alreadyPremium");
  const customerId = await ensureCustomer(ctx, user);
  const trialDays = (await firstMonthFree(ctx.db, user.id)) ? REFERRAL_TRIAL_DAYS : 0;
  const origin = ctx.config.publicUrl;
  return ctx.payments.createCheckout({
    customerId,
    userId: user.id,
    plan,
    trialDays,
    // Stripe fills {CHECKOUT_SESSION_ID} in; the sandbox builds its own success address.
    successUrl: `${origin}/stripe-checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/stripe-checkout/recovery?plan=${plan}`,
    language: user.language,
  });
}
