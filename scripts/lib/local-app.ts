/**
 * What the on-demand scripts (bench:api, bench:load, security:sqlmap) share: a throwaway database on the
 * local PostgreSQL server, the real app listening on a local port, and an HTTP client that keeps a session
 * the way a browser does.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import pg from "pg";
import { buildApp } from "../../server/app";
import { type AppConfig, parseConfig } from "../../server/config";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";

/** The machine's PostgreSQL (trust auth for `postgres` on loopback); LOCAL_POSTGRES_URL points elsewhere. */
export const LOCAL_POSTGRES_URL =
  process.env.LOCAL_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database named `<prefix>_<pid>_<time>`, so runs (and other people's runs) never collide. */
export async function createScratchDatabase(
  prefix: string,
  serverUrl = LOCAL_POSTGRES_URL,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A port nobody listens on right now (the OS picks it), so the app's configured origin matches its address. */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface LocalApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** Where the app listens, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The Origin header the CSRF check accepts for state-changing requests. */
  origin: string;
  /** Without SMTP_URL the app writes every mail here as an .eml file. */
  outboxDir: string;
  close(): Promise<void>;
}

export interface LocalAppOptions {
  database: DatabaseHandle;
  /** DATA_DIR; a new temporary folder (removed on close) when omitted. */
  dataDir?: string;
  /** Environment variables on top of the defaults below (RATE_LIMITS, NODE_ENV, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** Runs on the built app before it listens: where a script adds routes of its own. */
  beforeListen?: (app: FastifyInstance, config: AppConfig) => void | Promise<void>;
}

/**
 * The real app (buildApp, every plugin and route) on 127.0.0.1 and a free port. By default: production mode,
 * rate limits off (a benchmark or scanner from one address would otherwise only measure the limiter), plain
 * http cookies, a fresh session secret, no SMTP (mails go to the outbox folder).
 */
export async function startLocalApp(options: LocalAppOptions): Promise<LocalApp> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "chitta-local-app-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = parseConfig(
    {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
      COOKIE_SECURE: "false",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ...options.env,
    },
    { generateSecrets: false },
  );
  const app = await buildApp({ config, database: options.database, logger: false });
  await options.beforeListen?.(app, config);
  await app.listen({ host: config.host, port: config.port });
  return {
    app,
    database: options.database,
    config,
    url,
    origin: config.publicUrl,
    outboxDir: path.join(dataDir, "outbox"),
    async close() {
      await app.close();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens (and migrates) a database on a PostgreSQL URL. */
export async function openMigrated(url: string, poolSize?: number): Promise<DatabaseHandle> {
  const database = await openDatabase({ kind: "postgres", url, poolSize });
  await database.migrate();
  return database;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  text: string;
}

/** `name=value; name2=value2` from a response's Set-Cookie headers (attributes dropped). */
export function cookiesFrom(setCookies: readonly string[]): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of setCookies) {
    const pair = line.split(";")[0] ?? "";
    const equals = pair.indexOf("=");
    if (equals > 0) cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
  }
  return cookies;
}

/** One browser against the app: keeps its cookies and sends the Origin and JSON headers the app expects. */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(method: string, urlPath: string, body?: unknown): Promise<ApiResponse> {
    const headers: Record<string, string> = { origin: this.origin, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const response = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const [name, value] of cookiesFrom(response.headers.getSetCookie())) {
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (e.g. an empty 204): the text is the body.
    }
    return { status: response.status, body: parsed, text };
  }

  /** The request, or an error naming the route and the answer when the status is not the expected one. */
  async expect(status: number, method: string, urlPath: string, body?: unknown): Promise<ApiResponse> {
    const response = await this.request(method, urlPath, body);
    if (response.status !== status) {
      throw new Error(`${method} ${urlPath}: expected ${status}, got ${response.status}: ${response.text}`);
    }
    return response;
  }

  async logIn(username: string, password: string): Promise<void> {
    await this.expect(200, "POST", "/api/login", { username, password });
  }
}

/** The verification link of the newest mail to `email` in the outbox folder. */
export async function verificationLinkFromOutbox(outboxDir: string, email: string): Promise<URL> {
  // File names start with an ISO timestamp and hold no address: newest first, the first one sent to `email`.
  const files = readdirSync(outboxDir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(outboxDir, file)));
    const recipients = [mail.to ?? []].flat().flatMap((to) => to.value.map((each) => each.address));
    if (!recipients.includes(email)) continue;
    const link = /https?:\/\/\S+verify-email\S+/.exec(mail.text ?? "")?.[0];
    if (!link) throw new Error(`no verification link in the mail to ${email}`);
    return new URL(link);
  }
  throw new Error(`no mail to ${email} in ${outboxDir}`);
}

/** Signs up through the API, follows the mailed verification link and logs in, like a person would. */
export async function signUpVerified(
  local: Pick<LocalApp, "url" | "origin" | "outboxDir">,
  username: string,
  password: string,
): Promise<ApiClient> {
  const client = new ApiClient(local.url, local.origin);
  const email = `${username}@example.com`;
  await client.expect(201, "POST", "/api/signup", { username, email, password });
  const link = await verificationLinkFromOutbox(local.outboxDir, email);
  await client.expect(200, "POST", "/api/email-verification/verify", {
    token: link.searchParams.get("token"),
  });
  await client.logIn(username, password);
  return client;
}
