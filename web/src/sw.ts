/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest): the built app precached, every page navigation answered
 * with the app shell so the app opens offline, push notifications, and the offline dream outbox's sync hook.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { registerDreamSync } from "./features/dreams/offline/sw-sync";
import { notificationTarget, readPushPayload } from "./features/push/notification";

declare const self: ServiceWorkerGlobalScope;

// Every built file (JS chunks of both languages' texts and all pages, CSS, icons): a page never visited before
// still opens offline, and a new version is installed whole before it takes over.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The server's own pages (the OIDC redirects) and the API are never answered with the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/auth(\/|\?|$)/, /^\/callback(\/|\?|$)/],
  }),
);

// registerType "prompt": a new version waits until the page asks for it (the user clicked Reload).
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("push", (event) => {
  const payload = readPushPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: payload.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(openOrFocus(target));
});

/** Focuses a window already showing `target`, else moves an open window of the app there, else opens one. */
async function openOrFocus(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) {
    await same.focus();
    return;
  }
  const open = windows[0];
  if (open) {
    const moved = await open.navigate(target).catch(() => null);
    if (moved) {
      await moved.focus();
      return;
    }
  }
  await self.clients.openWindow(target);
}

registerDreamSync(self);
