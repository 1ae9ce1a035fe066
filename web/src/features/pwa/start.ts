import { whenIdle } from "../../lib/idle";
import { listenForInstall } from "./install";

/**
 * Called once as the app starts: the install offer is caught from the first moment, and the service worker
 * (with Workbox's client code) is registered only once the page has loaded and the browser is idle, so it
 * costs the first screen nothing.
 */
export function startPwa(): void {
  listenForInstall();
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const register = () =>
    whenIdle(() => {
      void import("./register").then((module) => module.registerServiceWorker());
    });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
