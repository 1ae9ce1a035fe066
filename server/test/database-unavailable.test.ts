/**
 * An unreachable, restarting or frozen PostgreSQL is a 503 with Retry-After and the localized "database
 * unavailable" message, quickly, never a 500 or a hang; other database failures stay 500 DATABASE.
 * CI-safe: no real outage. The app's node-postgres pool is pointed at a closed port, or at tiny fake servers
 * that hang up at once, or complete the handshake and then never answer (a frozen server).
 */
import { once } from "node:events";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DrizzleQueryError, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { parseConfig } from "../config";
import { DatabaseConnectError, type DatabaseHandle, isDatabaseUnavailable, openDatabase } from "../db/client";
import { errorsPlugin } from "../plugins/errors";
import { TEST_ORIGIN } from "./harness";

// The lexicon is read from the database when the app starts; these apps have no database to start on.
vi.mock(import("../modules/symbols/symbol-engine"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    createSymbolEngineHolder: () => ({ ...actual.createSymbolEngineHolder(), reload: async () => {} }),
  };
});

const UNAVAILABLE = {
  en: { success: false, code: "DATABASE", message: "The database is not reachable" },
  es: { success: false, code: "DATABASE", message: "No se puede acceder a la base de datos" },
};
const CONNECT_TIMEOUT_MS = 400;
const QUERY_TIMEOUT_MS = 400;
/** Far above both deadlines: a request still waiting then is hanging, and the test fails. */
const HANG_GUARD_MS = 10_000;

const pgError = (code: string, message = "server says no") => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

