/**
 * Trust suite, graceful shutdown: the real server (server/main.ts as a child process, on a fresh embedded
 * database, or TRUST_DATABASE_URL) under load from 20 clients (health checks, journal reads, sign-ins, and
 * dream saves whose bodies arrive slowly over 3 s), then SIGTERM. Requirements:
 *   - every request the server had accepted before SIGTERM gets its normal answer (no reset, no 503);
 *   - new connections are refused once closing has started, while those requests are still running;
 *   - the process exits 0 within 10 s, and the dreams it acknowledged are in the database afterwards.
 * "Accepted" is proven, not guessed: each request carries `Expect: 100-continue`, and Node's server sends
 * `100 Continue` when it has read the request's head. A request the server never read (sent on a kept-alive
 * connection the closing server dropped, or to its closed port) is a refused new request, as it should be.
 * Run: npm run trust:shutdown. Exits non-zero when a requirement fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inArray } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { dreams } from "../server/db/schema/index";
import { freePort } from "./lib/local-app";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEADLINE_MS = 10_000;
const CLIENTS = { health: 8, journal: 6, login: 3, slowSave: 3 } as const;
/** The slow saves trickle their body over this long, so they are surely running when SIGTERM comes. */
const SLOW_BODY_MS = 3000;
const SLOW_BODY_CHUNKS = 10;
const LOAD_BEFORE_SIGTERM_MS = 4500;
const PASSWORD = "correct horse battery 9";
const REQUEST_TIMEOUT_MS = 20_000;

interface Outcome {
  kind: keyof typeof CLIENTS;
  started: number;
  /** When `100 Continue` arrived: the server had read the request's head. */
  accepted?: number;
  ended: number;
  status?: number;
  error?: string;
  marker?: string;
  dreamId?: number;
  /** The session cookie a sign-in answered with. */
  cookie?: string;
}

/** Requests sent and not yet answered (or failed). */
const pending = new Set<Outcome>();

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RequestSpec {
  kind: keyof typeof CLIENTS;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  /** JSON body, sent only once the server has said 100 Continue; in `chunks` pieces `delayMs` apart. */
  body?: string;
  chunks?: number;
  delayMs?: number;
}

function send(agent: http.Agent, port: number, spec: RequestSpec): Promise<Outcome & { text: string }> {
  const outcome: Outcome & { text: string } = { kind: spec.kind, started: now(), ended: 0, text: "" };
  pending.add(outcome);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      outcome.ended = now();
      if (error) outcome.error = error;
      pending.delete(outcome);
      resolve(outcome);
    };
    const headers: Record<string, string> = { expect: "100-continue", ...spec.headers };
    if (spec.body !== undefined) {
      headers["content-type"] = "application/json";
      headers.origin = `http://127.0.0.1:${port}`;
    }
    const request = http.request({
      agent,
      host: "127.0.0.1",
      port,
      method: spec.method,
      path: spec.path,
      headers,
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("client timeout")));
    request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    request.on("continue", async () => {
      outcome.accepted = now();
      if (spec.body === undefined) return;
      const pieces = spec.chunks ?? 1;
      const size = Math.ceil(spec.body.length / pieces);
      for (let index = 0; index < pieces; index++) {
        if (request.destroyed) return;
        request.write(spec.body.slice(index * size, (index + 1) * size));
        if (spec.delayMs && index < pieces - 1) await sleep(spec.delayMs);
      }
      request.end();
    });
    request.on("response", (response) => {
      outcome.status = response.statusCode;
      const session = response.headers["set-cookie"]?.find((cookie) => cookie.startsWith("chitta_session="));
      if (session) outcome.cookie = session.split(";")[0];
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        outcome.text += chunk;
      });
      response.on("end", () => finish());
      response.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    });
    // Without a body the request is complete now; the server still answers 100 Continue when it reads it.
    if (spec.body === undefined) request.end();
    else request.flushHeaders();
  });
}

