import os from "node:os";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema, statusByCode } from "../../contract/errors";
import { grantAdmin } from "../modules/accounts/grant-admin";
import { SESSION_COOKIE } from "../plugins/request-context";
import { CSRF_EXEMPT_PREFIXES, sampleObject, stringFields, withValue } from "./attack-surface";
import {
  createTestApp,
  signUpVerified,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "./harness";
import {
  bodyArb,
  type FuzzTarget,
  fuzzTargets,
  headersArb,
  POLLUTION_MARKERS,
  pathSegmentArb,
  queryStringArb,
  takesBody,
} from "./openapi-arbitraries";

/**
 * Issue 6, item 6: property-based requests built from the OpenAPI schemas of every route, plus fixed
 * hostile shapes (deep nesting, 10 MB, invalid UTF-8, wrong content types, bare JSON values). Whatever
 * arrives, the answer is a 4xx in the error shape or a success, never a 5xx, a stack, SQL or a path.
 *
 * Replay a failure with FUZZ_SEED=<seed printed in the failure>, FUZZ_ROUTES=<regexp on "METHOD /path"> to fuzz
 * only some routes, FUZZ_RUNS=<runs per route> (default 60) and FUZZ_VERBOSE=1 for every failure met while shrinking.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Only the routes whose "METHOD /path" matches this regular expression (to replay one route's failure). */
const ROUTE_FILTER = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
/** fast-check's verbosity on failure: 0 the shrunk counterexample, 1 also every failure met while shrinking. */
const VERBOSE = Number(process.env.FUZZ_VERBOSE ?? 0) as fc.VerbosityLevel;
/** Routes with no input of their own still get fuzzed headers, queries and identities, but fewer times. */
const RUNS_WITHOUT_INPUTS = Math.max(5, Math.round(RUNS / 3));
const MB = 1024 * 1024;
/** app.ts BODY_LIMIT; the journal import declares its own, larger one. */

type Identity = "anonymous" | "forged-session" | "user" | "admin";
const IDENTITIES: Identity[] = ["anonymous", "forged-session", "user", "admin"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What an attacker must never see: stack frames, source positions, SQL and its errors, server paths. */
const LEAKS: Array<{ name: string; pattern: RegExp }> = [
  { name: "stack frame", pattern: /\bat (?:[\w.<>$[\] ]+ \()?(?:file:\/\/)?\/[\w@.+/-]+:\d+(?::\d+)?/ },
  { name: "source position", pattern: /\.[cm]?[jt]sx?:\d+/ },
  { name: "SQL", pattern: /\b(?:SELECT|INSERT|UPDATE \S+ SET|DELETE FROM)\b/ },
  {
    name: "SQL error",
    pattern:
      /syntax error|relation "|violates \S+ constraint|SQLSTATE|invalid input syntax|out of range for type|invalid byte sequence/i,
  },
  { name: "internal path", pattern: /\/work\/|node_modules/ },
  { name: "working directory", pattern: new RegExp(escapeRegExp(process.cwd())) },
  { name: "temp directory", pattern: new RegExp(`${escapeRegExp(os.tmpdir())}/chitta`) },
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface FuzzRequest {
  target: FuzzTarget;
  identity: Identity;
  method: Method;
  url: string;
  headers: Record<string, string | undefined>;
  payload?: string | Buffer | (() => Readable);
  label: string;
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    typeof request.payload === "string"
      ? request.payload
      : Buffer.isBuffer(request.payload)
        ? `<${request.payload.length} bytes: ${request.payload.subarray(0, 120).toString("hex")}…>`
        : request.payload
          ? "<stream>"
          : "<none>";
  const cut = (text: string, length: number) =>
    text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text;
  return [
    `${request.method} ${request.target.path} as ${request.identity} [${request.label}]`,
    `  url: ${cut(request.url, 400)}`,
    `  headers: ${cut(JSON.stringify(request.headers), 400)}`,
    `  body: ${cut(payload, 600)}`,
  ].join("\n");
}

/** Every string value inside a JSON document (message texts, echoed fields). */
function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringLeaves(item, out);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) stringLeaves(item, out);
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The error's type, message and first frames from one JSON log line (the app's log, never the caller's). */
function summarizeLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      err?: { type?: string; message?: string; stack?: string };
    };
    const frames = entry.err?.stack?.split("\n").slice(1, 4).join(" /") ?? "";
    return `${entry.msg ?? ""}: ${entry.err?.type ?? ""} ${entry.err?.message?.slice(0, 300) ?? ""} ${frames}`;
  } catch {
    return line.slice(0, 500);
  }
}

