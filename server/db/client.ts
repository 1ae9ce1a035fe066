import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { DrizzleQueryError, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataFolder } from "./data-folder-lock";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** Both drivers expose the same query builder; use cases only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A use case runs on the database or inside a caller's transaction alike. */
export type Queryable = Database | Transaction;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseTarget =
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /** Longest wait for a connection (a new one, or a free one from a busy pool); 0 waits forever. */
      connectTimeoutMs?: number;
      /** Longest wait for one statement's answer; 0 waits forever (scripts doing bulk work may want that). */
      queryTimeoutMs?: number;
    }
  /** With a dataDir, one process at a time: see data-folder-lock.ts. */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/**
 * Without deadlines a request to an unreachable or frozen PostgreSQL hangs until the client gives up (a stopped
 * server answers nothing, not even a refusal). Together they keep a failing request under 5 s, so it becomes a
 * quick 503 the caller may retry. Request statements take milliseconds: 4 s is far beyond a healthy answer.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 3000;
export const POSTGRES_QUERY_TIMEOUT_MS = 4000;
/**
 * The client-side deadline leaves the statement running on the server; the server's own limit, a little later,
 * stops it there too, so abandoned work does not pile up on an overloaded database.
 */
const SERVER_STATEMENT_GRACE_MS = 1000;

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseTarget["kind"];
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (pg-boss). With values: one statement. Without: the text may hold
   * several, and one that opens a transaction and fails leaves none open behind it.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: the whole database as a tarball, to clone it cheaply in tests. */
  dump?(): Promise<Blob>;
}

