import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import type { PushSubscribeBody } from "../../../contract/push";
import type { AppContext } from "../../context";
import { pushSubscriptions } from "../../db/schema/index";
import { checkPushEndpoint, RefusedEndpoint } from "../../integrations/push/endpoint-guard";
import { notFound, validationError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { updateMessagingPreferences } from "../accounts/update-messaging-preferences";

/** Browsers a user may receive push in; past it, the longest unconfirmed ones are let go. */
export const MAX_ACTIVE_SUBSCRIPTIONS = 20;
/**
 * Some push services keep answering 201 for subscriptions that are long dead. The app sends its subscription
 * again each time it opens; one not sent for this long belongs to a browser nobody uses.
 */
export const UNCONFIRMED_AFTER_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records (or re-confirms) this browser's subscription for the signed-in user, idempotent on the endpoint.
 *
 * An endpoint known under another user moves to this one: an endpoint belongs to one browser profile, and the
 * notifications it shows should be those of whoever is signed in there now (a shared or handed-down device).
 * Taking someone's endpoint needs the endpoint itself, a capability URL only their browser knows; the worst a
 * thief could do is redirect the victim's pushes until the victim's app opens and sends it back.
 *
 * A subscription the browser has just made (new to us, or one we had deactivated) is the user saying yes to
 * push, so it turns the push preference on. A re-confirmation, or a browser changing hands, leaves the
 * preference alone: turning push off in the account settings sticks although the app re-sends its
 * subscription on every open.
 */
export async function subscribeToPush(
  ctx: AppContext,
  user: SessionUser,
  { subscription, userAgent }: PushSubscribeBody,
): Promise<void> {
  try {
    await checkPushEndpoint(subscription.endpoint, ctx.config.push.allowPrivateEndpoints);
  } catch (error) {
    if (error instanceof RefusedEndpoint) {
      throw validationError("validation.pushEndpoint", "subscription.endpoint");
    }
    throw error;
  }
  const now = ctx.clock.now();
  const [previous] = await ctx.db
    .select({ isActive: pushSubscriptions.isActive })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
  const current = {
    userId: user.id,
    p256dhKey: subscription.keys.p256dh,
    authKey: subscription.keys.auth,
    userAgent: userAgent ?? null,
    isActive: true,
    lastConfirmedAt: now,
    deactivatedReason: null,
  };
  await ctx.db
    .insert(pushSubscriptions)
    .values({ endpoint: subscription.endpoint, ...current })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: current });

  const newest = ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.isActive, true)))
    .orderBy(desc(pushSubscriptions.lastConfirmedAt), desc(pushSubscriptions.id))
    .limit(MAX_ACTIVE_SUBSCRIPTIONS);
  await ctx.db
    .update(pushSubscriptions)
    .set({ isActive: false, deactivatedReason: "superseded" })
    .where(
      and(
        eq(pushSubscriptions.userId, user.id),
        eq(pushSubscriptions.isActive, true),
        notInArray(pushSubscriptions.id, newest),
      ),
    );

  if (!previous?.isActive && !user.pushNotifications) {
    await updateMessagingPreferences(ctx, user, {
      emailNotifications: user.emailNotifications,
      pushNotifications: true,
    });
  }
}

/** Stops push to this browser for the caller; another user's endpoint is answered like an unknown one. */
export async function unsubscribeFromPush(
  ctx: AppContext,
  user: SessionUser,
  endpoint: string,
): Promise<void> {
  const updated = await ctx.db
    .update(pushSubscriptions)
    .set({ isActive: false, deactivatedReason: "unsubscribed" })
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, user.id)))
    .returning({ id: pushSubscriptions.id });
  if (updated.length === 0) throw notFound("errors.pushSubscriptionNotFound");
}

/** The daily sweep: subscriptions no app has re-confirmed for UNCONFIRMED_AFTER_DAYS. Returns how many. */
export async function expireUnconfirmedSubscriptions(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UNCONFIRMED_AFTER_DAYS * DAY_MS);
  const expired = await ctx.db
    .update(pushSubscriptions)
    .set({ isActive: false, deactivatedReason: "unconfirmed" })
    .where(and(eq(pushSubscriptions.isActive, true), lt(pushSubscriptions.lastConfirmedAt, cutoff)))
    .returning({ id: pushSubscriptions.id });
  return expired.length;
}
