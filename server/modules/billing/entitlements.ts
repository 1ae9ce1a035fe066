import { and, desc, eq, gt, isNull, lte, type SQLWrapper } from "drizzle-orm";
import type { SubscriptionView } from "../../../contract/billing";
import type { Queryable } from "../../db/client";
import { billingSubscriptions, premiumGrants, users } from "../../db/schema/index";
import { entitlingStatuses, type SubscriptionState } from "../../integrations/payments/provider";

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

const entitles = (status: string) => (entitlingStatuses as readonly string[]).includes(status);

/** The subscription that decides what the user sees: an entitling one first, then the most recent. */
export function decidingSubscription(rows: SubscriptionRow[]): SubscriptionRow | undefined {
  return [...rows].sort(
    (a, b) =>
      Number(entitles(b.status)) - Number(entitles(a.status)) ||
      b.updatedAt.getTime() - a.updatedAt.getTime(),
  )[0];
}

export const userSubscriptions = (db: Queryable, userId: number) =>
  db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(desc(billingSubscriptions.updatedAt));

/**
 * Stores the provider's current state of one subscription and derives the user's tier from all of theirs
 * (and their grants), so an old subscription's late event cannot take premium away from a newer one.
 */
export async function storeSubscriptionState(
  tx: Queryable,
  provider: string,
  userId: number,
  state: SubscriptionState,
  now: Date,
) {
  const values = {
    status: state.status,
    plan: state.plan,
    customerId: state.customerId,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    updatedAt: now,
  };
  await tx
    .insert(billingSubscriptions)
    .values({ id: state.id, provider, userId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.id, set: values });
  await recomputeTier(tx, userId, now);
}

/** An unrevoked premium grant (a claimed free month) covering `now`; `userId` may be a column (a subquery's). */
export const coveringGrant = (userId: number | SQLWrapper, now: Date) =>
  and(
    eq(premiumGrants.userId, userId),
    isNull(premiumGrants.revokedAt),
    lte(premiumGrants.startsAt, now),
    gt(premiumGrants.endsAt, now),
  );

/**
 * The one rule for the tier: premium while an entitling subscription or an unrevoked grant covers `now`.
 * `stripeSubscriptionId` names the deciding subscription either way.
 */
export async function recomputeTier(tx: Queryable, userId: number, now: Date) {
  const deciding = decidingSubscription(await userSubscriptions(tx, userId));
  const [grant] = await tx
    .select({ id: premiumGrants.id })
    .from(premiumGrants)
    .where(coveringGrant(userId, now))
    .limit(1);
  const premium = (deciding !== undefined && entitles(deciding.status)) || grant !== undefined;
  await tx
    .update(users)
    .set({ subscriptionTier: premium ? "premium" : "free", stripeSubscriptionId: deciding?.id ?? null })
    .where(eq(users.id, userId));
}

export function presentSubscription(row: SubscriptionRow | SubscriptionState): SubscriptionView {
  return {
    id: row.id,
    plan: row.plan === "monthly" || row.plan === "yearly" ? row.plan : null,
    status: row.status as SubscriptionView["status"],
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}
