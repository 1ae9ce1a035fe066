import { registerSW } from "virtual:pwa-register";
import { offerUpdate } from "./update";

/** An installed app may stay open for days: it looks for a new version this often as well as on each open. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the service worker (web/src/sw.ts, built as /sw.js). Loaded after the first screen is up. */
export function registerServiceWorker(): void {
  const updateSW = registerSW({
    onNeedRefresh: () => offerUpdate(() => updateSW(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
