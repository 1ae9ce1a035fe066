/**
 * Trust suite, database faults: the app in this process on a throwaway PostgreSQL cluster of its own (initdb in
 * a temporary folder, its own port; the machine's server is never touched), 50 writers saving dreams over HTTP,
 * and two kinds of fault while they write:
 *   - outage: `pg_ctl stop -m immediate`, 5 s down, start again. Requests answer 503 with Retry-After and the
 *     localized "database unavailable" error, never another 5xx; the process lives on; the first write succeeds
 *     within 3 s of the database accepting connections again.
 *   - freeze: SIGSTOP on the postmaster and its children for 8 s, then SIGCONT. Requests fail within 5 s (the
 *     driver's connect and statement deadlines) instead of hanging.
 * Every acknowledged (2xx) write must then be in the database. Run: npm run trust:db-faults (PostgreSQL binaries
 * from /usr/lib/postgresql/<version>/bin, or PG_BIN; as root they run as the `postgres` user).
 * Exits non-zero when a requirement fails.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../server/app";
import { parseConfig } from "../server/config";
import { systemClock } from "../server/context";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { users } from "../server/db/schema/index";
import { hashPassword } from "../server/modules/accounts/passwords";
import { createSession } from "../server/modules/accounts/sessions";
import { freePort } from "./lib/local-app";

const run = promisify(execFile);

const WRITERS = Number(process.env.TRUST_WRITERS ?? 50);
/** Sign-ins run transactions, the other way the app uses its connections. */
const SIGN_IN_CLIENTS = 2;
const QUIET_CONNECTIONS = 5;
const WRITER_PAUSE_MS = 50;
const WARM_UP_MS = 3000;
const OUTAGE_MS = 5000;
const FREEZE_MS = 8000;
const SETTLE_MS = 3000;
const RECOVERY_LIMIT_MS = 3000;
const FREEZE_LATENCY_LIMIT_MS = 5000;
const RETRY_AFTER = "5";
const ORIGIN = "http://trust.localhost";
const PASSWORD = "correct horse battery 9";
const LOCALES = {
  en: JSON.parse(readFileSync(new URL("../server/locales/en.json", import.meta.url), "utf8")) as {
    errors: { databaseUnavailable: string };
  },
  es: JSON.parse(readFileSync(new URL("../server/locales/es.json", import.meta.url), "utf8")) as {
    errors: { databaseUnavailable: string };
  },
};

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  client: "writer" | "sign-in";
  language: "en" | "es";
  started: number;
  ended: number;
  status?: number;
  /** The client could not reach the app at all (the app, not the database, failed). */
  networkError?: string;
  /** For a 503: Retry-After present and the body in the error shape, in the caller's language. */
  wellFormed503?: boolean;
  marker?: string;
  dreamId?: number;
}

/** The throwaway cluster: PostgreSQL's own tools, run as the `postgres` user when this runs as root. */
class Cluster {
  readonly port: number;
  private readonly dir: string;
  private readonly dataDir: string;
  private readonly asRoot = process.getuid?.() === 0;

  private constructor(
    private readonly bin: string,
    dir: string,
    port: number,
  ) {
    this.dir = dir;
    this.dataDir = path.join(dir, "data");
    this.port = port;
  }

