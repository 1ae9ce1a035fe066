import type { PushSubscriptionJson } from "../../../../contract/push";
import { deleteSubscription, fetchVapidPublicKey, saveSubscription } from "./api";

/**
 * This browser's web push subscription: asking permission, subscribing with the server's VAPID key, and
 * telling the server (which then sends reminders and announcements here). The account page's push switch and
 * the 'Stay Updated' card both use it.
 */

export type EnablePushOutcome = "subscribed" | "denied" | "unsupported" | "failed";

/** Browsers expose service workers only on secure pages (https, localhost), so this covers that too. */
export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker's registration, once one controls (or is about to control) this page. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? navigator.serviceWorker.ready : null;
}

/** This browser's current subscription, or null (also when push is not supported or no worker is installed). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const worker = await registration();
  return worker ? worker.pushManager.getSubscription() : null;
}

/** The VAPID key as the bytes PushManager.subscribe wants (it arrives base64url-encoded). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4))
    .replaceAll("-", "+")
    .replaceAll("_", "/");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const toJson = (subscription: PushSubscription) => subscription.toJSON() as PushSubscriptionJson;

/**
 * Asks for permission (when not yet given), subscribes this browser and saves the subscription on the server,
 * which turns the user's push preference on.
 */
export async function enablePush(): Promise<EnablePushOutcome> {
  if (!pushSupported()) return "unsupported";
  const permission =
    Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "failed";
  try {
    const worker = await registration();
    if (!worker) return "failed";
    const publicKey = await fetchVapidPublicKey();
    let subscription = await worker.pushManager.getSubscription();
    // A subscription made with another key (the server's keys were replaced) cannot receive: start afresh.
    if (subscription && !sameKey(subscription, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
    await saveSubscription(toJson(subscription));
    return "subscribed";
  } catch {
    return "failed";
  }
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return true;
  const expected = applicationServerKey(publicKey);
  const actual = new Uint8Array(key);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}

/** Unsubscribes this browser and removes the subscription from the server. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await deleteSubscription(endpoint);
}

/**
 * On app start for a signed-in user: sends this browser's subscription again, so the server knows it is still
 * alive (it deactivates subscriptions nobody re-confirms; some push services keep answering for dead ones).
 */
export async function reconfirmPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const subscription = await currentSubscription();
  if (subscription) await saveSubscription(toJson(subscription));
}
