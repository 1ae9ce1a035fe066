import type { InvoiceView, SubscriptionView } from "../../../contract/billing";
import type { AppContext } from "../../context";
import { conflict } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { decidingSubscription, presentSubscription, userSubscriptions } from "./entitlements";

type ManageContext = Pick<AppContext, "db" | "payments" | "config">;

/**
 * Cancel at period end, or resume. The provider confirms with an event that updates the stored state;
 * the answer shows the provider's state right away.
 */
export async function setCancellation(
  ctx: ManageContext,
  user: SessionUser,
  cancel: boolean,
): Promise<SubscriptionView> {
  const current = decidingSubscription(await userSubscriptions(ctx.db, user.id));
  if (!current || current.status === "canceled" || current.status === "incomplete_expired") {
    throw conflict("errors.noSubscription");
  }
  return presentSubscription(await ctx.payments.setCancelAtPeriodEnd(current.id, cancel));
}

/** Stripe's Billing Portal (card, invoices, plan); the sandbox sends the user to the account page. */
export async function openPortal(ctx: ManageContext, user: SessionUser): Promise<{ url: string }> {
  if (!user.stripeCustomerId) throw conflict("errors.noSubscription");
  return {
    url: await ctx.payments.createPortal(
      user.stripeCustomerId,
      `${ctx.config.publicUrl}/subscription/redirect`,
    ),
  };
}

export async function listInvoices(ctx: ManageContext, user: SessionUser): Promise<InvoiceView[]> {
  if (!user.stripeCustomerId) return [];
  const invoices = await ctx.payments.listInvoices(user.stripeCustomerId);
  return invoices.map((invoice) => ({ ...invoice, createdAt: invoice.createdAt.toISOString() }));
}
