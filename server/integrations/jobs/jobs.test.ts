import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { databaseUrlFor } from "../../test/global-setup";
import { createTestApp, testDrivers } from "../../test/harness";
import { createJobs, type JobsOptions, type PgBossJobs } from "./pg-boss-jobs";

/** Polls until `done` holds; the deadline only keeps a broken run from hanging, nothing is timed. */
async function waitFor(done: () => boolean | Promise<boolean>, what: string, deadlineMs = 20_000) {
  const until = Date.now() + deadlineMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const logged: { message: string; fields: object }[] = [];
const log: JobsOptions["log"] = { error: (fields, message) => logged.push({ message, fields }) };

let schemaCounter = 0;
/** A Jobs instance in its own pg-boss schema (one per test), polling fast; `setUp` defines its kinds. */
function jobsOn(database: DatabaseHandle, schema: string, setUp: (jobs: PgBossJobs) => void) {
  const jobs = createJobs({
    database,
    log,
    schema,
    stopTimeoutMs: 1000,
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
  });
  setUp(jobs);
  return jobs;
}
const newSchema = () => `jobs_test_${process.pid}_${schemaCounter++}`;

async function rows<T>(database: DatabaseHandle, text: string, values?: unknown[]): Promise<T[]> {
  return (await database.executeSql(text, values)).rows as T[];
}

/** Jobs of a kind not yet completed (or failed for good). */
const unfinished = async (database: DatabaseHandle, schema: string, name: string) =>
  Number(
    (
      await rows<{ count: number }>(
        database,
        `SELECT count(*) AS count FROM ${schema}.job WHERE name = $1 AND state < 'completed'`,
        [name],
      )
    )[0]!.count,
  );

/** A database of its own on the test server, dropped with the run's other databases if this file dies. */
async function createPostgresDatabase(label: string) {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `chitta_jobs_${label}_${inject("runId")}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: databaseUrlFor(serverUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

describe.each(testDrivers)("jobs on %s", (driver) => {
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (driver === "pglite") {
      database = await openDatabase({ kind: "pglite" });
    } else {
      const created = await createPostgresDatabase("basic");
      drop = created.drop;
      database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 4 });
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("runs a sent job, retries one that throws and then keeps it as failed, without logging its data", async () => {
    const done: string[] = [];
    let attempts = 0;
    const jobs = jobsOn(database, newSchema(), (jobs) => {
      jobs.define<{ word: string }>("echo", async ({ word }) => {
        done.push(word);
      });
      jobs.define<{ dream: string }>(
        "doomed",
        async () => {
          attempts++;
          throw new Error("mail to someone@example.com refused");
        },
        { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false },
      );
    });
    await jobs.start();
    try {
      await jobs.send("echo", { word: "hello" });
      const doomed = await jobs.send("doomed", { dream: "I was flying over the sea" });
      await waitFor(
        async () => (await jobs.getJob("doomed", doomed!))?.state === "failed",
        "the job to fail",
      );

      expect(done).toEqual(["hello"]);
      expect(attempts).toBe(3);
      expect(await jobs.getJob("doomed", doomed!)).toEqual({
        id: doomed,
        name: "doomed",
        state: "failed",
        retryCount: 2,
        error: "mail to [address] refused",
      });
      const failures = logged.filter(({ fields }) => (fields as { jobId?: string }).jobId === doomed);
      expect(failures.map(({ fields }) => fields)).toEqual(
        [1, 2, 3].map((attempt) => ({
          job: "doomed",
          jobId: doomed,
          attempt,
          willRetry: attempt < 3,
          failure: { type: "Error", message: "mail to [address] refused" },
        })),
      );
      expect(JSON.stringify(logged)).not.toContain("flying");
    } finally {
      await jobs.stop();
    }
  });

  it("queues one job per singletonKey, and keyless jobs each their own", async () => {
    const ran: number[] = [];
    const jobs = jobsOn(database, newSchema(), (jobs) =>
      jobs.define<{ n: number }>("remind", async ({ n }) => {
        ran.push(n);
      }),
    );
    await jobs.start();
    try {
      const later = new Date(Date.now() + 60_000);
      const first = await jobs.send(
        "remind",
        { n: 1 },
        { singletonKey: "user-1:2025-03-09", startAfter: later },
      );
      const second = await jobs.send(
        "remind",
        { n: 2 },
        { singletonKey: "user-1:2025-03-09", startAfter: later },
      );
      expect(first).toEqual(expect.any(String));
      expect(second).toBeNull();

      await jobs.send("remind", { n: 3 });
      await jobs.send("remind", { n: 4 });
      await waitFor(() => ran.length === 2, "the keyless jobs");
      expect(ran.sort()).toEqual([3, 4]);
    } finally {
      await jobs.stop();
    }
  });

  it("refuses to queue before start() and after stop(), rather than lose the job", async () => {
    const jobs = jobsOn(database, newSchema(), (jobs) => jobs.define("noop", async () => {}));
    await expect(jobs.send("noop", {})).rejects.toThrow(/before jobs.start\(\)/);
    await jobs.start();
    await expect(jobs.send("unknown", {})).rejects.toThrow(/never defined/);
    await jobs.stop();
    await expect(jobs.send("noop", {})).rejects.toThrow(/after jobs.stop\(\)/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("jobs across processes on PostgreSQL", () => {
  let url: string;
  let drop: () => Promise<void>;
  const handles: DatabaseHandle[] = [];
  /** One process's own connection pool, as a separate app instance has. */
  const connect = async () => {
    const handle = await openDatabase({ kind: "postgres", url, poolSize: 3 });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase("processes"));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => {});
    await drop?.();
  });

  it("runs each of 30 jobs exactly once with 3 instances working the queue", async () => {
    const schema = newSchema();
    const runs = new Map<number, number>();
    const instances = await Promise.all(
      [0, 1, 2].map(async () => {
        const jobs = jobsOn(await connect(), schema, (jobs) =>
          jobs.define<{ n: number }>(
            "count",
            async ({ n }) => {
              runs.set(n, (runs.get(n) ?? 0) + 1);
              // Long enough for the other instances to fetch meanwhile.
              await new Promise((resolve) => setTimeout(resolve, 20));
            },
            { concurrency: 2 },
          ),
        );
        await jobs.start();
        return jobs;
      }),
    );
    try {
      await Promise.all(Array.from({ length: 30 }, (_, n) => instances[n % 3]!.send("count", { n })));
      await waitFor(async () => (await unfinished(handles[0]!, schema, "count")) === 0, "every job");

      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
    }
  });

  it("runs a scheduled tick once, though 3 instances look for due ticks every second", async () => {
    const schema = newSchema();
    let runs = 0;
    const instances = await Promise.all(
      [0, 1, 2].map(async () => {
        const jobs = jobsOn(await connect(), schema, (jobs) => {
          jobs.define("tick", async () => {
            runs++;
          });
          // Every minute: a tick is due as soon as the instances start.
          jobs.schedule("tick", "* * * * *");
        });
        await jobs.start();
        return jobs;
      }),
    );
    const database = handles.at(-1)!;
    try {
      await waitFor(() => runs > 0, "the first tick");
      // Each look for due ticks stamps version.cron_on; after several, a duplicate would have been queued.
      const looks = new Set<string>();
      await waitFor(async () => {
        const [version] = await rows<{ cron_on: Date }>(database, `SELECT cron_on FROM ${schema}.version`);
        looks.add(String(version!.cron_on));
        return looks.size > 4;
      }, "more looks for due ticks");
      await waitFor(
        async () =>
          (await unfinished(database, schema, "tick")) === 0 &&
          (await unfinished(database, schema, "__pgboss__send-it")) === 0,
        "the ticks to be worked",
      );

      // pg-boss queues a tick as a "send-it" job keyed by minute, which then queues the kind's own job.
      const ticks = await rows<{ minute: Date }>(
        database,
        `SELECT singleton_on AS minute FROM ${schema}.job WHERE name = '__pgboss__send-it' AND singleton_key = 'tick'`,
      );
      const tickJobs = await rows<{ id: string }>(
        database,
        `SELECT id FROM ${schema}.job WHERE name = 'tick'`,
      );
      expect(ticks.length).toBeGreaterThan(0);
      expect(new Set(ticks.map(({ minute }) => String(minute))).size).toBe(ticks.length);
      expect(tickJobs.length).toBe(ticks.length);
      expect(runs).toBe(tickJobs.length);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
    }
  });

  it("hands a running job back on stop, and a new instance finishes it and the queued ones", async () => {
    const schema = newSchema();
    const options = { retryDelaySeconds: 1, retryBackoff: false };
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const startedByFirst: number[] = [];
    const first = jobsOn(await connect(), schema, (jobs) =>
      jobs.define<{ n: number }>(
        "work",
        async ({ n }) => {
          startedByFirst.push(n);
          await stuck;
        },
        options,
      ),
    );
    await first.start();
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push(await first.send("work", { n }));
    await waitFor(() => startedByFirst.length === 1, "the first instance to start a job");
    await first.stop();

    const doneBySecond: number[] = [];
    const second = jobsOn(await connect(), schema, (jobs) =>
      jobs.define<{ n: number }>(
        "work",
        async ({ n }) => {
          doneBySecond.push(n);
        },
        options,
      ),
    );
    await second.start();
    try {
      await waitFor(() => doneBySecond.length === 5, "the second instance to do every job");
      expect(doneBySecond.sort()).toEqual([0, 1, 2, 3, 4]);
      const interrupted = ids[startedByFirst[0]!]!;
      expect(await second.getJob("work", interrupted)).toMatchObject({ state: "completed", retryCount: 1 });

      // The first instance's handler ends after its stop: its late report changes nothing.
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await second.getJob("work", interrupted)).toMatchObject({ state: "completed", retryCount: 1 });
      expect(await unfinished(handles[0]!, schema, "work")).toBe(0);
    } finally {
      await second.stop();
    }
  });
});

describe("jobs in the app", () => {
  it("schedules the periodic work, runs it, and closes cleanly", async () => {
    const test = await createTestApp("pglite", { backgroundJobs: true });
    try {
      const schedules = await rows<{ name: string; cron: string; timezone: string }>(
        test.database,
        "SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name",
      );
      expect(schedules).toEqual(
        expect.arrayContaining([
          { name: "sandbox.sweep", cron: "* * * * *", timezone: "UTC" },
          { name: "throttle.prune", cron: "0 * * * *", timezone: "UTC" },
        ]),
      );
      // Every minute: due at start.
      await waitFor(
        async () =>
          (
            await rows(
              test.database,
              "SELECT 1 FROM pgboss.job WHERE name = 'sandbox.sweep' AND state = 'completed'",
            )
          ).length > 0,
        "a sandbox sweep",
      );
    } finally {
      await test.close();
    }
  });
});
