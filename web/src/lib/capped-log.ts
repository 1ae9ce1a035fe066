/**
 * An in-memory log that keeps only its newest `max` entries (spec section 9: the auth event log and the network
 * wrapper's issue log hold at most 100), for support and debugging from the console; nothing leaves the browser.
 */
export interface CappedLog<T> {
  add(entry: T): void;
  /** Oldest first. */
  entries(): readonly T[];
  clear(): void;
}

export function cappedLog<T>(max: number): CappedLog<T> {
  let items: T[] = [];
  return {
    add(entry) {
      items = [...items.slice(Math.max(0, items.length - max + 1)), entry];
    },
    entries: () => items,
    clear() {
      items = [];
    },
  };
}
