/** Flag helpers that survive blocked storage (private browsing, disabled cookies). */
export function readFlag(key: string, storage: () => Storage = () => window.localStorage): boolean {
  try {
    return storage().getItem(key) === "true";
  } catch {
    return false;
  }
}

export function writeFlag(key: string, storage: () => Storage = () => window.localStorage): void {
  try {
    storage().setItem(key, "true");
  } catch {
    // Without storage the overlay may show again next time; nothing else breaks.
  }
}

export const session = () => window.sessionStorage;
