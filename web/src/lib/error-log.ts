/**
 * The last application error, kept in localStorage for support (spec section 3), and the rules that tell a
 * minor, self-healing browser error from a real one (spec section 4).
 */
export const ERROR_LOG_KEY = "chitta-last-error";

export interface ErrorRecord {
  message: string;
  stack: string | null;
  componentStack: string | null;
  timestamp: string;
  url: string;
  userAgent: string;
  retryCount: number;
}

const nameOf = (error: unknown) =>
  error && typeof error === "object" && typeof (error as { name?: unknown }).name === "string"
    ? (error as { name: string }).name
    : "";

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return String(error);
}

const CHUNK_PATTERN =
  /Loading chunk|Loading CSS chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
const NETWORK_PATTERN = /Failed to fetch|NetworkError|Network request failed|Load failed|network error/i;

/** A lazy page or stylesheet that could not be downloaded. */
export function isChunkLoadError(error: unknown): boolean {
  return nameOf(error) === "ChunkLoadError" || CHUNK_PATTERN.test(errorMessageOf(error));
}

/** fetch() itself failed: no answer reached the browser. */
export function isNetworkError(error: unknown): boolean {
  return !isChunkLoadError(error) && NETWORK_PATTERN.test(errorMessageOf(error));
}

/** Errors that say nothing about the app's code: resize-observer noise, lost chunks, failed fetches, aborts. */
export function isMinorError(error: unknown): boolean {
  const name = nameOf(error);
  return (
    /ResizeObserver loop/i.test(errorMessageOf(error)) ||
    isChunkLoadError(error) ||
    isNetworkError(error) ||
    name === "AbortError" ||
    name === "CancelledError"
  );
}

export function buildErrorRecord(
  error: unknown,
  componentStack: string | null | undefined,
  retryCount: number,
): ErrorRecord {
  return {
    message: errorMessageOf(error),
    stack: error instanceof Error ? (error.stack ?? null) : null,
    componentStack: componentStack ?? null,
    timestamp: new Date().toISOString(),
    url: typeof window === "undefined" ? "" : window.location.href,
    userAgent: typeof navigator === "undefined" ? "" : navigator.userAgent,
    retryCount,
  };
}

/** Never throws: a full or blocked storage must not turn one error into two. */
export function saveErrorRecord(record: ErrorRecord, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(ERROR_LOG_KEY, JSON.stringify(record));
  } catch {
    // Storage unavailable (private mode, quota): the error is still logged to the console.
  }
}

export function readErrorRecord(storage: Storage = window.localStorage): ErrorRecord | null {
  try {
    const raw = storage.getItem(ERROR_LOG_KEY);
    return raw ? (JSON.parse(raw) as ErrorRecord) : null;
  } catch {
    return null;
  }
}
