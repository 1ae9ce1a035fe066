import { useSyncExternalStore } from "react";

/** Chrome's, Edge's and Samsung Internet's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export interface InstallState {
  /** The browser offered installation: 'Install App' opens its dialog. */
  canPrompt: boolean;
  /** The app was installed while this page was open (`appinstalled`). */
  justInstalled: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, justInstalled: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * Listens from the moment the app's script runs: the browser fires `beforeinstallprompt` once per page load,
 * often before the first render. Returns the way to stop listening (and forget what was heard).
 */
export function listenForInstall(target: Window = window): () => void {
  const onOffer = (event: Event) => {
    // Keep the event: the browser's own mini-infobar stays away and our button opens the dialog instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  };
  const onInstalled = () => {
    deferred = null;
    set({ canPrompt: false, justInstalled: true });
  };
  target.addEventListener("beforeinstallprompt", onOffer);
  target.addEventListener("appinstalled", onInstalled);
  return () => {
    target.removeEventListener("beforeinstallprompt", onOffer);
    target.removeEventListener("appinstalled", onInstalled);
    deferred = null;
    set({ canPrompt: false, justInstalled: false });
  };
}

/** Opens the browser's install dialog; the offer is used up either way (the browser may offer it again). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  set({ canPrompt: false });
  await event.prompt();
}

/** Running as the installed app (any platform), rather than in a browser tab. */
export function runningInstalled(): boolean {
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches ?? false;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * Safari on iPhone and iPad has no install dialog: people add the app from the Share menu, so the button opens
 * the steps instead. iPadOS reports itself as a Mac with a touch screen.
 */
export function needsManualInstall(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
): boolean {
  const appleMobile = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return appleMobile && !runningInstalled();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
