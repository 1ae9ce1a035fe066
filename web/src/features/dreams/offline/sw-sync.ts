/// <reference lib="webworker" />

import { IDEMPOTENCY_KEY_HEADER } from "../../../../../contract/idempotency-constants";
import { indexedDbOutbox, type OutboxEntry } from "./outbox";
import { OUTBOX_SYNC_TAG, SAVE_DREAM_URL, syncOutbox } from "./sync";

/**
 * Background Sync for the offline dream outbox: when the page registered the "dream-outbox" tag and the network
 * is back, the browser wakes the service worker, which sends the signed-in user's waiting dreams with their
 * Idempotency-Keys (its fetches carry the session cookie and the app's own Origin, so the CSRF check passes).
 */

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

class RefusedRequest extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** The session's user, or null when nobody is signed in (their dreams wait for them to sign in again). */
async function sessionUserId(): Promise<number | null> {
  const response = await fetch("/api/user", {
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) return null;
  const user = (await response.json()) as { id?: unknown } | null;
  return typeof user?.id === "number" ? user.id : null;
}

async function send(entry: OutboxEntry): Promise<void> {
  const response = await fetch(SAVE_DREAM_URL, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      [IDEMPOTENCY_KEY_HEADER]: entry.id,
    },
    body: JSON.stringify(entry.body),
  });
  if (!response.ok) throw new RefusedRequest(response.status);
}

/** Rejects while dreams still wait, so the browser tries again later with its own backoff. */
async function syncForSession(): Promise<void> {
  const store = indexedDbOutbox();
  const userId = await sessionUserId();
  if (!store || userId === null) return;
  const outcomes = await syncOutbox({ store, userId, send });
  if ([...outcomes.values()].some((outcome) => outcome.kind === "waiting")) {
    throw new Error("Dreams are still waiting to sync");
  }
}

export function registerDreamSync(self: ServiceWorkerGlobalScope): void {
  self.addEventListener("sync", (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncForSession());
  });
}