  static async create(): Promise<Cluster> {
    const bin = process.env.PG_BIN ?? newestPostgresBin();
    const dir = mkdtempSync(path.join(os.tmpdir(), "chitta-trust-db-"));
    const cluster = new Cluster(bin, dir, await freePort());
    if (cluster.asRoot) {
      // initdb refuses to run as root; the postgres user must own the folder it writes.
      const { stdout } = await run("id", ["-u", "postgres"]);
      const { stdout: group } = await run("id", ["-g", "postgres"]);
      chownSync(dir, Number(stdout.trim()), Number(group.trim()));
    }
    await cluster.tool("initdb", ["-D", cluster.dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    return cluster;
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/postgres`;
  }

  get version(): string {
    return path.basename(path.dirname(this.bin));
  }

  private async tool(name: string, args: string[]): Promise<string> {
    const command = path.join(this.bin, name);
    const [file, argv] = this.asRoot
      ? ["runuser", ["-u", "postgres", "--", command, ...args]]
      : [command, args];
    // The postgres user may not be allowed into the current folder: run from the cluster's own.
    const { stdout } = await run(file, argv, { cwd: this.dir });
    return stdout;
  }

  /** Starts the server; with `wait: false` returns as soon as it is launched, to time its readiness here. */
  async start(wait = true): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    const logFile = path.join(this.dir, "postgres.log");
    await this.tool("pg_ctl", [
      "-D",
      this.dataDir,
      "-o",
      options,
      "-l",
      logFile,
      wait ? "-w" : "-W",
      "start",
    ]);
  }

  async stop(mode: "immediate" | "fast"): Promise<void> {
    await this.tool("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "stop"]);
  }

  /** The postmaster, then its children (they cannot fork new ones while it is stopped). */
  async signal(signal: "SIGSTOP" | "SIGCONT"): Promise<number> {
    const postmaster = Number(readFileSync(path.join(this.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = async () => {
      const { stdout } = await run("pgrep", ["-P", String(postmaster)]).catch(() => ({ stdout: "" }));
      return stdout.split("\n").filter(Boolean).map(Number);
    };
    if (signal === "SIGSTOP") {
      process.kill(postmaster, signal);
      const pids = await children();
      for (const pid of pids) process.kill(pid, signal);
      return pids.length + 1;
    }
    const pids = await children();
    for (const pid of pids) process.kill(pid, signal);
    process.kill(postmaster, signal);
    return pids.length + 1;
  }

  /** Whether the server accepts a connection and answers a query right now. */
  async answers(): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 500,
      query_timeout: 500,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  async destroy(): Promise<void> {
    // A failure mid-freeze must not leave stopped processes behind.
    await this.signal("SIGCONT").catch(() => 0);
    await this.stop("fast").catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function newestPostgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("no PostgreSQL binaries in /usr/lib/postgresql/*/bin: set PG_BIN");
  return path.join(root, versions[0], "bin");
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  answer: Answer,
): Promise<unknown> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    answer.ended = now();
    answer.status = response.status;
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (response.status === 503) {
      const error = json as { success?: unknown; code?: unknown; message?: unknown } | undefined;
      answer.wellFormed503 =
        response.headers.get("retry-after") === RETRY_AFTER &&
        error?.success === false &&
        error.code === "DATABASE" &&
        error.message === LOCALES[answer.language].errors.databaseUnavailable;
    }
    return json;
  } catch (error) {
    answer.ended = now();
    answer.networkError =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return undefined;
  }
}

interface Phase {
  name: string;
  from: number;
  to: number;
}

async function main() {
  const failures: string[] = [];
  let finished = false;
  const processEvents = { exits: 0, uncaught: [] as string[], unhandled: [] as string[], warnings: 0 };
  // The app must survive the faults on its own: anything escaping to the process is counted, not fatal here.
  process.on("exit", (code) => {
    processEvents.exits++;
    if (!finished)
      console.error(`[trust] db faults: the process is exiting (code ${code}) before the run ended`);
  });
  process.on("uncaughtException", (error) => processEvents.uncaught.push(error.message));
  process.on("unhandledRejection", (reason) => processEvents.unhandled.push(String(reason)));
  // node-postgres idle-connection losses are reported as warnings: counted instead of printed one by one.
  process.removeAllListeners("warning");
  process.on("warning", () => processEvents.warnings++);

  const cluster = await Cluster.create();
  // The app's data folder (mail outbox, generated keys): nothing the run looks at.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-trust-db-app-"));
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  try {
    await cluster.start();
    console.log(`[trust] db faults: throwaway PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port}`);
    database = await openDatabase({ kind: "postgres", url: cluster.url });
    await database.migrate();
    const config = parseConfig(
      {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        RATE_LIMITS: "off",
        // The app listens on a port chosen at random; its CSRF check wants a known origin.
        APP_ORIGINS: ORIGIN,
        PUBLIC_URL: ORIGIN,
        COOKIE_SECURE: "false",
        PORT: "0",
        SESSION_SECRET: randomBytes(32).toString("hex"),
      },
      { generateSecrets: false },
    );
    app = await buildApp({ config, database, logger: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const origin = ORIGIN;

    // One account and session per writer, straight into the database (signing 50 people up is not under test).
    const runId = Date.now().toString(36);
    const passwordHash = await hashPassword(PASSWORD);
    const created = await database.db
      .insert(users)
      .values(
        Array.from({ length: WRITERS }, (_, index) => ({
          username: `fault${runId}${index}`,
          email: `fault${runId}${index}@example.com`,
          password: passwordHash,
          emailVerified: true,
          accountStatus: "active",
          hasUnlimitedAccess: true,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const ctx = { db: database.db, config, clock: systemClock };
    const cookies: string[] = [];
    for (const user of created) {
      const { token } = await createSession(ctx, user.id, { userAgent: "trust-db-faults" });
      cookies.push(`chitta_session=${token}`);
    }
    console.log(
      `[trust] db faults: ${WRITERS} writers and ${SIGN_IN_CLIENTS} sign-in clients, app at ${base}`,
    );

    const answers: Answer[] = [];
    let stopping = false;
    let written = 0;
    const writer = async (index: number) => {
      const language = index % 2 === 0 ? "en" : "es";
      const headers = { origin, cookie: cookies[index]!, "x-language": language };
      while (!stopping) {
        const marker = `tf-${runId}-w${index}-${written++}`;
        const answer: Answer = { client: "writer", language, started: now(), ended: 0, marker };
        const json = await post(
          `${base}/api/dreams`,
          { content: `I dreamt of a lighthouse that sang at night. Marker ${marker}.`, tags: ["trust"] },
          headers,
          answer,
        );
        if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
          answer.dreamId = (json as { dream: { id: number } }).dream.id;
        }
        answers.push(answer);
        await sleep(WRITER_PAUSE_MS);
      }
    };
    const signIn = async (index: number) => {
      const username = created[index]!.username;
      while (!stopping) {
        const answer: Answer = { client: "sign-in", language: "en", started: now(), ended: 0 };
        await post(
          `${base}/api/login`,
          { username, password: PASSWORD },
          { origin, "x-language": "en" },
          answer,
        );
        answers.push(answer);
        await sleep(WRITER_PAUSE_MS * 4);
      }
    };
    const clients = [
      ...Array.from({ length: WRITERS }, (_, index) => writer(index)),
      ...Array.from({ length: SIGN_IN_CLIENTS }, (_, index) => signIn(index)),
    ];

    // The writers keep every connection of the app's pool busy; a second pool left idle, as a quiet process's
    // would be, sees the server die through its idle connections (node-postgres then emits 'error' on the pool).
    const quiet = await openDatabase({ kind: "postgres", url: cluster.url, poolSize: QUIET_CONNECTIONS });
    await Promise.all(Array.from({ length: QUIET_CONNECTIONS }, () => quiet.ping()));

    await sleep(WARM_UP_MS);

    // Outage: the server goes down hard, stays down, comes back.
    const outageStart = now();
    await cluster.stop("immediate");
    const stopped = now();
    await sleep(OUTAGE_MS);
    const startCommand = now();
    await cluster.start(false);
    let databaseUp: number | undefined;
    while (now() - startCommand < 30_000) {
      if (await cluster.answers()) {
        databaseUp = now();
        break;
      }
      await sleep(25);
    }
    if (databaseUp === undefined) throw new Error("the throwaway cluster did not come back within 30 s");
    const idleConnectionsLost = processEvents.warnings;
    const quietRecovered = await quiet.ping().then(
      () => true,
      () => false,
    );
    await quiet.close();
    await sleep(SETTLE_MS);

    // Freeze: the server stops answering without closing anything.
    const freezeStart = now();
    const frozenProcesses = await cluster.signal("SIGSTOP");
    await sleep(FREEZE_MS);
    await cluster.signal("SIGCONT");
    const thawed = now();
    await sleep(SETTLE_MS);

    stopping = true;
    await Promise.all(clients);

    // What the clients saw.
    const firstSuccessAfter = (time: number) =>
      answers
        .filter((answer) => answer.client === "writer" && answer.dreamId !== undefined && answer.ended > time)
        .reduce<number | undefined>(
          (first, answer) => (first === undefined || answer.ended < first ? answer.ended : first),
          undefined,
        );
    const phases: Phase[] = [
      { name: "outage", from: outageStart, to: databaseUp + RECOVERY_LIMIT_MS },
      { name: "freeze", from: freezeStart, to: thawed + RECOVERY_LIMIT_MS },
    ];
    const within = (answer: Answer, phase: Phase) => answer.ended >= phase.from && answer.started <= phase.to;
    const writes = answers.filter((answer) => answer.client === "writer");
    const acknowledged = writes.filter((answer) => answer.dreamId !== undefined);
    const unavailable = answers.filter((answer) => answer.status === 503);
    const malformed503 = unavailable.filter((answer) => !answer.wellFormed503);
    const other5xx = answers.filter(
      (answer) => answer.status !== undefined && answer.status >= 500 && answer.status !== 503,
    );
    const unexpected = answers.filter(
      (answer) =>
        answer.status !== undefined &&
        answer.status < 500 &&
        !(answer.client === "writer" ? answer.status === 201 : answer.status === 200),
    );
    const networkErrors = answers.filter((answer) => answer.networkError !== undefined);
    const outage = phases[0]!;
    const freeze = phases[1]!;
    const outage503 = unavailable.filter((answer) => within(answer, outage));
    const freeze503 = unavailable.filter((answer) => within(answer, freeze));
    const outageSpanish = outage503.filter(
      (answer) => answer.language === "es" && answer.wellFormed503,
    ).length;
    const recoveredAt = firstSuccessAfter(databaseUp);
    const recoveryMs =
      recoveredAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, recoveredAt - databaseUp);
    const thawRecoveredAt = firstSuccessAfter(thawed);
    const thawRecoveryMs =
      thawRecoveredAt === undefined ? Number.POSITIVE_INFINITY : thawRecoveredAt - thawed;
    // Every request that was waiting on the frozen server at some point: in flight at SIGSTOP, or sent during it.
    const duringFreeze = answers.filter((answer) => answer.ended >= freezeStart && answer.started <= thawed);
    const freezeLatencies = duringFreeze.map((answer) => answer.ended - answer.started).sort((a, b) => a - b);
    const maxFreezeLatency = freezeLatencies.at(-1) ?? 0;
    const p50FreezeLatency = freezeLatencies[Math.floor(freezeLatencies.length / 2)] ?? 0;

    // What the database kept: every acknowledged write, and perhaps some answered 503 (the answer was lost, not
    // the write: a statement sent to the frozen server ran when it woke up).
    const verify = new pg.Client({ connectionString: cluster.url });
    await verify.connect();
    const { rows } = await verify.query<{ id: number; content: string }>(
      "select id, content from dreams where user_id = any($1::int[])",
      [created.map((user) => user.id)],
    );
    await verify.end();
    const markerOf = (content: string) => /Marker (tf-[^.]+)\./.exec(content)?.[1];
    const storedById = new Map(rows.map((row) => [row.id, markerOf(row.content)]));
    const storedMarkers = new Set(rows.map((row) => markerOf(row.content)));
    const lost = acknowledged.filter((answer) => storedById.get(answer.dreamId!) !== answer.marker);
    const storedDespite503 = writes.filter(
      (answer) => answer.status === 503 && storedMarkers.has(answer.marker),
    );

    console.log(
      `[trust] db faults: outage: stopped (immediate) in ${Math.round(stopped - outageStart)} ms, down ${OUTAGE_MS / 1000} s; ` +
        `accepting connections ${Math.round(databaseUp - startCommand)} ms after the start command; ` +
        `first acknowledged write ${Math.round(recoveryMs)} ms after that`,
    );
    console.log(
      `[trust] db faults: outage: ${outage503.length} answers 503 (${outage503.filter((a) => a.wellFormed503).length} with Retry-After ${RETRY_AFTER} and the DATABASE error, ${outageSpanish} of them in Spanish)`,
    );
    console.log(
      `[trust] db faults: freeze: ${frozenProcesses} processes stopped for ${FREEZE_MS / 1000} s; ${duringFreeze.length} requests waited on it, ` +
        `${freeze503.length} answered 503; latency p50 ${Math.round(p50FreezeLatency)} ms, max ${Math.round(maxFreezeLatency)} ms; ` +
        `first acknowledged write ${Math.round(thawRecoveryMs)} ms after SIGCONT`,
    );
    console.log(
      `[trust] db faults: writes: ${writes.length} sent, ${acknowledged.length} acknowledged, ${lost.length} lost; ` +
        `${storedDespite503.length} answered 503 yet stored (a retry would duplicate them); ${rows.length} rows in all`,
    );
    console.log(
      `[trust] db faults: answers: ${answers.length} in all, ${unavailable.length} x 503 (${malformed503.length} without Retry-After or the error shape), ` +
        `${other5xx.length} x other 5xx, ${unexpected.length} unexpected statuses, ${networkErrors.length} failed connections to the app`,
    );
    console.log(
      `[trust] db faults: process: ${processEvents.uncaught.length} uncaught exceptions, ${processEvents.unhandled.length} unhandled rejections, ` +
        `${processEvents.exits} exits; idle pool: ${idleConnectionsLost} of ${QUIET_CONNECTIONS} idle connections reported lost, ` +
        `${quietRecovered ? "answering again" : "NOT answering"} after the restart`,
    );
    console.log(
      `[trust] db faults: ${WRITERS} writers, ${acknowledged.length} acknowledged, ${lost.length} lost; ` +
        `outage: ${outage503.length} answers 503 with Retry-After, ${other5xx.length} x 5xx other than 503; ` +
        `recovered ${(recoveryMs / 1000).toFixed(2)} s after the database; freeze: max latency ${Math.round(maxFreezeLatency)} ms`,
    );

    if (lost.length > 0) failures.push(`${lost.length} acknowledged writes are not in the database`);
    if (outage503.length === 0) failures.push("no request was answered 503 during the outage");
    if (freeze503.length === 0) failures.push("no request was answered 503 during the freeze");
    if (malformed503.length > 0)
      failures.push(`${malformed503.length} answers 503 lack Retry-After or the error shape`);
    if (other5xx.length > 0) {
      failures.push(
        `${other5xx.length} answers 5xx other than 503 (${[...new Set(other5xx.map((a) => a.status))].join(", ")})`,
      );
    }
    if (unexpected.length > 0) {
      failures.push(
        `${unexpected.length} unexpected statuses (${[...new Set(unexpected.map((a) => a.status))].join(", ")})`,
      );
    }
    if (networkErrors.length > 0)
      failures.push(
        `${networkErrors.length} requests could not reach the app: ${networkErrors[0]!.networkError}`,
      );
    if (recoveryMs > RECOVERY_LIMIT_MS)
      failures.push(`recovery took ${Math.round(recoveryMs)} ms after the database was back`);
    if (maxFreezeLatency > FREEZE_LATENCY_LIMIT_MS) {
      failures.push(
        `a request waited ${Math.round(maxFreezeLatency)} ms on the frozen database (limit ${FREEZE_LATENCY_LIMIT_MS} ms)`,
      );
    }
    if (idleConnectionsLost === 0) failures.push("the idle pool did not report its lost connections");
    if (!quietRecovered) failures.push("the idle pool did not reconnect after the restart");
    if (processEvents.uncaught.length > 0) failures.push(`uncaught exception: ${processEvents.uncaught[0]}`);
    if (processEvents.unhandled.length > 0)
      failures.push(`unhandled rejection: ${processEvents.unhandled[0]}`);
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  finished = true;
  console.log(
    failures.length > 0 ? `[trust] db faults: FAILED\n  ${failures.join("\n  ")}` : "[trust] db faults: OK",
  );
  process.exit(failures.length > 0 ? 1 : 0);
}

await main();
