/** A browser's push machinery (permission, service worker, push manager) for the push tests. Tests only. */
import { vi } from "vitest";

export const TEST_ENDPOINT = "https://push.example.net/send/abc123";

export function fakePushBrowser({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  subscribed = false,
  subscribeFails = false,
} = {}) {
  const subscription = {
    endpoint: TEST_ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: TEST_ENDPOINT,
      expirationTime: null,
      keys: { p256dh: "BPk3", auth: "c2VjcmV0" },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (subscribeFails) throw new DOMException("Registration failed", "AbortError");
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  const FakeNotification = {
    permission,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("PushManager", class {});
  return { pushManager, subscription, requestPermission: FakeNotification.requestPermission };
}

/** Undoes fakePushBrowser's service worker (vi.unstubAllGlobals undoes the rest). */
export function forgetPushBrowser(): void {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}

/** Runs as the installed app: `(display-mode: standalone)` matches. */
export function runAsInstalledApp(): void {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query.includes("standalone"),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}
