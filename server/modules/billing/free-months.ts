import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lte, max, not, or, sql } from "drizzle-orm";
import { FREE_MONTH_DAYS } from "../../../contract/referral-constants";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { billingSubscriptions, premiumGrants, users } from "../../db/schema/index";
import {
  endedStatuses,
  entitlingStatuses,
  SubscriptionNotFoundError,
  type SubscriptionState,
} from "../../integrations/payments/provider";
import { coveringGrant, recomputeTier, storeSubscriptionState, userSubscriptions } from "./entitlements";

export type FreeMonthContext = Pick<AppContext, "db" | "payments" | "clock" | "log" | "config">;

export interface FreeMonthGrant {
  premiumUntil: Date;
  /** True when a running subscription's renewal moved a month later; false for a premium grant span. */
  extendedSubscription: boolean;
}

const FREE_MONTH_MS = FREE_MONTH_DAYS * 24 * 60 * 60 * 1000;

type SubscriptionRow = Awaited<ReturnType<typeof userSubscriptions>>[number];

/** Paid and running: its period ends with a renewal or, when set to cancel, with the end of premium. */
const running = (row: SubscriptionRow) => row.status === "active" || row.status === "trialing";

/** The end of the periods already paid for by running subscriptions, or `now`: a free month starts after it. */
function paidUntil(rows: SubscriptionRow[], now: Date): Date {
  return rows
    .filter(running)
    .reduce(
      (until, row) => (row.currentPeriodEnd && row.currentPeriodEnd > until ? row.currentPeriodEnd : until),
      now,
    );
}

/** Serializes a user's claims and revocations, so two spans stack rather than overlap. */
const lockUser = (tx: Queryable, userId: number) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");

/** Stores the provider's answer right away; its webhook event stores the same state again later. */
const storeState = (ctx: FreeMonthContext, userId: number, state: SubscriptionState) =>
  ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await storeSubscriptionState(tx, ctx.payments.kind, userId, state, ctx.clock.now());
  });

// SEAM (issue 17): implemented by the billing work.
/**
 * Gives the user one free month for a referral reward, through the entitlement code: a running subscription
 * that will renew renews FREE_MONTH_DAYS later (provider `shiftRenewal`); otherwise a premium grant starts now
 * or after the grants already running. `markClaimed` runs inside the transaction that records the grant and
 * returns false when the reward is no longer claimable (then nothing is granted, and a provider shift is undone).
 * Returns null in that case.
 */
export async function grantFreeMonth(
  ctx: FreeMonthContext,
  input: { userId: number; rewardId: number; markClaimed: (tx: Queryable) => Promise<boolean> },
): Promise<FreeMonthGrant | null> {
  const renewing = (await userSubscriptions(ctx.db, input.userId)).find(
    (row) => running(row) && !row.cancelAtPeriodEnd,
  );
  return renewing ? extendSubscription(ctx, renewing.id, input) : grantSpan(ctx, input);
}

/**
 * The renewal moves a month later first (a provider call stays outside transactions); the grant row records
 * the month the shift added, so a revocation can take it back. A claim that does not go through undoes the shift.
 */
async function extendSubscription(
  ctx: FreeMonthContext,
  subscriptionId: string,
  input: Parameters<typeof grantFreeMonth>[1],
): Promise<FreeMonthGrant | null> {
  const { userId, rewardId, markClaimed } = input;
  const shifted = await ctx.payments.shiftRenewal(subscriptionId, FREE_MONTH_DAYS);
  const endsAt = shifted.currentPeriodEnd;
  // It ended since it was stored: the provider moved nothing, so the month becomes a span.
  if (endedStatuses.includes(shifted.status) || !endsAt) return grantSpan(ctx, input);
  let premiumUntil: Date | null = null;
  try {
    premiumUntil = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      if (!(await markClaimed(tx))) return null;
      await tx.insert(premiumGrants).values({
        userId,
        rewardId,
        subscriptionId,
        startsAt: new Date(endsAt.getTime() - FREE_MONTH_MS),
        endsAt,
        createdAt: ctx.clock.now(),
      });
      await storeSubscriptionState(tx, ctx.payments.kind, userId, shifted, ctx.clock.now());
      return endsAt;
    });
  } finally {
    if (!premiumUntil) await undoShift(ctx, subscriptionId, userId, rewardId);
  }
  return premiumUntil ? { premiumUntil, extendedSubscription: true } : null;
}

/** The claim's outcome stands either way; a shift left in place is logged for an admin to take back. */
async function undoShift(ctx: FreeMonthContext, subscriptionId: string, userId: number, rewardId: number) {
  try {
    await storeState(ctx, userId, await ctx.payments.shiftRenewal(subscriptionId, -FREE_MONTH_DAYS));
  } catch (error) {
    ctx.log.error({ err: error, subscriptionId, rewardId }, "free month: a renewal shift was not undone");
  }
}

