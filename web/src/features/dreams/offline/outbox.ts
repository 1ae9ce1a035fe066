import { type DBSchema, openDB } from "idb";
import type { SaveDreamBody } from "../../../../../contract/dreams";

/**
 * The offline outbox (decision 012, "In the browser"): every dream saved from /dream-input is written here before
 * its request and removed once the server has it, so a dream survives a lost connection, a 503, a reload or a
 * closed tab. Entries never expire. The same database is read by the page and by the service worker.
 */
export interface OutboxEntry {
  /** Made here (crypto.randomUUID()); also the request's Idempotency-Key, so every retry is the same request. */
  id: string;
  /** The user who wrote it: it is sent only with that user's session. */
  userId: number;
  body: SaveDreamBody;
  /** ISO 8601; dreams are sent in this order. */
  createdAt: string;
  attempts: number;
  lastError?: string;
}

/** What syncing needs from storage: IndexedDB in the browser, a Map in unit tests. */
export interface OutboxStore {
  add(entry: OutboxEntry): Promise<void>;
  /** The user's entries, oldest first. */
  list(userId: number): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export const OUTBOX_DB = "chitta-outbox";
const STORE = "dreams";
const BY_USER = "byUserCreated";

interface OutboxSchema extends DBSchema {
  dreams: { key: string; value: OutboxEntry; indexes: { byUserCreated: [number, string] } };
}

export function newOutboxEntry(userId: number, body: SaveDreamBody, now = new Date()): OutboxEntry {
  return { id: crypto.randomUUID(), userId, body, createdAt: now.toISOString(), attempts: 0 };
}

/** The outbox in IndexedDB, or null where the browser has none (then saving goes straight to the server). */
export function indexedDbOutbox(): OutboxStore | null {
  if (typeof indexedDB === "undefined") return null;
  const db = openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: "id" }).createIndex(BY_USER, ["userId", "createdAt"]);
    },
  });
  // Each use awaits it and handles its failure; this only keeps an unused failure from being reported.
  db.catch(() => undefined);
  return {
    add: async (entry) => {
      await (await db).add(STORE, entry);
    },
    list: async (userId) =>
      (await db).getAllFromIndex(STORE, BY_USER, IDBKeyRange.bound([userId, ""], [userId, "\uffff"])),
    put: async (entry) => {
      await (await db).put(STORE, entry);
    },
    remove: async (id) => {
      await (await db).delete(STORE, id);
    },
  };
}

let persistenceAsked = false;
/** Asks once per page load that the browser not evict the outbox under storage pressure (best effort). */
export function requestPersistentStorage(): void {
  if (persistenceAsked || typeof navigator === "undefined" || !navigator.storage?.persist) return;
  persistenceAsked = true;
  void navigator.storage
    .persisted()
    .then((persisted) => (persisted ? true : navigator.storage.persist()))
    .catch(() => false);
}
