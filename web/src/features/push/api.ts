import type { PushSubscribeBody, PushSubscriptionJson } from "../../../../contract/push";
import { apiRequest } from "../../lib/api";

/** This browser's push subscription on the server (issue 15): plain functions, run by push-client.ts. */

export const fetchVapidPublicKey = () =>
  apiRequest<{ publicKey: string }>("GET", "/api/push/vapid-public-key").then((answer) => answer.publicKey);

/** Saves (or re-confirms: the call is idempotent on the endpoint) this browser's subscription for the user. */
export const saveSubscription = (subscription: PushSubscriptionJson) =>
  apiRequest("POST", "/api/push/subscribe", {
    subscription,
    userAgent: navigator.userAgent.slice(0, 512),
  } satisfies PushSubscribeBody);

export const deleteSubscription = (endpoint: string) =>
  apiRequest("DELETE", "/api/push/subscribe", { endpoint });