describe("which failures mean the database is unavailable", () => {
  it.each([
    ["connection refused", wrapped(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))],
    ["connection reset", wrapped(pgError("ECONNRESET", "read ECONNRESET"))],
    ["server restarting (57P03)", wrapped(pgError("57P03", "the database system is starting up"))],
    [
      "admin shutdown (57P01)",
      wrapped(pgError("57P01", "terminating connection due to administrator command")),
    ],
    ["connection failure (08006)", wrapped(pgError("08006"))],
    ["too many connections (53300)", wrapped(pgError("53300"))],
    ["statement timeout (57014)", wrapped(pgError("57014", "canceling statement due to statement timeout"))],
    ["lost connection", wrapped(new Error("Connection terminated unexpectedly"))],
    ["connect deadline", wrapped(new Error("Connection terminated due to connection timeout"))],
    ["busy pool", new DatabaseConnectError(new Error("timeout exceeded when trying to connect"))],
    ["query deadline", wrapped(new Error("Query read timeout"))],
    [
      "both address families refused",
      new DatabaseConnectError(new AggregateError([pgError("ECONNREFUSED"), pgError("ECONNREFUSED")])),
    ],
  ])("%s: unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation (23505)", wrapped(pgError("23505", "duplicate key value"))],
    ["missing table (42P01)", wrapped(pgError("42P01", 'relation "x" does not exist'))],
    ["a closed embedded database", wrapped(new Error("PGlite is closed"))],
    // Not from the database: a mail server that refuses connections is not reported as the database.
    ["another service refusing", pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:25")],
    ["another service timing out", new Error("Query read timeout")],
    ["a plain bug", new TypeError("x is undefined")],
  ])("%s: not unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("how the error plugin answers database failures", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.decorateRequest("language", "en");
    await app.register(errorsPlugin);
    app.get("/refused", async () => {
      throw wrapped(pgError("ECONNREFUSED"));
    });
    app.get("/duplicate", async () => {
      throw wrapped(pgError("23505", "duplicate key value violates unique constraint"));
    });
    app.get("/mail-down", async () => {
      throw pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:25");
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers 503 with Retry-After when the database cannot be reached", async () => {
    const response = await app.inject({ method: "GET", url: "/refused" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual(UNAVAILABLE.en);
  });

  it("keeps a failing statement a 500 DATABASE with the generic message and no Retry-After", async () => {
    const response = await app.inject({ method: "GET", url: "/duplicate" });
    expect(response.statusCode).toBe(500);
    expect(response.headers["retry-after"]).toBeUndefined();
    expect(response.json()).toEqual({
      success: false,
      code: "DATABASE",
      message: "An unexpected error occurred",
    });
  });

  it("does not blame the database for another service's network error", async () => {
    const response = await app.inject({ method: "GET", url: "/mail-down" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: "INTERNAL" });
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

type FakeMode = "hang-up" | "silent" | "frozen" | "frozen-after-begin";

/**
 * A stand-in for PostgreSQL. "hang-up" closes every connection at once (the server died); "silent" accepts and
 * never answers (a stopped postmaster); "frozen" completes the handshake and then answers nothing (a server
 * frozen while connections were open); "frozen-after-begin" answers BEGIN too (frozen inside a transaction).
 */
async function fakePostgres(mode: FakeMode) {
  const sockets = new Set<net.Socket>();
  let statements = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (mode === "hang-up") return void socket.destroy();
    if (mode === "silent") return;
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        // The startup message has no type byte; every later message is a type byte, then its length.
        const header = started ? 1 : 0;
        if (buffer.length < header + 4) return;
        const length = buffer.readInt32BE(header);
        if (buffer.length < header + length) return;
        const type = started ? String.fromCharCode(buffer[0]!) : "startup";
        const body = buffer.subarray(header + 4, header + length);
        buffer = buffer.subarray(header + length);
        if (type === "startup") {
          started = true;
          socket.write(message("R", int32(0))); // AuthenticationOk
          socket.write(message("Z", Buffer.from("I"))); // ReadyForQuery, idle
        } else if (mode === "frozen-after-begin" && type === "Q" && /^begin\b/i.test(body.toString("utf8"))) {
          socket.write(message("C", Buffer.from("BEGIN\0")));
          socket.write(message("Z", Buffer.from("T"))); // ReadyForQuery, in a transaction
        } else if (type === "Q" || type === "P") {
          statements++; // a simple query, or the Parse of an extended one
        }
        // Anything else: no answer, ever.
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.size,
    /** Statements that reached the server (and were never answered). */
    statements: () => statements,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

function message(type: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
}

async function appOn(port: number, poolSize = 4) {
  const database = await openDatabase({
    kind: "postgres",
    url: `postgresql://chitta@127.0.0.1:${port}/chitta`,
    poolSize,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
  });
  const config = parseConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), "chitta-test-data"),
      PUBLIC_URL: TEST_ORIGIN,
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      LOG_LEVEL: "silent",
      RATE_LIMITS: "off",
    },
    { generateSecrets: false },
  );
  const app = await buildApp({ config, database, logger: false, backgroundJobs: false });
  await app.ready();
  return { app, database };
}

const signedIn = { origin: TEST_ORIGIN, cookie: "chitta_session=some-session-token" };
const poolOf = (database: DatabaseHandle) => (database.db as unknown as { $client: pg.Pool }).$client;

describe("the app on an unreachable PostgreSQL", () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    ({ app, database } = await appOn(await closedPort()));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers a signed-in read 503 with Retry-After, in the caller's language", async () => {
    const english = await app.inject({ method: "GET", url: "/api/dreams", headers: signedIn });
    expect(english.statusCode).toBe(503);
    expect(english.headers["retry-after"]).toBe("5");
    expect(english.json()).toEqual(UNAVAILABLE.en);

    const spanish = await app.inject({
      method: "GET",
      url: "/api/dreams",
      headers: { ...signedIn, "x-language": "es" },
    });
    expect(spanish.statusCode).toBe(503);
    expect(spanish.json()).toEqual(UNAVAILABLE.es);
  });

  it("answers a sign-in 503, and reports the database down on the health check", async () => {
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: TEST_ORIGIN },
      payload: { username: "someone", password: "correct horse battery 9" },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual(UNAVAILABLE.en);

    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: { ok: false, driver: "postgres" } });
  });

  it("fails a transaction that cannot get a connection as unavailable", async () => {
    const failure = await database.db.transaction(async () => {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseConnectError);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});

describe.each([
  ["a server that hangs up", "hang-up"],
  ["a server that never answers", "silent"],
] as const)("the app on %s", (_label, mode) => {
  let fake: Awaited<ReturnType<typeof fakePostgres>>;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    fake = await fakePostgres(mode);
    ({ app, database } = await appOn(fake.port));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  // The server never lets the connection through: an answer at all shows the connect deadline worked (without
  // one, the request would hang until the test's own time runs out).
  it("answers 503 instead of hanging", { timeout: HANG_GUARD_MS }, async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/dreams",
      headers: signedIn,
      payload: { content: "I was walking by a river that flowed uphill." },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual(UNAVAILABLE.en);
  });
});

describe.each([
  ["a server frozen after the handshake", "frozen"],
  ["a server frozen inside a transaction", "frozen-after-begin"],
] as const)("the app on %s", (_label, mode) => {
  let fake: Awaited<ReturnType<typeof fakePostgres>>;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    fake = await fakePostgres(mode);
    ({ app, database } = await appOn(fake.port, 1));
  });
  afterEach(async () => {
    // Connections given up on are discarded, not kept for the next request.
    await vi.waitFor(() => expect(poolOf(database).totalCount).toBe(0));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  it("answers 503 once the statement deadline passes, instead of hanging", {
    timeout: HANG_GUARD_MS,
  }, async () => {
    const response = await app.inject({ method: "GET", url: "/api/dreams", headers: signedIn });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE.en);
    // The statement reached the server and was then given up on: it is not a refused connection.
    expect(fake.statements()).toBeGreaterThan(0);
  });

  it("fails a frozen transaction after one deadline, not one per statement, and gives its connection up", async () => {
    // With a pool of one, a connection kept by the failed transaction would leave the next one waiting for the
    // pool (a DatabaseConnectError) instead of reaching the server.
    for (let round = 0; round < 3; round++) {
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(failure).not.toBeInstanceOf(DatabaseConnectError);
    }
  });
});
