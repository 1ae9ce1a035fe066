import { randomUUID } from "node:crypto";
import { DrizzleQueryError } from "drizzle-orm";
import PgBoss from "pg-boss";
import { type DatabaseHandle, sqlStateOf } from "../../db/client";
import { describeFailure } from "../../lib/background";
import type { Jobs, QueueOptions } from "./jobs";

/** Jobs on pg-boss 10 (docs/decisions/011): its tables live in their own schema of the app's database. */
export interface JobsOptions {
  database: Pick<DatabaseHandle, "executeSql">;
  log: { error(object: object, message: string): void };
  /** pg-boss's schema; tests give each run its own. */
  schema?: string;
  /** How long stop() waits for running handlers before handing their jobs back; pg-boss allows no less than 1 s. */
  stopTimeoutMs?: number;
  /** Tests shorten these; the defaults suit production (a job waits at most 2 s, a tick is looked for every 30 s). */
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
}

/** A job as kept for inspection: failed ones stay 14 days. */
export interface JobRecord {
  id: string;
  name: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  /** Retries made so far (the first attempt is not one). */
  retryCount: number;
  /** The last failure's message, when the job failed. */
  error?: string;
}

export type PgBossJobs = Jobs & {
  /** A job by kind and id, archived ones included; null when unknown or deleted. */
  getJob(name: string, id: string): Promise<JobRecord | null>;
};

/** main.ts gives a whole stop 10 s: this leaves 3 of them for the requests in flight and the database. */
export const STOP_TIMEOUT_MS = 7000;
const DAY_SECONDS = 24 * 60 * 60;

const DEFAULTS: Required<QueueOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  concurrency: 1,
  expireInSeconds: 900,
};

/** pg-boss's own queue that turns a due tick into a job of its kind. */
const TICK_QUEUE = "__pgboss__send-it";

/**
 * pg-boss 10's create_queue inserts into its queue table and then adds a foreign key to it: two processes creating
 * queues at once (a first start of several instances) can deadlock, and PostgreSQL aborts one of them. The other
 * has committed by then, so the one aborted tries again.
 */
async function retryDeadlock(step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 5 || sqlStateOf(error) !== "40P01") throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
}

interface Kind {
  handler: (data: object) => Promise<void>;
  options: Required<QueueOptions>;
}

