import type { OutboxEntry, OutboxStore } from "./outbox";

/*
 * Sending the outbox, shared by the page and the service worker: one sync at a time across tabs and the worker,
 * the user's dreams in the order they were written, each with its own Idempotency-Key so a retry of a request
 * whose answer was lost (a 503 after the row was stored, a timeout) gives back the same dream instead of a copy.
 */

/** Registered for Background Sync by the page, answered by the service worker (sw-sync.ts). */
export const OUTBOX_SYNC_TAG = "dream-outbox";
/** POST /api/dreams (contract/dreams.ts saveDreamBodySchema). */
export const SAVE_DREAM_URL = "/api/dreams";
const LOCK_NAME = "chitta-dream-outbox";
const CHANNEL_NAME = "chitta-outbox";

/** What became of one entry in a sync. */
export type Outcome<A> =
  | { kind: "saved"; answer: A }
  /** Still in the outbox: no answer, a 5xx, or a refusal a later attempt can pass (session, rate limit). */
  | { kind: "waiting"; error: unknown }
  /** Removed: the server will never take this request as it is (the error is shown). */
  | { kind: "refused"; error: unknown };

/** 401/403: the session ended or is not allowed yet; 408/429: asked to come back later. */
const RETRYABLE_REFUSALS = new Set([401, 403, 408, 429]);

export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
};

/** Whether a failed send keeps its dream: no answer at all (offline, timeout), 5xx, or a retryable refusal. */
export function keepsDream(error: unknown): boolean {
  const status = statusOf(error);
  return waitsForNetwork(error) || (status !== undefined && RETRYABLE_REFUSALS.has(status));
}

/** A dream kept because the server could not be reached or failed (not because it refused this session). */
export const waitsForNetwork = (error: unknown): boolean => {
  const status = statusOf(error);
  return status === undefined || status >= 500;
};

function describe(error: unknown): string {
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : (error as { message?: unknown } | null)?.message;
  return [status, typeof message === "string" ? message : null].filter((part) => part != null).join(" ");
}

let localTurn: Promise<unknown> = Promise.resolve();
/** Web Locks where present (shared with other tabs and the worker); otherwise one at a time in this context. */
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.locks) {
    return navigator.locks.request(LOCK_NAME, run) as Promise<T>;
  }
  const result = localTurn.then(run);
  localTurn = result.catch(() => undefined);
  return result;
}

export interface SyncDeps<A> {
  store: OutboxStore;
  /** Only this user's entries are sent: the session is theirs. */
  userId: number;
  /** The POST with the entry's Idempotency-Key; rejects with `{status}` for an HTTP error, anything else offline. */
  send(entry: OutboxEntry): Promise<A>;
}

/**
 * Sends the user's waiting dreams, oldest first. A dream that must wait stops the run (the next ones would meet
 * the same network and must not overtake it); a refused one is dropped and the run goes on.
 */
export function syncOutbox<A>(deps: SyncDeps<A>): Promise<Map<string, Outcome<A>>> {
  return oneAtATime(async () => {
    const outcomes = new Map<string, Outcome<A>>();
    for (const entry of await deps.store.list(deps.userId)) {
      try {
        const answer = await deps.send(entry);
        await deps.store.remove(entry.id);
        outcomes.set(entry.id, { kind: "saved", answer });
      } catch (error) {
        if (keepsDream(error)) {
          await deps.store.put({ ...entry, attempts: entry.attempts + 1, lastError: describe(error) });
          outcomes.set(entry.id, { kind: "waiting", error });
          break;
        }
        await deps.store.remove(entry.id);
        outcomes.set(entry.id, { kind: "refused", error });
      }
    }
    if (outcomes.size > 0) {
      announceOutboxChange({ saved: [...outcomes.values()].some((outcome) => outcome.kind === "saved") });
    }
    return outcomes;
  });
}

/** Told to every page of the app (and the worker) when the outbox changed; `saved` when the journal grew. */
export interface OutboxChange {
  saved: boolean;
}

type Listener = (change: OutboxChange) => void;
const listeners = new Set<Listener>();
/** Marks this context's own messages, which reach its listeners directly. */
const contextId = Math.random().toString(36).slice(2);

export function announceOutboxChange(change: OutboxChange): void {
  for (const listener of listeners) listener(change);
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ ...change, from: contextId });
  channel.close();
}

export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL_NAME);
  if (channel) {
    channel.onmessage = (event: MessageEvent<OutboxChange & { from?: string }>) => {
      if (event.data.from !== contextId) listener({ saved: event.data.saved === true });
    };
  }
  return () => {
    listeners.delete(listener);
    channel?.close();
  };
}
