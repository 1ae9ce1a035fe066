import { whenIdle } from "../../lib/idle";
import { listenForInstall } from "./install";

/**
 * The worker's first install downloads the whole built app (about 1 MB) for offline use: on a first visit over a
 * phone's connection that must not compete with the page being read, so it starts a few seconds after load.
 */
const REGISTER_AFTER_LOAD_MS = 5000;

/**
 * Called once as the app starts: the install offer is caught from the first moment, and the service worker
 * (with Workbox's client code) is registered once the page has loaded, a few seconds have passed and the
 * browser is idle, so it costs the first screen nothing.
 */
export function startPwa(): void {
  listenForInstall();
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const register = () =>
    window.setTimeout(
      () =>
        whenIdle(() => {
          void import("./register").then((module) => module.registerServiceWorker());
        }),
      REGISTER_AFTER_LOAD_MS,
    );
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