export function createJobs(options: JobsOptions): PgBossJobs {
  const kinds = new Map<string, Kind>();
  const crons = new Map<string, string>();
  let state: "built" | "starting" | "started" | "stopping" | "stopped" = "built";
  let boss: PgBoss | undefined;
  let stopping: Promise<void> | undefined;

  // Statements pg-boss has under way, so stop() returns only once none is left to touch a closing database.
  const inFlight = new Set<Promise<unknown>>();
  let released = false;
  const db: PgBoss.Db = {
    executeSql(text, values) {
      // After stop(), a handler that outlived the deadline still reports its end: its job was already handed
      // back, so the report is dropped, as pg-boss does on its own closed pool (it reads `undefined` as nothing done).
      if (released) return Promise.resolve(undefined as unknown as { rows: [] });
      const query = options.database.executeSql(text, values);
      const forget = () => inFlight.delete(query);
      inFlight.add(query);
      query.then(forget, forget);
      return query;
    },
  };

  const started = (action: string) => {
    if (state === "started" || state === "stopping") return boss!;
    const when = state === "stopped" ? "after jobs.stop()" : "before jobs.start() has finished";
    throw new Error(`jobs: ${action} ${when}: nothing was queued`);
  };

  const work = (name: string, kind: Kind) => async (jobs: PgBoss.JobWithMetadata<object>[]) => {
    // batchSize 1: one job per call.
    const job = jobs[0]!;
    // Fetched while stopping: back to the queue (as a retry) rather than started against a closing database.
    if (state !== "started") throw new Error("stopping: handed back to the queue");
    try {
      await kind.handler(job.data);
    } catch (error) {
      // drizzle's message quotes the statement's parameters (which may be user text); the driver's error is enough.
      const failure = describeFailure(
        error instanceof DrizzleQueryError && error.cause ? error.cause : error,
      );
      options.log.error(
        {
          job: name,
          jobId: job.id,
          attempt: job.retryCount + 1,
          willRetry: job.retryCount < job.retryLimit,
          failure,
        },
        "job failed",
      );
      // What pg-boss keeps in the job's output: the scrubbed message, never the error's own fields.
      throw new Error("message" in failure ? failure.message : failure.type);
    }
  };

  async function createQueues(instance: PgBoss) {
    // pg-boss creates it in start() but ignores a failure there (the deadlock above): without it, no tick would run.
    await retryDeadlock(() => instance.createQueue(TICK_QUEUE));
    for (const [name, { options: queue }] of kinds) {
      const settings: PgBoss.Queue = {
        name,
        // Scheduled kinds: "stately" keeps at most one job queued and one running, so a tick never runs twice
        // at once and a slow run never overlaps the next. Others: "short", at most one queued per singletonKey
        // ("standard" ignores the key); send() gives keyless jobs their own key so they never merge.
        policy: crons.has(name) ? "stately" : "short",
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: queue.retryBackoff,
        expireInSeconds: queue.expireInSeconds,
        // A job not started within 14 days is archived unrun.
        retentionMinutes: 14 * 24 * 60,
      };
      await retryDeadlock(() => instance.createQueue(name, settings));
      // createQueue leaves an existing queue as it was: changed options (or policy) apply from this start on.
      await retryDeadlock(() => instance.updateQueue(name, settings));
    }
  }

  async function applySchedules(instance: PgBoss) {
    // Schedules live in the database: one this code no longer declares (the sandbox's, once Stripe is set up)
    // would keep queueing jobs nobody works.
    for (const { name } of await instance.getSchedules()) {
      if (!crons.has(name)) await instance.unschedule(name);
    }
    for (const [name, cron] of crons) await instance.schedule(name, cron, {}, { tz: "UTC" });
  }

  /** Waits until pg-boss has no statement under way, including those the answers of earlier ones lead to. */
  async function settle() {
    do {
      // pg-boss reacts to an answer within microtasks: after setImmediate, its next statement is under way too.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...inFlight]);
    } while (inFlight.size > 0);
  }

  return {
    define(name, handler, queueOptions = {}) {
      if (state !== "built") throw new Error(`jobs: define("${name}") after start()`);
      if (kinds.has(name)) throw new Error(`jobs: "${name}" is defined twice`);
      kinds.set(name, {
        handler: handler as (data: object) => Promise<void>,
        options: { ...DEFAULTS, ...queueOptions },
      });
    },

    schedule(name, cron) {
      if (state !== "built") throw new Error(`jobs: schedule("${name}") after start()`);
      if (!kinds.has(name)) throw new Error(`jobs: schedule("${name}") for a kind never defined`);
      if (crons.has(name)) throw new Error(`jobs: "${name}" has a schedule already`);
      crons.set(name, cron);
    },

    async send(name, data, sendOptions = {}) {
      const instance = started(`send("${name}")`);
      if (!kinds.has(name)) throw new Error(`jobs: send("${name}") for a kind never defined`);
      const id = randomUUID();
      return instance.send(name, data, {
        id,
        // On a "short" queue a keyless job gets its own key (its id); on a scheduled kind's "stately" queue, none:
        // a job sent by hand joins the tick's instead of running beside it.
        singletonKey: sendOptions.singletonKey ?? (crons.has(name) ? undefined : id),
        startAfter: sendOptions.startAfter,
      });
    },

    async start() {
      if (state !== "built") throw new Error(`jobs: start() when jobs are ${state}`);
      state = "starting";
      const instance = new PgBoss({
        db,
        schema: options.schema ?? "pgboss",
        // Failed jobs stay in the job table 14 days, where getJob reads them; completed ones a day. Then a week
        // in the archive before deletion.
        archiveCompletedAfterSeconds: DAY_SECONDS,
        archiveFailedAfterSeconds: 14 * DAY_SECONDS,
        deleteAfterDays: 7,
        ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
        ...(options.cronMonitorIntervalSeconds
          ? {
              cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
              cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds,
            }
          : {}),
      });
      // pg-boss reports a failed poll or maintenance run here; without a listener the process would crash.
      instance.on("error", (error: Error & { queue?: string }) =>
        options.log.error({ queue: error.queue, failure: describeFailure(error) }, "job queue error"),
      );
      boss = instance;
      try {
        await instance.start();
        await createQueues(instance);
        await applySchedules(instance);
        state = "started";
        for (const [name, kind] of kinds) {
          for (let worker = 0; worker < kind.options.concurrency; worker++) {
            await instance.work(name, { batchSize: 1, includeMetadata: true }, work(name, kind));
          }
        }
      } catch (error) {
        state = "stopping";
        await instance.stop({ graceful: false, close: false }).catch(() => {});
        await settle();
        released = true;
        state = "stopped";
        throw error;
      }
    },

    stop() {
      if (state === "built") {
        state = "stopped";
        return Promise.resolve();
      }
      stopping ??= (async () => {
        state = "stopping";
        // Stops fetching, waits up to the timeout for running handlers, then fails the unfinished ones with
        // 'pg-boss shut down while active': each goes back to the queue as a retry (after its retry delay), run
        // by another process or the next start. A job whose process died instead is retried once it expires.
        await boss?.stop({ graceful: true, timeout: options.stopTimeoutMs ?? STOP_TIMEOUT_MS, close: false });
        await settle();
        released = true;
        state = "stopped";
      })();
      return stopping;
    },

    async getJob(name, id) {
      const job = await started(`getJob("${name}")`).getJobById<object>(name, id, { includeArchive: true });
      if (!job) return null;
      const output = job.output as { message?: unknown } | null;
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        retryCount: job.retryCount,
        ...(job.state === "failed" && typeof output?.message === "string" ? { error: output.message } : {}),
      };
    },
  };
}
