import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import { type AppConfig, parseConfig } from "../config";
import type { Clock } from "../context";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { createSmtpMailer, type Mailer } from "../integrations/email/mailer";
import { grantAdmin } from "../modules/accounts/grant-admin";
import type { LogDestination } from "../plugins/audit-log";
import { databaseUrlFor } from "./global-setup";
import { startSmtpCapture } from "./smtp-capture";

export { linkIn } from "./smtp-capture";

export type Driver = "pglite" | "postgres";

/** Every integration suite runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set. */
export const testDrivers: Driver[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export const TEST_ORIGIN = "http://localhost:3000";

let databaseCounter = 0;
let browserCounter = 0;

async function openTestDatabase(driver: Driver): Promise<DatabaseHandle> {
  if (driver === "pglite") {
    const snapshot = readFileSync(inject("pgliteSnapshot"));
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([snapshot]) });
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const template = inject("postgresTemplate")!;
  const name = `chitta_t_${inject("runId")}_${process.pid}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      // Two files cloning the template at the same instant: PostgreSQL refuses the second; wait and retry.
      if (attempt > 20 || !String(error).includes("being accessed by other users")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const handle = await openDatabase({ kind: "postgres", url: databaseUrlFor(serverUrl, name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A clock tests can move forward to reach expiry times without waiting. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Browser journeys run on real time: the session cookie's expiry is read by a real browser. */
  realClock?: boolean;
  /** Another mailer than the in-process SMTP server (e.g. an in-memory one for thousands of mails). */
  mailer?: Mailer;
  /** Captures the app's log lines (at env LOG_LEVEL) instead of discarding them. */
  logStream?: LogDestination;
  /** No SMTP: mails go to the outbox folder in DATA_DIR, as they do without SMTP_URL. */
  outbox?: boolean;
  /** Another built web app than dist/web. */
  webDistDir?: string;
  /** Start the job queue (workers and schedules); off by default, so ctx.jobs.send throws. */
  backgroundJobs?: boolean;
}

/** The real app on a fresh copy of the migrated database, mailing to an in-process SMTP server. */
export async function createTestApp(driver: Driver, options: TestAppOptions = {}) {
  const database = await openTestDatabase(driver);
  const smtp = await startSmtpCapture();
  const clock = testClock();
  const config: AppConfig = parseConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), "chitta-test-data"),
      PUBLIC_URL: TEST_ORIGIN,
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      ...(options.outbox ? {} : { SMTP_URL: smtp.url }),
      LOG_LEVEL: "silent",
      ...options.env,
    },
    { generateSecrets: false },
  );
  const app = await buildApp({
    config,
    database,
    clock: options.realClock ? undefined : clock,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    mailer: options.outbox ? undefined : (options.mailer ?? createSmtpMailer(smtp.url, config.mailFrom)),
    backgroundJobs: options.backgroundJobs ?? false,
    webDistDir: options.webDistDir,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    smtp: {
      ...smtp,
      /** The newest mail to an address, once the app's background tasks (forgot-password, resend) are done. */
      async lastMailTo(address: string, timeoutMs?: number) {
        await app.background.idle();
        return smtp.lastMailTo(address, timeoutMs);
      },
    },
    clock,
    config,
    browser: () => new TestBrowser(app),
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface RequestOptions {
  /** Extra headers; `undefined` removes a default one (e.g. `origin: undefined` for a request without Origin). */
  headers?: Record<string, string | undefined>;
  /** Raw payload, sent as is (for malformed-body tests). */
  raw?: string;
}

/** One browser: keeps its cookies and sends what a same-origin fetch would (Origin, JSON). */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Each browser gets its own loopback address, as distinct people have distinct IPs. */
  ip = `127.0.${Math.floor(++browserCounter / 250) % 250}.${(browserCounter % 250) + 2}`;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    options: RequestOptions = {},
  ) {
    const wanted: Record<string, string | undefined> = {
      origin: TEST_ORIGIN,
      accept: "application/json",
      ...options.headers,
    };
    const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined && !("content-type" in wanted)) wanted["content-type"] = "application/json";
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(wanted)) if (value !== undefined) headers[name] = value;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const response = await this.app.inject({ method, url, headers, payload, remoteAddress: this.ip });
    this.store(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request("GET", url, undefined, options);
  }

  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request("POST", url, body, options);
  }

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expired =
        cookie.value === "" ||
        (cookie.expires && cookie.expires.getTime() < Date.now()) ||
        cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** A verified, signed-in administrator, made one as `npm run admin:create` does (grantAdmin). */
export async function signUpAdmin(testApp: TestApp, username: string) {
  const account = await signUpVerified(testApp, username);
  if (!(await grantAdmin(testApp.db, username))) throw new Error(`grantAdmin failed for ${username}`);
  return account;
}

/** Signs up and verifies through the mailed link, like a person would. */
export async function signUpVerified(
  testApp: TestApp,
  username: string,
  password = "correct horse battery 9",
) {
  const browser = testApp.browser();
  const email = `${username}@example.com`;
  const signup = await browser.post("/api/signup", { username, email, password });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await testApp.smtp.lastMailTo(email);
  const token = new URL(mail.text.match(/https?:\/\/\S+verify-email\S+/)![0]).searchParams.get("token");
  const verified = await browser.post("/api/email-verification/verify", { token });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await browser.post("/api/login", { username, password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { browser, email, password, userId: login.json().id as number };
}
