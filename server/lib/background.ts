/**
 * Work a request starts but does not wait for: mail whose sending must not shape the answer (forgot-password,
 * resend), so the requester learns nothing from how long the answer took.
 *
 * In-process only: a task still pending when the process dies is lost (closing the app waits for them, a crash
 * does not). A durable job queue on the same PostgreSQL (pg-boss) is a later issue.
 */
export interface BackgroundRunner {
  /**
   * Runs `task` after the current request's own work. Tasks given the same `key` run one after another (a check
   * followed by a write cannot interleave with another request's); failures are logged, never thrown.
   */
  run(name: string, task: () => Promise<unknown>, key?: string): void;
  /** Resolves once no task is pending, tasks started meanwhile included (tests; closing the app). */
  idle(): Promise<void>;
}

interface FailureLog {
  error(object: object, message: string): void;
}

// A task's error can quote what it was sending (an SMTP refusal names the recipient) or a link's token.
const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;
const scrub = (text: string) => text.replace(ADDRESS, "[address]").replace(TOKEN_LIKE, "[token]");

/** An error as it may be logged: its type, code and message with addresses and token-like strings scrubbed. */
export function describeFailure(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor?.name ?? error.name,
    message: scrub(error.message),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
  };
}

export function createBackgroundRunner(log: FailureLog): BackgroundRunner {
  const pending = new Set<Promise<void>>();
  /** The last task queued under each key, for the next one with that key to wait on. */
  const tails = new Map<string, Promise<void>>();

  return {
    run(name, task, key) {
      const before = key === undefined ? undefined : tails.get(key);
      const running: Promise<void> = (async () => {
        // The answer is written in this tick's continuations; the task starts after it.
        await new Promise((resolve) => setImmediate(resolve));
        await before;
        try {
          await task();
        } catch (error) {
          log.error({ task: name, failure: describeFailure(error) }, "background task failed");
        }
      })().finally(() => {
        pending.delete(running);
        if (key !== undefined && tails.get(key) === running) tails.delete(key);
      });
      pending.add(running);
      if (key !== undefined) tails.set(key, running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