async function waitForHealth(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: false });
  const until = now() + timeoutMs;
  while (now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited during startup with ${child.exitCode}`);
    const answer = await send(agent, port, { kind: "health", method: "GET", path: "/api/health" });
    if (answer.status === 200) return;
    await sleep(250);
  }
  throw new Error("server did not become healthy in time");
}

/** Whether a new TCP connection to the port is refused right now. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-trust-shutdown-"));
  const logFile = path.join(dataDir, "server.log");
  const port = await freePort();
  const databaseUrl = process.env.TRUST_DATABASE_URL;
  const failures: string[] = [];
  let child: ChildProcess | undefined;
  try {
    // `node --import tsx` is what the tsx command runs, minus its wrapper process: the signal reaches the server
    // itself, and its exit code is the server's.
    const log = openSync(logFile, "a");
    const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMITS: "off",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ["ignore", log, log],
    });
    child = server;
    const exited = once(server, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    console.log(
      `[trust] shutdown: starting server/main.ts on port ${port} (${databaseUrl ? "PostgreSQL" : "embedded PGlite"})`,
    );
    await waitForHealth(port, server, 180_000);

    // Accounts with a few dreams each, for journal reads and sign-ins.
    const setup = new http.Agent({ keepAlive: true });
    const cookies: string[] = [];
    const usernames: string[] = [];
    const run = Date.now().toString(36);
    for (let index = 0; index < CLIENTS.journal; index++) {
      const username = `shut${run}${index}`;
      const signup = await send(setup, port, {
        kind: "login",
        method: "POST",
        path: "/api/signup",
        body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }),
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
      const login = await loginRequest(setup, port, username);
      const cookie = login.cookie;
      if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status} ${login.text}`);
      cookies.push(cookie);
      usernames.push(username);
      for (let dream = 0; dream < 5; dream++) {
        const saved = await send(setup, port, {
          kind: "slowSave",
          method: "POST",
          path: "/api/dreams",
          headers: { cookie },
          body: JSON.stringify({ content: `Setup dream ${dream}: a lighthouse in a field of wheat.` }),
        });
        if (saved.status !== 201) throw new Error(`save failed: ${saved.status} ${saved.text}`);
      }
    }
    setup.destroy();

    // The load: each client loops until the server is gone.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const outcomes: Outcome[] = [];
    let serverGone = false;
    let saveCounter = 0;
    const loop = async (next: () => Promise<Outcome>) => {
      while (!serverGone) {
        const outcome = await next();
        outcomes.push(outcome);
        if (outcome.error === "ECONNREFUSED") break;
      }
    };
    const clients: Array<Promise<void>> = [];
    for (let index = 0; index < CLIENTS.health; index++) {
      clients.push(loop(() => send(agent, port, { kind: "health", method: "GET", path: "/api/health" })));
    }
    for (let index = 0; index < CLIENTS.journal; index++) {
      const cookie = cookies[index]!;
      clients.push(
        loop(() =>
          send(agent, port, {
            kind: "journal",
            method: "GET",
            path: "/api/dreams?limit=20",
            headers: { cookie },
          }),
        ),
      );
    }
    for (let index = 0; index < CLIENTS.login; index++) {
      const username = usernames[index]!;
      clients.push(loop(() => loginRequest(agent, port, username)));
    }
    for (let index = 0; index < CLIENTS.slowSave; index++) {
      const cookie = cookies[index]!;
      clients.push(
        loop(async () => {
          const marker = `shutdown-${run}-${saveCounter++}`;
          const answer = await send(agent, port, {
            kind: "slowSave",
            method: "POST",
            path: "/api/dreams",
            headers: { cookie },
            body: JSON.stringify({ content: `A slow dream about a clock tower (${marker}).` }),
            chunks: SLOW_BODY_CHUNKS,
            delayMs: SLOW_BODY_MS / SLOW_BODY_CHUNKS,
          });
          answer.marker = marker;
          if (answer.status === 201)
            answer.dreamId = (JSON.parse(answer.text) as { dream: { id: number } }).dream.id;
          return answer;
        }),
      );
    }

    await sleep(LOAD_BEFORE_SIGTERM_MS);
    const sigterm = now();
    server.kill("SIGTERM");
    const sentAtSigterm = pending.size;

    // New connections must be refused once closing has started, while accepted requests are still running.
    let refusedAt: number | undefined;
    let runningWhenRefused = 0;
    const probe = (async () => {
      while (server.exitCode === null && refusedAt === undefined) {
        if (await connectionRefused(port)) {
          refusedAt = now();
          // Requests whose head the server read before SIGTERM and whose answer has not come yet.
          runningWhenRefused = [...pending].filter(
            (outcome) => outcome.accepted !== undefined && outcome.accepted < sigterm,
          ).length;
        } else await sleep(50);
      }
    })();

    const [code, signal] = await Promise.race([
      exited,
      sleep(DEADLINE_MS + 5000).then((): [number | null, NodeJS.Signals | null] => [null, null]),
    ]);
    const exitMs = now() - sigterm;
    serverGone = true;
    if (code === null && signal === null) {
      failures.push(`still running ${DEADLINE_MS + 5000} ms after SIGTERM`);
      server.kill("SIGKILL");
    }
    await probe;
    await Promise.all(clients);
    agent.destroy();

    const atSigterm = outcomes.filter(
      (outcome) => outcome.accepted !== undefined && outcome.accepted < sigterm && outcome.ended > sigterm,
    );
    const failed = atSigterm.filter((outcome) => outcome.error !== undefined || !normalStatus(outcome));
    // Sent before SIGTERM, read by the server only after it (it was busy): answered normally, or 503 if read once
    // closing had begun. Never read at all: the request was still on its way when closing began.
    const sentBefore = outcomes.filter((outcome) => outcome.started < sigterm && outcome.ended > sigterm);
    const readAfter = sentBefore.filter(
      (outcome) => outcome.accepted !== undefined && outcome.accepted >= sigterm,
    );
    const unread = sentBefore.filter((outcome) => outcome.accepted === undefined);
    // Whenever it came, a request the server had read must get an answer: a reset after that is a lost request.
    const resetAfterRead = outcomes.filter((outcome) => outcome.accepted !== undefined && outcome.error);
    const afterwards = outcomes.filter((outcome) => outcome.started >= sigterm);
    const refused = afterwards.filter((outcome) => outcome.error === "ECONNREFUSED").length;
    const closing503 = afterwards.filter((outcome) => outcome.status === 503).length;
    const dropped = afterwards.filter((outcome) => outcome.error && outcome.error !== "ECONNREFUSED").length;
    const slowInFlight = atSigterm.filter((outcome) => outcome.kind === "slowSave").length;
    const byKind = Object.keys(CLIENTS)
      .map((kind) => `${atSigterm.filter((outcome) => outcome.kind === kind).length} ${kind}`)
      .join(", ");

    console.log(
      `[trust] shutdown: load of ${Object.values(CLIENTS).reduce((sum: number, count) => sum + count, 0)} clients, ${outcomes.length} requests in all`,
    );
    console.log(
      `[trust] shutdown: ${sentAtSigterm} requests sent and unanswered at SIGTERM: ${atSigterm.length} already read ` +
        `by the server (${byKind}); ${readAfter.length} read after SIGTERM (${readAfter.filter(normalStatus).length} ` +
        `answered normally, ${readAfter.filter((outcome) => outcome.status === 503).length} answered 503); ` +
        `${unread.length} never read`,
    );
    if (refusedAt !== undefined) {
      console.log(
        `[trust] shutdown: new connections refused ${Math.round(refusedAt - sigterm)} ms after SIGTERM, ` +
          `with ${runningWhenRefused} accepted requests still running`,
      );
    }
    console.log(
      `[trust] shutdown: after SIGTERM: ${refused} new requests refused, ${closing503} answered 503 (closing), ` +
        `${dropped} dropped before the server read them`,
    );

    // The slow saves the server acknowledged must be in the database it closed.
    const acknowledged = outcomes.filter(
      (outcome) => outcome.kind === "slowSave" && outcome.dreamId !== undefined,
    );
    const database = await openDatabase(
      databaseUrl
        ? { kind: "postgres", url: databaseUrl }
        : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    );
    const ids = acknowledged.map((outcome) => outcome.dreamId!);
    const stored = ids.length
      ? await database.db
          .select({ id: dreams.id, content: dreams.content })
          .from(dreams)
          .where(inArray(dreams.id, ids))
      : [];
    await database.close();
    const storedById = new Map(stored.map((row) => [row.id, row.content]));
    const lost = acknowledged.filter(
      (outcome) => !storedById.get(outcome.dreamId!)?.includes(outcome.marker!),
    );
    console.log(`[trust] shutdown: ${resetAfterRead.length} requests reset after the server had read them`);
    console.log(
      `[trust] shutdown: ${acknowledged.length} slow saves acknowledged (${acknowledged.filter((o) => o.started < sigterm && o.ended > sigterm).length} across SIGTERM), ${lost.length} missing from the database after exit`,
    );
    console.log(
      `[trust] shutdown: ${atSigterm.length} requests in flight at SIGTERM, ${failed.length} failed, exited with ${code ?? signal} in ${Math.round(exitMs)} ms`,
    );

    if (atSigterm.length === 0 || slowInFlight === 0) failures.push("no request was in flight at SIGTERM");
    for (const outcome of failed.slice(0, 5)) {
      failures.push(`in-flight ${outcome.kind} failed: ${outcome.error ?? `status ${outcome.status}`}`);
    }
    if (failed.length > 5) failures.push(`... and ${failed.length - 5} more in-flight failures`);
    if (code !== 0) failures.push(`exit code ${code ?? signal}, expected 0`);
    if (exitMs > DEADLINE_MS)
      failures.push(`exit took ${Math.round(exitMs)} ms, more than ${DEADLINE_MS} ms`);
    if (refusedAt === undefined)
      failures.push("new connections were never refused before the process exited");
    else if (runningWhenRefused === 0) {
      failures.push("new connections were refused only after the in-flight requests were done");
    }
    if (lost.length > 0) failures.push(`${lost.length} acknowledged saves missing after exit`);
    if (resetAfterRead.length > 0) {
      failures.push(`${resetAfterRead.length} requests the server had read got no answer (connection reset)`);
    }
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    child?.kill("SIGKILL");
  } finally {
    if (failures.length > 0) {
      console.error(`[trust] shutdown: FAILED\n  ${failures.join("\n  ")}`);
      try {
        console.error(
          `--- server log (tail) ---\n${readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n")}`,
        );
      } catch {
        // No log yet: the server never started.
      }
    } else {
      console.log("[trust] shutdown: OK");
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failures.length > 0 ? 1 : 0);
}

/** The answer a request gets from a server that is not stopping. */
function normalStatus(outcome: Outcome): boolean {
  if (outcome.status === undefined) return false;
  return outcome.kind === "slowSave" ? outcome.status === 201 : outcome.status === 200;
}

function loginRequest(agent: http.Agent, port: number, username: string) {
  return send(agent, port, {
    kind: "login",
    method: "POST",
    path: "/api/login",
    body: JSON.stringify({ username, password: PASSWORD }),
  });
}

await main();