/**
 * A span of premium after everything already given or paid for: now, or the end of the latest unrevoked
 * grant, or the end of a running subscription set to cancel (so the month is not spent inside a paid period).
 */
async function grantSpan(
  ctx: FreeMonthContext,
  { userId, rewardId, markClaimed }: Parameters<typeof grantFreeMonth>[1],
): Promise<FreeMonthGrant | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [latest] = await tx
      .select({ endsAt: max(premiumGrants.endsAt) })
      .from(premiumGrants)
      .where(and(eq(premiumGrants.userId, userId), isNull(premiumGrants.revokedAt)));
    const paid = paidUntil(await userSubscriptions(tx, userId), now);
    const startsAt = latest?.endsAt && latest.endsAt > paid ? latest.endsAt : paid;
    if (!(await markClaimed(tx))) return null;
    const endsAt = new Date(startsAt.getTime() + FREE_MONTH_MS);
    await tx.insert(premiumGrants).values({ userId, rewardId, startsAt, endsAt, createdAt: now });
    await recomputeTier(tx, userId, now);
    return { premiumUntil: endsAt, extendedSubscription: false };
  });
}

/** Takes back the month a revoked reward gave (its grant ends now, or the subscription's renewal moves back). */
export async function revokeFreeMonth(ctx: FreeMonthContext, rewardId: number): Promise<void> {
  const now = ctx.clock.now();
  // Marking it revoked first makes a second call (or a concurrent one) find nothing left to take back.
  const revoked = await ctx.db.transaction(async (tx) => {
    const [grant] = await tx
      .update(premiumGrants)
      .set({ revokedAt: now })
      .where(and(eq(premiumGrants.rewardId, rewardId), isNull(premiumGrants.revokedAt)))
      .returning();
    if (grant && !grant.subscriptionId) await recomputeTier(tx, grant.userId, now);
    return grant;
  });
  if (!revoked?.subscriptionId) return;
  let state: SubscriptionState;
  try {
    state = await ctx.payments.shiftRenewal(revoked.subscriptionId, -FREE_MONTH_DAYS);
  } catch (error) {
    // A subscription the provider no longer knows has no renewal left to move.
    if (error instanceof SubscriptionNotFoundError) return;
    // Not taken back: the grant stands again, so retrying the revocation finds it.
    await ctx.db.update(premiumGrants).set({ revokedAt: null }).where(eq(premiumGrants.id, revoked.id));
    throw error;
  }
  await storeState(ctx, revoked.userId, state);
}

/**
 * The end of the free months the user sees now: the unrevoked grants chained from now, or from the end of
 * the period running subscriptions paid for. Null when no grant adds to that (a subscription whose renewal
 * moved shows its new renewal date instead).
 */
export async function premiumGrantUntil(db: Queryable, userId: number, now: Date): Promise<Date | null> {
  const grants = await db
    .select({ startsAt: premiumGrants.startsAt, endsAt: premiumGrants.endsAt })
    .from(premiumGrants)
    .where(
      and(eq(premiumGrants.userId, userId), isNull(premiumGrants.revokedAt), gt(premiumGrants.endsAt, now)),
    )
    .orderBy(asc(premiumGrants.startsAt));
  const paid = paidUntil(await userSubscriptions(db, userId), now);
  let until = paid;
  for (const grant of grants) {
    if (grant.startsAt > until) break;
    if (grant.endsAt > until) until = grant.endsAt;
  }
  return until > paid ? until : null;
}

const EXPIRE_BATCH = 1000;

/**
 * The `premium-grants.expire` job, every 5 minutes: recomputes the tier of users whose grant ended (or was
 * revoked) and who are still premium with no covering grant and no entitling subscription, and of free users a
 * grant now covers (a span that started after a gap). This cron is the only path: a grant that ended up to
 * 5 minutes ago may still show premium. Returns how many users it changed; the rest wait for the next run.
 */
export async function expirePremiumGrants(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const now = ctx.clock.now();
  const ended = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(premiumGrants)
      .where(
        and(
          eq(premiumGrants.userId, users.id),
          or(lte(premiumGrants.endsAt, now), isNotNull(premiumGrants.revokedAt)),
        ),
      ),
  );
  const covered = exists(
    ctx.db.select({ one: sql`1` }).from(premiumGrants).where(coveringGrant(users.id, now)),
  );
  const entitled = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.userId, users.id),
          inArray(billingSubscriptions.status, [...entitlingStatuses]),
        ),
      ),
  );
  const stale = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        and(eq(users.subscriptionTier, "premium"), ended, not(covered), not(entitled)),
        and(eq(users.subscriptionTier, "free"), covered),
      ),
    )
    .limit(EXPIRE_BATCH);
  for (const { id } of stale) {
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, id);
      await recomputeTier(tx, id, now);
    });
  }
  return stale.length;
}