interface Stats {
  requests: number;
  serverErrors: number;
  leaks: number;
  statuses: Map<number, number>;
  routes: Set<string>;
}

const newStats = (): Stats => ({
  requests: 0,
  serverErrors: 0,
  leaks: 0,
  statuses: new Map(),
  routes: new Set(),
});

describe.each(testDrivers)("fuzzing every route on %s", (driver) => {
  let t: TestApp;
  let targets: FuzzTarget[];
  let prototypeKeysBefore: string[];
  let arrayPrototypeKeysBefore: string[];
  /** Leak-looking text the fuzzer itself sent: an app may echo it back (a 404 names its path), and has. */
  const sentLeakText = new Set<string>();
  /** Error lines the app logged while answering the current request. */
  const errorLog: string[] = [];
  let addressCounter = 0;
  let accountCounter = 0;

  interface Account {
    browser: TestBrowser;
    username: string;
    password: string;
    admin: boolean;
  }
  const accounts = new Map<"user" | "admin", Account>();

  async function newAccount(admin: boolean): Promise<Account> {
    const username = `fuzz_${admin ? "admin" : "user"}_${accountCounter++}`;
    const { browser, password } = await signUpVerified(t, username);
    if (admin) await grantAdmin(t.db, username);
    // Something to find: ids 1.. exist for the fuzzed path parameters.
    await browser.post("/api/dreams", {
      content: "I was flying over a dark sea with a white horse beside me.",
    });
    await browser.post("/api/personal-symbols", { name: `sea ${username}` });
    return { browser, username, password, admin };
  }

  /** A fuzzed request may log the account out or change it: sign back in, or start a fresh account. */
  async function ensureSignedIn(kind: "user" | "admin") {
    const account = accounts.get(kind)!;
    if ((await account.browser.get("/api/user")).statusCode === 200) return;
    const login = await account.browser.post("/api/login", {
      username: account.username,
      password: account.password,
    });
    if (login.statusCode === 200) return;
    accounts.set(kind, await newAccount(kind === "admin"));
  }

  beforeAll(async () => {
    prototypeKeysBefore = Object.getOwnPropertyNames(Object.prototype);
    arrayPrototypeKeysBefore = Object.getOwnPropertyNames(Array.prototype);
    t = await createTestApp(driver, {
      env: { RATE_LIMITS: "off", LOG_LEVEL: "error" },
      // The app's own error lines, so a failure shows what broke inside, not only what the caller saw.
      logStream: { write: (line) => void errorLog.push(line) },
    });
    targets = fuzzTargets(t.app).filter(
      (target) => !ROUTE_FILTER || ROUTE_FILTER.test(`${target.method} ${target.path}`),
    );
    accounts.set("user", await newAccount(false));
    accounts.set("admin", await newAccount(true));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  function remember(text: string) {
    for (const { pattern } of LEAKS) {
      const global = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
      for (const match of text.matchAll(global)) sentLeakText.add(match[0]);
    }
  }

  async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = value;
    if (request.identity === "user" || request.identity === "admin") {
      const { browser } = accounts.get(request.identity)!;
      headers.cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const payload = typeof request.payload === "function" ? request.payload() : request.payload;
    remember(safeDecode(request.url));
    remember(request.url);
    if (typeof request.payload === "string") {
      remember(request.payload);
      try {
        remember(stringLeaves(JSON.parse(request.payload)).join("\n"));
      } catch {
        // Not JSON: the raw text was remembered.
      }
    }
    addressCounter++;
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      payload,
      remoteAddress: `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
    });
  }

  /** The invariants every answer keeps; returns the problems found (none is the only good outcome). */
  function problemsOf(response: LightMyRequestResponse, stats: Stats): string[] {
    const problems: string[] = [];
    const status = response.statusCode;
    stats.requests++;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (status >= 500) {
      stats.serverErrors++;
      problems.push(`status ${status}`);
    }
    const contentType = String(response.headers["content-type"] ?? "");
    let parsed: unknown;
    if (/^application\/json/.test(contentType)) {
      try {
        parsed = JSON.parse(response.body);
      } catch {
        problems.push("a JSON content type with a body that is not JSON");
      }
    }
    if (status >= 400) {
      if (!/^application\/json/.test(contentType)) problems.push(`error answer of type "${contentType}"`);
      const shape = errorBodySchema.strict().safeParse(parsed);
      if (!shape.success) problems.push("error answer not in the {success:false, message, code} shape");
      else if (statusByCode[shape.data.code] !== status) {
        problems.push(`error code ${shape.data.code} on status ${status}`);
      }
    }
    if (status >= 300 && status < 400) {
      const location = String(response.headers.location ?? "");
      const sameSite =
        (location.startsWith("/") && !/^\/[/\\]/.test(location)) || location.startsWith(`${TEST_ORIGIN}/`);
      if (!sameSite) problems.push(`redirect off the site to ${location}`);
    }
    const headerText = Object.entries(response.headers)
      .filter(([name]) => !["content-security-policy", "date", "set-cookie"].includes(name))
      .map(([, value]) => String(value))
      .join("\n");
    const text = [response.body, ...stringLeaves(parsed), headerText].join("\n");
    for (const { name, pattern } of LEAKS) {
      const match = pattern.exec(text);
      if (!match) continue;
      const echoed = [...sentLeakText].some((sent) => sent.includes(match[0]) || match[0].includes(sent));
      if (echoed) continue;
      stats.leaks++;
      problems.push(
        `${name} leaked: ${JSON.stringify(text.slice(Math.max(0, match.index - 80), match.index + 120))}`,
      );
    }
    return problems;
  }

  /** Sends, checks, and keeps the signed-in identities signed in; throws naming the route and request. */
  async function sendAndCheck(
    request: FuzzRequest,
    stats: Stats,
    extra?: (response: LightMyRequestResponse) => string[],
  ) {
    errorLog.length = 0;
    const response = await send(request);
    stats.routes.add(`${request.method} ${request.target.path}`);
    const problems = [...problemsOf(response, stats), ...(extra?.(response) ?? [])];
    if (
      (request.identity === "user" || request.identity === "admin") &&
      (request.method !== "GET" || response.headers["set-cookie"] !== undefined)
    ) {
      await ensureSignedIn(request.identity);
    }
    if (problems.length > 0) {
      throw new Error(
        `${problems.join("; ")}\n${describeRequest(request)}\n  answer: ${response.statusCode} ${response.body.slice(0, 600)}` +
          errorLog.map((line) => `\n  server log: ${summarizeLogLine(line)}`).join(""),
      );
    }
    return response;
  }

  function requestArb(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
    const segments = fc.tuple(...target.pathParams.map((param) => pathSegmentArb(param.schema)));
    const body = takesBody(target) ? bodyArb(target.body) : fc.constant(undefined);
    const sessionForgery = fc.oneof(
      fc.string({ unit: "grapheme-ascii", maxLength: 80 }).map((value) => value.replace(/[;\s]/g, "")),
      fc.constantFrom("", "null", "undefined", "__proto__", "s%3Aforged.sig", "a".repeat(5_000)),
    );
    return fc
      .record({
        identity: fc.constantFrom(...IDENTITIES),
        segments,
        query: queryStringArb(target.query),
        headers: headersArb(target.headerParams),
        body,
        forged: sessionForgery,
      })
      .map(({ identity, segments: values, query, headers, body: value, forged }) => {
        let index = 0;
        const path = target.path.replace(/:[^/]+/g, () => values[index++] ?? "1");
        const payload = value === undefined ? undefined : JSON.stringify(value);
        const request: FuzzRequest = {
          target,
          identity,
          method: target.method as Method,
          url: query === "" ? path : `${path}?${query}`,
          headers: {
            origin: TEST_ORIGIN,
            accept: "application/json",
            ...(payload === undefined ? {} : { "content-type": "application/json" }),
            ...(identity === "forged-session" ? { cookie: `${SESSION_COOKIE}=${forged}` } : {}),
            ...headers,
          },
          payload,
          label: "generated",
        };
        Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
        return request;
      });
  }

  it("recognises the leaks it looks for, taken from this very process and database", async () => {
    // A real stack and a real database error: each detector must fire on what it guards against.
    const stack = new Error("probe").stack ?? "";
    let databaseError = "";
    try {
      await t.db.execute(sql.raw("SELECT * FROM fuzz_no_such_table WHERE id = 1"));
    } catch (error) {
      for (let at: unknown = error; at instanceof Error; at = at.cause) databaseError += `${at.message}\n`;
    }
    const fired = (text: string) => LEAKS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
    expect(fired(stack)).toEqual(
      expect.arrayContaining(["stack frame", "source position", "working directory"]),
    );
    expect(fired(databaseError)).toEqual(expect.arrayContaining(["SQL", "SQL error"]));
    expect(fired(`${process.cwd()}/node_modules/fastify/lib/route.js`)).toContain("internal path");
    // And none fires on the app's ordinary answers.
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(fired(health.body)).toEqual([]);
  });

  it("answers every generated request with a success or a 4xx in the error shape, and leaks nothing", async () => {
    const stats = newStats();
    const failures: string[] = [];
    const started = performance.now();
    if (!ROUTE_FILTER) {
      expect(targets.filter((target) => target.documented).length).toBeGreaterThan(40);
      expect(targets.some((target) => target.pathParams.length > 0)).toBe(true);
    }
    for (const target of targets) {
      const hasInputs = target.body || target.query.length > 0 || target.pathParams.length > 0;
      try {
        await fc.assert(
          fc.asyncProperty(requestArb(target), async (request) => {
            await sendAndCheck(request, stats);
          }),
          {
            numRuns: hasInputs ? RUNS : RUNS_WITHOUT_INPUTS,
            seed: SEED,
            verbose: VERBOSE,
            includeErrorInReport: true,
          },
        );
      } catch (error) {
        failures.push(
          `${target.method} ${target.path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `[trust] fuzz (${driver}): ${stats.requests} requests over ${stats.routes.size} routes (seed ${SEED}), ` +
        `${stats.serverErrors} responses >= 500, ${stats.leaks} leaks, ${seconds} s`,
    );
    console.info(
      `[trust] fuzz (${driver}) statuses: ${[...stats.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(" ")}`,
    );
    expect(
      failures.length,
      `${failures.length} routes failed (seed ${SEED}):\n\n${failures.join("\n\n")}`,
    ).toBe(0);
    expect(stats.routes.size).toBe(targets.length);
    // The requests got past the door: some were accepted, some refused by validation (not all 401s).
    const answered = (from: number, to: number) =>
      [...stats.statuses]
        .filter(([status]) => status >= from && status < to)
        .reduce((sum, [, n]) => sum + n, 0);
    expect(answered(200, 300)).toBeGreaterThan(0);
    expect(stats.statuses.get(422) ?? 0).toBeGreaterThan(0);
  }, 600_000);

  interface FixedShape {
    label: string;
    payload: FuzzRequest["payload"];
    headers: Record<string, string | undefined>;
    expect: (status: number) => boolean;
    /** The expected status, for the failure message. */
    want: string;
    /** Megabytes: sent once per route. */
    heavy?: boolean;
  }

  /** The fixed hostile shapes for one route, with the status each must get (any 4xx when unstated). */
  function fixedShapes(target: FuzzTarget): FixedShape[] {
    const json = { "content-type": "application/json" };
    const exempt = CSRF_EXEMPT_PREFIXES.some((prefix) => target.path.startsWith(prefix));
    const needsObject = target.body !== undefined && !target.bodyOptional;
    const anyClientError = (status: number) => status >= 400 && status < 500;
    const clientErrorIfNeeded = (status: number) => status < 500 && (!needsObject || anyClientError(status));
    const unsupported = (status: number) => (exempt ? anyClientError(status) : status === 415);
    const limit = t.app.routeGuards.get(`${target.method} ${target.path}`)!.bodyLimit;
    const padded = (size: number) => `{"padding":"${"x".repeat(size - 15)}"}`;
    const tenMb = padded(10 * MB);
    const shapes = [
      {
        label: "10,000 levels of [",
        payload: `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
        headers: json,
        expect: clientErrorIfNeeded,
        want: needsObject ? "4xx" : "< 500",
      },
      {
        label: "10,000 levels of {",
        payload: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
        headers: json,
        expect: clientErrorIfNeeded,
        want: needsObject ? "4xx" : "< 500",
      },
      {
        label: "10,000 unclosed [",
        payload: "[".repeat(10_000),
        headers: json,
        // Routes that take no body refuse 10 KB as too large before trying to parse it.
        expect: exempt ? anyClientError : (status: number) => status === (10_000 > limit ? 413 : 400),
        want: exempt ? "4xx" : 10_000 > limit ? "413" : "400",
      },
      {
        label: "10 MB",
        payload: tenMb,
        headers: json,
        expect: (status: number) => (10 * MB > limit ? status === 413 : status < 500),
        want: 10 * MB > limit ? "413" : "< 500",
        heavy: true,
      },
      {
        label: "10 MB streamed, no Content-Length",
        payload: () => Readable.from([Buffer.from(tenMb)]),
        headers: json,
        expect: (status: number) => (10 * MB > limit ? status === 413 : status < 500),
        want: 10 * MB > limit ? "413" : "< 500",
        heavy: true,
      },
      {
        label: "invalid UTF-8 in a JSON string and key",
        payload: Buffer.concat([
          Buffer.from('{"'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('":"'),
          Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xc0, 0xa2]),
          Buffer.from('"}'),
        ]),
        headers: json,
        expect: clientErrorIfNeeded,
        want: needsObject ? "4xx" : "< 500",
      },
      {
        label: "UTF-16 JSON with a BOM",
        payload: Buffer.from("\ufeff{}", "utf16le"),
        headers: json,
        expect: (status: number) => status < 500,
        want: "< 500",
      },
      {
        label: "application/xml",
        payload: "<a>1</a>",
        headers: { "content-type": "application/xml" },
        expect: unsupported,
        want: "415",
      },
      {
        label: "multipart/form-data",
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
        headers: { "content-type": "multipart/form-data; boundary=x" },
        expect: unsupported,
        want: "415",
      },
      {
        label: "text/plain",
        payload: "{}",
        headers: { "content-type": "text/plain" },
        expect: unsupported,
        want: "415",
      },
      {
        label: "form-urlencoded",
        payload: "a=1&__proto__[polluted]=yes",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        expect: unsupported,
        want: "415",
      },
      {
        label: "a body without a content type",
        payload: "{}",
        headers: {},
        expect: unsupported,
        want: "415",
      },
      ...['"x"', "42", "null", "[]", "true", "[{}]", '""'].map((raw) => ({
        label: `bare JSON ${raw}`,
        payload: raw,
        headers: json,
        expect:
          raw === "null" && target.bodyOptional
            ? (status: number) => status < 500
            : (status: number) => (target.body ? anyClientError(status) : status < 500),
        want: raw === "null" && target.bodyOptional ? "< 500" : target.body ? "4xx" : "< 500",
      })),
    ];
    if (limit > 10 * MB) {
      shapes.push({
        label: "1 MB over the route's own limit",
        payload: padded(limit + MB),
        headers: json,
        expect: (status: number) => status === 413,
        want: "413",
        heavy: true,
      });
    }
    if (target.body) {
      // Invalid bytes inside an otherwise valid body, so they reach the handler and the database.
      const fields = stringFields(target.body);
      const sample = sampleObject(target.body);
      for (const field of fields.slice(0, 3)) {
        const marked = JSON.stringify(withValue(sample, field.path, "\u0001MARK\u0001"));
        const [before, after] = marked.split('"\\u0001MARK\\u0001"');
        if (after === undefined) continue;
        shapes.push({
          label: `invalid UTF-8 in ${field.path.join(".")}`,
          payload: Buffer.concat([
            Buffer.from(`${before}"valid text before `),
            Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xe2, 0x82]),
            Buffer.from(` after"${after}`),
          ]),
          headers: json,
          expect: (status: number) => status < 500,
          want: "< 500",
        });
      }
    }
    return shapes;
  }

  it("answers fixed hostile bodies: deep nesting, 10 MB, invalid UTF-8, wrong content types, bare values", async () => {
    const stats = newStats();
    const failures: string[] = [];
    const started = performance.now();
    const bodyTargets = targets.filter(takesBody);
    if (!ROUTE_FILTER) expect(bodyTargets.length).toBeGreaterThan(20);
    for (const target of bodyTargets) {
      const { access } = t.app.routeGuards.get(`${target.method} ${target.path}`)!;
      // Who is refused before the body is read (the CSRF content-type check, 415, comes before that).
      const refusedUnread = (identity: Identity) =>
        access === "public"
          ? undefined
          : identity === "anonymous"
            ? 401
            : access === "admin" && identity === "user"
              ? 403
              : undefined;
      for (const shape of fixedShapes(target)) {
        // The big bodies go once, from the first caller the route lets read them.
        for (const identity of shape.heavy
          ? ([access === "public" ? "anonymous" : "admin"] as const)
          : (["anonymous", "user", "admin"] as const)) {
          const refusal = shape.want === "415" ? undefined : refusedUnread(identity);
          const expected = refusal === undefined ? shape.expect : (status: number) => status === refusal;
          const want = refusal === undefined ? shape.want : String(refusal);
          const url = target.path.replace(/:[^/]+/g, "1");
          const request: FuzzRequest = {
            target,
            identity,
            method: target.method as Method,
            url,
            headers: { origin: TEST_ORIGIN, accept: "application/json", ...shape.headers },
            payload: shape.payload,
            label: shape.label,
          };
          try {
            await sendAndCheck(request, stats, (response) =>
              expected(response.statusCode) ? [] : [`status ${response.statusCode}, expected ${want}`],
            );
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      }
    }
    console.info(
      `[trust] fuzz fixed shapes (${driver}): ${stats.requests} requests over ${stats.routes.size} routes, ` +
        `${stats.serverErrors} responses >= 500, ${stats.leaks} leaks, ${failures.length} failures, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failures.length, `${failures.length} hostile bodies mishandled:\n\n${failures.join("\n\n")}`).toBe(
      0,
    );
  }, 600_000);

  it("still answers /api/health afterwards, with Object.prototype unpolluted", async () => {
    const health = targets.find((target) => target.method === "GET" && /\/health$/.test(target.path));
    expect(health, "a health route").toBeDefined();
    const response = await t.app.inject({ method: "GET", url: health!.path });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: { ok: true } });

    const plain: Record<string, unknown> = {};
    expect(plain.polluted).toBeUndefined();
    for (const marker of POLLUTION_MARKERS) expect(plain[marker], marker).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeysBefore);
    expect(Object.getOwnPropertyNames(Array.prototype)).toEqual(arrayPrototypeKeysBefore);
    console.info(
      `[trust] fuzz (${driver}): /api/health ${response.statusCode} afterwards, Object.prototype unpolluted ` +
        `(${POLLUTION_MARKERS.length} injected keys absent)`,
    );
  });
});
