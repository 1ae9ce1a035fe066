import { useSyncExternalStore } from "react";
import { isApiError } from "../../lib/api";
import { isChunkLoadError, isNetworkError } from "../../lib/error-log";

/**
 * Spec sections 4 and 8: the connection screen shows when the browser is offline, when the server answers
 * 500 or above, or when a fetch or a lazy chunk fails. Any code may report a problem here.
 */
export type ConnectionProblemKind = "offline" | "server" | "network" | "chunk";

export interface ConnectionProblem {
  kind: ConnectionProblemKind;
  status?: number;
}

type Listener = () => void;
let current: ConnectionProblem | null = null;
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function reportConnectionProblem(kind: ConnectionProblemKind, status?: number): void {
  // An offline notice is the clearest explanation; a later failed request must not replace it.
  if (current?.kind === "offline" && kind !== "offline") return;
  current = status === undefined ? { kind } : { kind, status };
  emit();
}

export function clearConnectionProblem(kind?: ConnectionProblemKind): void {
  if (!current || (kind && current.kind !== kind)) return;
  current = null;
  emit();
}

export function getConnectionProblem(): ConnectionProblem | null {
  return current;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConnectionProblem(): ConnectionProblem | null {
  return useSyncExternalStore(subscribe, getConnectionProblem, getConnectionProblem);
}

/** The connection problem an error stands for, if any (a 4xx answer is the app's business, not the network's). */
export function connectionProblemFromError(error: unknown): ConnectionProblem | null {
  if (isApiError(error)) {
    return typeof error.status === "number" && error.status >= 500
      ? { kind: "server", status: error.status }
      : null;
  }
  if (isChunkLoadError(error)) return { kind: "chunk" };
  if (isNetworkError(error)) return { kind: "network" };
  return null;
}

/** Reports the error if it is a connection problem; returns whether it was one. */
export function reportConnectionError(error: unknown): boolean {
  const problem = connectionProblemFromError(error);
  if (!problem) return false;
  reportConnectionProblem(problem.kind, problem.status);
  return true;
}
