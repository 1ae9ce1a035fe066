import type { SaveDreamBody } from "../../../../../contract/dreams";
import { IDEMPOTENCY_KEY_HEADER } from "../../../../../contract/idempotency-constants";
import { apiRequest } from "../../../lib/api";
import type { SaveDreamAnswer } from "../api";
import {
  indexedDbOutbox,
  newOutboxEntry,
  type OutboxEntry,
  type OutboxStore,
  requestPersistentStorage,
} from "./outbox";
import { announceOutboxChange, OUTBOX_SYNC_TAG, type Outcome, SAVE_DREAM_URL, syncOutbox } from "./sync";

/** A save that has not answered by then counts as lost: the dream waits and goes again with the same key. */
export const SAVE_TIMEOUT_MS = 20_000;

let store: OutboxStore | null | undefined;
export function outboxStore(): OutboxStore | null {
  if (store === undefined) store = indexedDbOutbox();
  return store;
}

const sendFromPage = (entry: OutboxEntry) =>
  apiRequest<SaveDreamAnswer>("POST", SAVE_DREAM_URL, entry.body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: entry.id },
    signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Background Sync where the browser has it: the service worker sends the outbox once the network is back. */
function requestBackgroundSync(): void {
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => (registration as SyncRegistration | undefined)?.sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

/** Sends the user's waiting dreams from this page; whatever must still wait is handed to Background Sync. */
export async function syncFromPage(userId: number): Promise<Map<string, Outcome<SaveDreamAnswer>>> {
  const outbox = outboxStore();
  if (!outbox) return new Map();
  const outcomes = await syncOutbox({ store: outbox, userId, send: sendFromPage });
  if ([...outcomes.values()].some((outcome) => outcome.kind === "waiting")) requestBackgroundSync();
  return outcomes;
}

/**
 * Saves a dream through the outbox: written to IndexedDB first, then sent with the dreams that were waiting
 * before it. Without a usable outbox (storage disabled) it is one plain attempt with its key, as before.
 */
export async function saveThroughOutbox(
  userId: number,
  body: SaveDreamBody,
): Promise<Outcome<SaveDreamAnswer>> {
  const entry = newOutboxEntry(userId, body);
  const outbox = outboxStore();
  const stored = outbox
    ? await outbox.add(entry).then(
        () => true,
        () => false,
      )
    : false;
  if (!stored) return { kind: "saved", answer: await sendFromPage(entry) };
  announceOutboxChange({ saved: false });
  requestPersistentStorage();
  // An earlier dream that could not go stops the run before this one: this one waits too.
  return (await syncFromPage(userId)).get(entry.id) ?? { kind: "waiting", error: undefined };
}
