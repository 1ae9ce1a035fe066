import type { IncomingHttpHeaders } from "node:http";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import type { PushPayload } from "../../../contract/push";
import type { AppContext } from "../../context";
import { pushSubscriptions, users } from "../../db/schema/index";
import type { Jobs } from "../jobs/jobs";
import { type PushTarget, RefusedEndpoint, resolvePushEndpoint } from "./endpoint-guard";
import { vapidDetails } from "./vapid";

/** What delivery needs; `jobs` queues the retries. */
export type PushContext = Pick<AppContext, "config" | "db" | "clock" | "log"> & { jobs: Jobs };

export const PUSH_DELIVER_JOB = "push.deliver";

/** A retry queued by the push service's answer; the payload is a PushPayload, so it holds no dream text. */
export interface PushDeliverJob {
  subscriptionId: number;
  payload: PushPayload;
  /** Retries so far (the first delivery is 0). */
  attempt: number;
}

type Subscription = typeof pushSubscriptions.$inferSelect;

/** A reminder is worth little half a day later: the push service may drop it after this. */
const TTL_SECONDS = 6 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_AFTER_SECONDS = 60;
const MAX_RETRY_AFTER_SECONDS = 60 * 60;
/** A throttled push service (429) is asked again a few times; a failing one (5xx, network) once. */
const RETRIES = { throttled: 3, failed: 1 };

/**
 * Sends a notification to every active subscription of the user, when the user's push preference is on (the
 * account switch is the one place that decides). `delivered` counts the push services that accepted it now;
 * throttled and failing ones are retried by a job, after this answer, so callers fall back (email) on
 * `delivered === 0`.
 */
export async function pushToUser(
  ctx: PushContext,
  userId: number,
  payload: PushPayload,
): Promise<{ attempted: number; delivered: number }> {
  const [user] = await ctx.db
    .select({ pushNotifications: users.pushNotifications })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.pushNotifications) return { attempted: 0, delivered: 0 };
  const subscriptions = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.isActive, true)));
  const results = await Promise.all(
    subscriptions.map((subscription) => deliver(ctx, subscription, payload, 0)),
  );
  return { attempted: subscriptions.length, delivered: results.filter(Boolean).length };
}

/** The retry job: the subscription is read again, so one deactivated (or a preference turned off) meanwhile is skipped. */
export function definePushDelivery(ctx: PushContext): void {
  ctx.jobs.define<PushDeliverJob>(
    PUSH_DELIVER_JOB,
    async ({ subscriptionId, payload, attempt }) => {
      const [row] = await ctx.db
        .select({ subscription: pushSubscriptions })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(
          and(
            eq(pushSubscriptions.id, subscriptionId),
            eq(pushSubscriptions.isActive, true),
            eq(users.pushNotifications, true),
          ),
        );
      if (row) await deliver(ctx, row.subscription, payload, attempt);
    },
    // Retries follow the push service's answer (above); a queue retry could repeat a notification already shown.
    { retryLimit: 0 },
  );
}

type Answer = { status: number; headers: IncomingHttpHeaders } | { error: unknown } | { unusable: unknown };

/** One delivery and what its answer means for the subscription; true when the push service accepted it. */
async function deliver(
  ctx: PushContext,
  subscription: Subscription,
  original: PushPayload,
  attempt: number,
): Promise<boolean> {
  let payload = original;
  let answer = await send(ctx, subscription, payload);
  if ("status" in answer && answer.status === 413 && payload.body !== "") {
    // Too large for this push service: the title and the link are what matter.
    payload = { ...payload, body: "" };
    answer = await send(ctx, subscription, payload);
  }
  const log = ctx.log.child({ pushSubscriptionId: subscription.id });

  if ("unusable" in answer) {
    log.warn({ err: answer.unusable }, "push subscription keys unusable");
    await deactivate(ctx, subscription, "invalid-keys");
    return false;
  }
  if ("error" in answer) {
    if (answer.error instanceof RefusedEndpoint) {
      // Its host now resolves to a private address; DNS may change back, so the subscription is kept.
      log.warn({ reason: answer.error.message }, "push endpoint refused");
      return false;
    }
    log.warn({ err: answer.error }, "push delivery failed");
    await retryLater(ctx, subscription, payload, attempt, RETRIES.failed, undefined);
    return false;
  }
  const { status, headers } = answer;
  if (status >= 200 && status < 300) {
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastDeliveredAt: ctx.clock.now() })
      .where(eq(pushSubscriptions.id, subscription.id));
    return true;
  }
  if (status === 404 || status === 410) {
    // The browser dropped the subscription (unsubscribed, site data cleared, expired).
    await deactivate(ctx, subscription, status === 410 ? "gone" : "not-found");
    return false;
  }
  log.warn({ status }, "push service refused the notification");
  if (status === 429) {
    await retryLater(ctx, subscription, payload, attempt, RETRIES.throttled, headers["retry-after"]);
  } else if (status >= 500) {
    await retryLater(ctx, subscription, payload, attempt, RETRIES.failed, headers["retry-after"]);
  }
  return false;
}

async function deactivate(ctx: PushContext, subscription: Subscription, reason: string) {
  await ctx.db
    .update(pushSubscriptions)
    .set({ isActive: false, deactivatedReason: reason })
    .where(eq(pushSubscriptions.id, subscription.id));
}

async function retryLater(
  ctx: PushContext,
  subscription: Subscription,
  payload: PushPayload,
  attempt: number,
  limit: number,
  retryAfter: string | undefined,
) {
  if (attempt >= limit) return;
  const delaySeconds = Math.min(
    retryAfterSeconds(retryAfter, ctx.clock.now()) ?? DEFAULT_RETRY_AFTER_SECONDS * 2 ** attempt,
    MAX_RETRY_AFTER_SECONDS,
  );
  const job: PushDeliverJob = { subscriptionId: subscription.id, payload, attempt: attempt + 1 };
  try {
    await ctx.jobs.send(PUSH_DELIVER_JOB, job, {
      startAfter: new Date(ctx.clock.now().getTime() + delaySeconds * 1000),
    });
  } catch (error) {
    ctx.log.error({ err: error, pushSubscriptionId: subscription.id }, "could not queue a push retry");
  }
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterSeconds(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * web-push encrypts (aes128gcm) and signs (VAPID); the request is ours, so it connects to the address the guard
 * checked (no second DNS answer in between) and, in tests only, may use http.
 */
async function send(ctx: PushContext, subscription: Subscription, payload: PushPayload): Promise<Answer> {
  try {
    const target = await resolvePushEndpoint(subscription.endpoint, ctx.config.push.allowPrivateEndpoints);
    const vapid = await vapidDetails(ctx);
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dhKey, auth: subscription.authKey },
        },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: "normal", contentEncoding: "aes128gcm" },
      );
    } catch (error) {
      // Keys no message can be encrypted for (not a P-256 point, a wrong-sized secret): never deliverable.
      return { unusable: error };
    }
    return await post(target, details);
  } catch (error) {
    return { error };
  }
}

function post(target: PushTarget, details: webpush.RequestDetails): Promise<Answer> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: pinned,
        // A connection of its own: to the address just checked, and never an idle pooled one the push
        // service may be closing at that very moment (a reset for a notification it would have accepted).
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        // Only the status and headers matter.
        response.resume();
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      },
    );
    request.on("timeout", () => request.destroy(new Error("push service timed out")));
    request.on("error", reject);
    request.end(details.body ?? undefined);
  });
}
