import { useSyncExternalStore } from "react";

/**
 * A new version of the app waiting to take over (registerType "prompt"): the service worker registration
 * (register.ts, loaded after the first screen) reports it here, and the update prompt offers the reload.
 */
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => Promise<void>): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** Activates the waiting version; the page reloads once it controls the page. */
export function reloadToUpdate(): Promise<void> {
  return applyUpdate ? applyUpdate() : Promise.resolve();
}

export function dismissUpdate(): void {
  applyUpdate = null;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate !== null,
    () => false,
  );
}
