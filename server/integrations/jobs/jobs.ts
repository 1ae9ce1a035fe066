/**
 * Background and scheduled jobs (pg-boss underneath; see docs/decisions/011). Use cases see only this interface.
 * Job data never holds dream text, tokens or secrets: ids and kinds only.
 */
export interface QueueOptions {
  /** Attempts after the first; default 3. */
  retryLimit?: number;
  /** Seconds before the first retry; default 30. */
  retryDelaySeconds?: number;
  /** Double the delay at each retry; default true. */
  retryBackoff?: boolean;
  /** How many jobs of this kind one process runs at once; default 1. */
  concurrency?: number;
  /**
   * Longest one run may take, default 900. A run past it is failed (and retried); so is a job left active by a
   * process that died, once this much time has passed since it started.
   */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** At most one queued job per key (the queue de-duplicates on it). */
  singletonKey?: string;
  /** Not before this instant. */
  startAfter?: Date;
}

export interface Jobs {
  /** Declares a job kind and its handler; call while the app is built, before start(). */
  define<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: QueueOptions): void;
  /** One cron schedule (UTC, 5 fields) per job kind; a tick runs once across every process. */
  schedule(name: string, cron: string): void;
  /** Queues a job of a defined kind; returns its id, or null when an equal singleton is already queued. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  start(): Promise<void>;
  /** Graceful: waits for running jobs up to a deadline, then hands the rest back to the queue. */
  stop(): Promise<void>;
}