export function targetFromConfig(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const connectTimeoutMs = target.connectTimeoutMs ?? POSTGRES_CONNECT_TIMEOUT_MS;
    const queryTimeoutMs = target.queryTimeoutMs ?? POSTGRES_QUERY_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: connectTimeoutMs || undefined,
      query_timeout: queryTimeoutMs || undefined,
      statement_timeout: queryTimeoutMs ? queryTimeoutMs + SERVER_STATEMENT_GRACE_MS : undefined,
      // A server that vanished without closing the connection (host down, network cut) is noticed by TCP.
      keepAlive: true,
    });
    // An idle connection closed by the server (restart, failover, pg_terminate_backend) is reported here; the
    // pool has already dropped it and reconnects on demand. Without a listener Node would crash the process.
    pool.on("error", (error) => process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`));
    guardCheckouts(pool);
    const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" });
    return {
      db: db as unknown as Database,
      driver: "postgres",
      migrate: () => migratePostgres(target.url, connectTimeoutMs),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      // A pool.query that fails releases its connection with the error, so the pool drops it with any transaction.
      executeSql: (text, values) => pool.query(text, values),
    };
  }
  let unlock: (() => void) | undefined;
  if (target.dataDir) {
    mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
    // Before PGlite touches the folder: a second process must leave it exactly as it is.
    unlock = lockDataFolder(target.dataDir);
    mkdirSync(target.dataDir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  } catch (error) {
    unlock?.();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock?.();
      }
    },
    dump: () => client.dumpDataDir("none"),
    executeSql: async (text, values) => {
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      // Only the simple protocol runs several statements. Wrapped so that text with its own BEGIN that fails is
      // rolled back before any other statement runs on the one shared connection.
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

/** Migrations may rightly run long (an index built on a big table): their own connection, without deadlines. */
async function migratePostgres(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs || undefined,
  });
  // Its connection dying mid-migration must fail the migration (the statement rejects), not crash the process.
  client.on("error", () => {});
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg({ client, casing: "snake_case" }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

// Network errors from the socket: the server is not there (yet), or went away.
const UNREACHABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATEs meaning "not now" rather than "wrong": admin_shutdown, crash_shutdown, cannot_connect_now (starting
// up or recovering), too_many_connections, and query_canceled (the statement deadline above). Class 08 below.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);
// node-postgres reports its own deadlines and lost connections as plain Errors, recognisable only by message.
const DRIVER_UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or "due to connection timeout"
  /^timeout exceeded when trying to connect/, // no free connection in the pool in time
  /^Query read timeout/,
  /is not queryable/, // a client whose connection already failed
  /^Cannot use a pool after calling end/, // a request finishing while the server shuts down
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** The error and what it wraps: drizzle puts the driver's error in `cause`, Node's dual-stack connect in `errors`. */
function* errorChain(error: unknown, depth = 0): Generator<object> {
  if (typeof error !== "object" || error === null || depth > 5) return;
  yield error;
  yield* errorChain((error as { cause?: unknown }).cause, depth + 1);
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) for (const each of inner) yield* errorChain(each, depth + 1);
}

/** The PostgreSQL SQLSTATE in an error or what it wraps. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const each of errorChain(error)) {
    const code = codeOf(each);
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * node-postgres failing to hand out a connection for a transaction: drizzle wraps failed statements in a
 * DrizzleQueryError, but not this step, and a bare ECONNREFUSED could as well come from the mail server.
 */
export class DatabaseConnectError extends Error {
  constructor(cause: unknown) {
    super("could not get a database connection", { cause });
    this.name = "DatabaseConnectError";
  }
}

/**
 * True when a failure means the database cannot be reached or answer right now (down, restarting, frozen,
 * overloaded), as opposed to a statement that is wrong. Callers may retry those later: the API answers 503.
 * Network errors and driver messages count only inside a database error, so a mail or payment provider that is
 * down is not reported as the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailable(error, false);
}

function unavailable(error: unknown, knownFromDatabase: boolean): boolean {
  let fromDatabase = knownFromDatabase;
  for (const each of errorChain(error)) {
    if (each instanceof DrizzleQueryError || each instanceof DatabaseConnectError) fromDatabase = true;
    const code = codeOf(each);
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (!fromDatabase) continue;
    if (code && UNREACHABLE_ERRNOS.has(code)) return true;
    const message = (each as { message?: unknown }).message;
    if (typeof message === "string" && DRIVER_UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
  }
  return false;
}

/** The connection itself is gone or stuck (not merely one statement cancelled by the server). */
function connectionLost(error: unknown): boolean {
  return unavailable(error, true) && sqlStateOf(error) !== "57014";
}

type QueryFunction = (...args: unknown[]) => unknown;

interface Checkout {
  release: (error?: Error | boolean) => void;
  /** A connection-level failure seen during this checkout: the client must not go back to the pool. */
  lost?: Error;
}

const BEGIN = /^\s*begin\b/i;

function statementText(first: unknown): string {
  if (typeof first === "string") return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

/**
 * Makes clients checked out with `pool.connect()` (drizzle's transactions) safe when the connection fails.
 *
 * drizzle-orm 0.45 runs BEGIN outside the try/finally that releases the client, and always releases without an
 * error (drizzle-orm issues #6114, #6241). With a query deadline both bite: a BEGIN that times out leaks a pool
 * slot for good (ten of them and every request waits for a connection forever), and a timed-out statement's
 * client goes back to the pool still waiting for the server's answer. So, on a connection-level failure:
 * the socket is destroyed (the ROLLBACK queued behind it fails at once instead of waiting out its own deadline),
 * the client is released with the error so the pool discards it, and a failed BEGIN releases it here.
 */
function guardCheckouts(pool: pg.Pool): void {
  const checkouts = new WeakMap<pg.PoolClient, Checkout>();

  pool.on("connect", (client) => {
    // A checked-out client has no pool listener: its connection dying would be an unhandled 'error' event, which
    // crashes the process. The failure also reaches the statement that was running, which is where it is handled.
    client.on("error", () => {});
    const query = client.query.bind(client) as QueryFunction;
    const guarded: QueryFunction = (...args) => {
      const result = query(...args);
      // The promise form is drizzle's; pool.query uses the callback form and releases with the error itself.
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          const checkout = checkouts.get(client as pg.PoolClient);
          if (!checkout) return;
          const failure = error instanceof Error ? error : new Error(String(error));
          if (connectionLost(error)) {
            checkout.lost ??= failure;
            client.connection.stream.destroy();
          }
          // drizzle never releases a client whose BEGIN failed, whatever the reason.
          if (BEGIN.test(statementText(args[0]))) checkout.release(checkout.lost ?? failure);
        });
      }
      return result;
    };
    Object.assign(client, { query: guarded });
  });

  const connect = pool.connect.bind(pool);
  const guardedConnect = (callback?: Parameters<typeof connect>[0]) => {
    // pool.query() checks clients out through the callback form and manages them itself.
    if (callback) return connect(callback);
    return connect().then(
      (client) => {
        const poolRelease = client.release;
        const checkout: Checkout = {
          release: (error) => {
            if (checkouts.get(client) !== checkout) return; // already released (the BEGIN case above)
            checkouts.delete(client);
            poolRelease(error ?? checkout.lost);
          },
        };
        checkouts.set(client, checkout);
        client.release = checkout.release;
        return client;
      },
      (error: unknown) => {
        throw new DatabaseConnectError(error);
      },
    );
  };
  pool.connect = guardedConnect as typeof pool.connect;
}
