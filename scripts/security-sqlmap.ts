/**
 * Issue 6, item 7: every input of every documented API route through sqlmap (level 3, risk 2), against the
 * real app on a fresh PostgreSQL database, with a deliberately injectable route as the positive control.
 *
 * Run: npm run security:sqlmap                 (25-40 min on two cores; the duration is printed at the end)
 *      npm run security:sqlmap -- --only /api/dreams --jobs 3      (a subset; the total then says so)
 * Needs: sqlmap on PATH (Debian: sudo apt-get install -y sqlmap) and the local PostgreSQL server
 * (LOCAL_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres), where the run creates its own
 * database and drops it at the end.
 *
 * Inputs come from the app's OpenAPI document: path, query and header parameters, and every leaf of every
 * JSON body (nested objects and array items included). One sqlmap run per input, the input marked with
 * sqlmap's custom injection marker `*`, so each run tests exactly that input and nothing else (with a marker,
 * sqlmap leaves the cookie, User-Agent and Referer alone even at level 3).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import { sandboxCards } from "../contract/billing";
import {
  dreamSymbols,
  dreams,
  missingSymbols,
  personalSymbols,
  sandboxCheckoutSessions,
  sandboxEvents,
  sandboxSubscriptions,
  users,
} from "../server/db/schema/index";
import { seedDatabase } from "../server/db/seed/seed";
import { type JsonSchema, registeredRoutes, sampleValue } from "../server/test/attack-surface";
import {
  registerVulnerableRoute,
  VULNERABLE_ROUTE_ENV,
  VULNERABLE_ROUTE_PATH,
} from "../server/test/vulnerable-route";
import {
  ApiClient,
  createScratchDatabase,
  type LocalApp,
  openMigrated,
  signUpVerified,
  startLocalApp,
} from "./lib/local-app";

const { values: options } = parseArgs({
  options: {
    jobs: { type: "string", default: "2" },
    only: { type: "string" },
    /** Only list the inputs with their sample requests (no sqlmap), to check what each run will send. */
    list: { type: "boolean", default: false },
    /** Keep sqlmap's logs (one folder per input) even when the run is clean. */
    "keep-logs": { type: "boolean", default: false },
  },
});
/** sqlmap processes at once. Each runs 2 threads; the app and PostgreSQL need the rest of a 2-core machine. */
const JOBS = Math.max(1, Number(options.jobs));
/** A sqlmap run that has not finished in this time is stopped and reported as an error (it normally takes < 1 min). */
const JOB_TIMEOUT_MS = 15 * 60_000;

const SQLMAP_COMMON = [
  "--batch",
  "--level=3",
  "--risk=2",
  "--dbms=PostgreSQL",
  "--flush-session",
  "--timeout=10",
  "--retries=1",
  "--threads=2",
  // 401 (wrong password, expired session) and 404 (unknown id) are ordinary answers here, not reasons to stop.
  "--ignore-code=401,404",
  // No WAF probe: nothing sits in front of the app, and the probe's payload would be one more request per run.
  "--skip-waf",
  // sqlmap reads targets from stdin whenever it is not a terminal, as it is not when a script starts it.
  "--ignore-stdin",
  "--disable-coloring",
];

const PASSWORD = "sqlmap scan passphrase 42";
const DREAM = "I was walking by the river when a black dog started to chase me into my grandmother's house.";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

// --- Inputs of a route -------------------------------------------------------------------------------

/** A step from a JSON body's root to one of its leaves. */
type Segment = { prop: string } | { item: true } | { member: number };

interface Leaf {
  segments: Segment[];
  schema: JsonSchema;
  label: string;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

const isObject = (schema: JsonSchema) =>
  schema.enum === undefined && (typeOf(schema) === "object" || schema.properties !== undefined);

/** The alternatives of an anyOf that carry a value (zod's nullable/optional wrappers are not alternatives). */
function alternatives(schema: JsonSchema): Array<{ schema: JsonSchema; index: number }> {
  return (schema.anyOf ?? [])
    .map((member, index) => ({ schema: member, index }))
    .filter(({ schema: member }) => member.not === undefined && member.type !== "null");
}

function labelOf(segments: Segment[]): string {
  let label = "";
  for (const segment of segments) {
    if ("prop" in segment) label += label === "" ? segment.prop : `.${segment.prop}`;
    else if ("item" in segment) label += "[0]";
    else label += `<alternative ${segment.member + 1}>`;
  }
  return label;
}

/** Every leaf (string, number, boolean, enum) of a body schema: each is one input sqlmap tests. */
function leavesOf(schema: JsonSchema, segments: Segment[] = []): Leaf[] {
  if (schema.anyOf) {
    const members = alternatives(schema);
    if (members.length === 1) return leavesOf(members[0]!.schema, segments);
    return members.flatMap(({ schema: member, index }) => leavesOf(member, [...segments, { member: index }]));
  }
  if (isObject(schema)) {
    return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      leavesOf(property, [...segments, { prop: name }]),
    );
  }
  if (typeOf(schema) === "array") return leavesOf(schema.items ?? {}, [...segments, { item: true }]);
  return [{ segments, schema, label: labelOf(segments) }];
}

/** Stands for the input under test in a body until it is rendered with or without sqlmap's marker. */
const FOCUS = "__sqlmap_focus__";

interface PickValue {
  (schema: JsonSchema, label: string): Json;
  /** Optional fields the route needs all the same (e.g. the current password to set a new one). */
  forced: ReadonlySet<string>;
}

/**
 * A body the route accepts: its required fields, plus the path to the focused leaf (optional fields left out,
 * so a run changes one thing at a time). The focused leaf is FOCUS; `focusValue` receives its sample value.
 */
function sampleBody(
  schema: JsonSchema,
  pick: PickValue,
  focus: Segment[] | null,
  focusValue: { value?: Json },
  at: Segment[] = [],
): Json {
  if (schema.anyOf) {
    const members = alternatives(schema);
    const head = focus?.[0];
    if (members.length > 1 && head && "member" in head) {
      const member = members.find(({ index }) => index === head.member)!;
      return sampleBody(member.schema, pick, focus!.slice(1), focusValue, [...at, head]);
    }
    const first = members[0];
    return first ? sampleBody(first.schema, pick, focus, focusValue, at) : null;
  }
  if (isObject(schema)) {
    const body: Record<string, Json> = {};
    const head = focus?.[0];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const focused = head !== undefined && "prop" in head && head.prop === name;
      if (focused) body[name] = sampleBody(property, pick, focus!.slice(1), focusValue, [...at, head]);
      else if (schema.required?.includes(name) || pick.forced.has(labelOf([...at, { prop: name }]))) {
        body[name] = sampleBody(property, pick, null, focusValue, [...at, { prop: name }]);
      }
    }
    return body;
  }
  if (typeOf(schema) === "array") {
    const head = focus?.[0];
    const count = Math.max(schema.minItems ?? 0, 1);
    return Array.from({ length: count }, (_, index) =>
      index === 0 && head !== undefined && "item" in head
        ? sampleBody(schema.items ?? {}, pick, focus!.slice(1), focusValue, [...at, head])
        : sampleBody(schema.items ?? {}, pick, null, focusValue, [...at, { item: true }]),
    );
  }
  const value = pick(schema, labelOf(at));
  if (focus === null) return value;
  focusValue.value = value;
  return FOCUS;
}

/** The JSON text with the focused leaf's sample value followed by sqlmap's marker (if there is a focused leaf). */
function renderBody(body: Json, focusValue: Json | undefined): string {
  const text = JSON.stringify(body);
  if (focusValue === undefined) return text;
  const value = JSON.stringify(focusValue);
  // A string gets the marker inside its quotes (sqlmap appends its payload to the value); anything else after it.
  const marked = typeof focusValue === "string" ? `${value.slice(0, -1)}*"` : `${value}*`;
  return text.replace(JSON.stringify(FOCUS), marked);
}

// --- The run's accounts and objects -------------------------------------------------------------------

interface Fixtures {
  username: string;
  adminUsername: string;
  /** A real journal cursor: a made-up one is refused before the query runs. */
  cursor: string;
  /** Real ids per route pattern: `doomed` for DELETE, so deleting never takes another run's object away. */
  ids: Record<string, { keep: string; doomed?: string }>;
}

async function idsOf(rows: Promise<Array<{ id: number | string }>>): Promise<string[]> {
  return (await rows).map((row) => String(row.id));
}

/**
 * A user signed up and verified through the API (the link read from the outbox) with two dreams, two personal
 * symbols, a missing-symbol report and an open checkout session; an administrator (isAdmin set in the database)
 * who paid a sandbox checkout, so there are subscription and event ids for the admin billing routes.
 */
async function createFixtures(local: LocalApp): Promise<Fixtures> {
  const db = local.database.db;
  const username = "sqlmapuser";
  const user = await signUpVerified(local, username, PASSWORD);
  for (const content of [DREAM, `${DREAM} Then the dog spoke.`]) {
    await user.expect(201, "POST", "/api/dreams", { content, tags: ["sqlmap"] });
  }
  for (const name of ["Lighthouse", "Red door"]) {
    await user.expect(201, "POST", "/api/personal-symbols", { name, category: "place" });
  }
  await user.expect(200, "POST", "/api/missing-symbols", { symbol: "zeppelin" });
  await user.expect(200, "POST", "/api/billing/checkout", { plan: "monthly" });
  const page = await user.expect(200, "GET", "/api/dreams?limit=1");
  const cursor = (page.body as { nextCursor: string | null }).nextCursor;
  const [owner] = await db.select().from(users).where(eq(users.username, username));
  // Unlimited translations: the free daily limit would otherwise turn translate-dream into the same refusal
  // after three requests, and the scan would only exercise the limit check.
  await db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, owner!.id));

  const adminUsername = "sqlmapadmin";
  const admin = await signUpVerified(local, adminUsername, PASSWORD);
  await db.update(users).set({ isAdmin: true }).where(eq(users.username, adminUsername));
  await admin.expect(200, "POST", "/api/billing/checkout", { plan: "monthly" });
  const [adminRow] = await db.select().from(users).where(eq(users.username, adminUsername));
  const [adminSession] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.userId, adminRow!.id));
  await admin.expect(200, "POST", `/api/billing/sandbox/sessions/${adminSession!.id}/pay`, {
    cardNumber: sandboxCards.succeeds,
  });
  // Shipped symbols cannot be deleted (409): the DELETE run gets one an administrator created.
  const created = await admin.expect(201, "POST", "/api/admin/symbols", {
    key: "sqlmap_doomed",
    name: "Sqlmap doomed",
    nameEs: "Sqlmap condenado",
    category: "object",
    description: "Created for the DELETE run of the SQL injection scan.",
    descriptionEs: "Creado para la prueba de DELETE del análisis de inyección SQL.",
  });

  const dreamIds = await idsOf(
    db.select({ id: dreams.id }).from(dreams).where(eq(dreams.userId, owner!.id)).orderBy(asc(dreams.id)),
  );
  const symbolIds = await idsOf(
    db
      .select({ id: personalSymbols.id })
      .from(personalSymbols)
      .where(eq(personalSymbols.userId, owner!.id))
      .orderBy(asc(personalSymbols.id)),
  );
  const lexiconIds = await idsOf(
    db.select({ id: dreamSymbols.id }).from(dreamSymbols).orderBy(asc(dreamSymbols.id)).limit(1),
  );
  const [missing] = await db.select({ id: missingSymbols.id }).from(missingSymbols).limit(1);
  const [checkout] = await db
    .select({ id: sandboxCheckoutSessions.id })
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.userId, owner!.id));
  const [event] = await db.select({ id: sandboxEvents.id }).from(sandboxEvents).limit(1);
  const [subscription] = await db.select({ id: sandboxSubscriptions.id }).from(sandboxSubscriptions).limit(1);
  const doomedSymbolId = (created.body as { id?: number }).id;
  if (
    !missing ||
    !checkout ||
    !event ||
    !subscription ||
    !cursor ||
    doomedSymbolId === undefined ||
    dreamIds.length < 2 ||
    symbolIds.length < 2
  ) {
    throw new Error("fixtures incomplete: a setup request did not create what it should");
  }
  return {
    username,
    adminUsername,
    cursor,
    ids: {
      "/api/dreams/:id": { keep: dreamIds[0]!, doomed: dreamIds[1]! },
      "/api/personal-symbols/:id": { keep: symbolIds[0]!, doomed: symbolIds[1]! },
      "/api/admin/symbols/:id": { keep: lexiconIds[0]!, doomed: String(doomedSymbolId) },
      "/api/admin/missing-symbols/:id/process": { keep: String(missing.id) },
      // Each run gets a buyer with a checkout of their own: the id is filled in when the run starts.
      "/api/billing/sandbox/sessions/:id": { keep: CHECKOUT_ID },
      "/api/billing/sandbox/sessions/:id/pay": { keep: CHECKOUT_ID },
      "/api/admin/billing/events/:id/replay": { keep: event.id },
      "/api/admin/billing/sandbox/subscriptions/:id/advance": { keep: subscription.id },
    },
  };
}

// --- Jobs -----------------------------------------------------------------------------------------------

/**
 * Whose session a run uses:
 * - admin routes: the administrator;
 * - account changes (/api/user writes): a new user per run, as they change the password or the name or delete
 *   the account, which would break the other runs' sessions; so do checkout and personal-symbol creation, so
 *   the run is not cut short by "already premium" or the 500-symbol cap after a few hundred requests;
 * - the sandbox checkout pages: a new user with a checkout of their own (paying it is what the route does);
 * - everything else: the main user, with a session of its own per run.
 */
type Principal = "user" | "admin" | "fresh" | "buyer";

function principalFor(method: string, routePath: string): Principal {
  if (routePath.startsWith("/api/admin/")) return "admin";
  if (routePath.startsWith("/api/billing/sandbox/sessions/")) return "buyer";
  if (routePath.startsWith("/api/user") && method !== "GET") return "fresh";
  if (method === "POST" && ["/api/billing/checkout", "/api/personal-symbols"].includes(routePath))
    return "fresh";
  return "user";
}

/** Stands for the buyer's own checkout session id in a job's URL until the job runs. */
const CHECKOUT_ID = "CHECKOUTSESSIONID";

/**
 * Fields sqlmap must change on every request (`--eval`) unless they are the input under test: sign-up checks
 * that the name and address are free before anything else, so with fixed ones every request after the first
 * would stop at that check and the other fields would never reach the INSERT.
 */
const FRESH_EACH_REQUEST: Record<string, Record<string, string>> = {
  "POST /api/signup": {
    username: "'sqlmap' + uuid.uuid4().hex[:12]",
    email: "'sqlmap' + uuid.uuid4().hex[:12] + '@example.com'",
  },
};

interface Job {
  route: string;
  method: string;
  routePath: string;
  input: string;
  principal: Principal;
  /** URL path and query, JSON body and headers, the input under test followed by sqlmap's marker `*`. */
  url: string;
  body?: string;
  headers: Record<string, string>;
  /** Set when the marker is not in the body: sqlmap must then not turn every JSON field into a test target. */
  bodyUnmarked: boolean;
  /** Python for sqlmap's --eval (see FRESH_EACH_REQUEST). */
  evalCode?: string;
}

let signups = 0;

/** Sample values the schema alone cannot give: real credentials, a test card, a dream long enough. */
function valuePicker(method: string, routePath: string, fixtures: Fixtures): PickValue {
  const route = `${method} ${routePath}`;
  // A function gives each job its own value: sign-up names must be free for sqlmap's first request to pass.
  const byRoute: Record<string, Record<string, Json | (() => Json)>> = {
    "POST /api/login": { username: fixtures.username, password: PASSWORD },
    "GET /api/dreams": { cursor: fixtures.cursor },
    "POST /api/signup": {
      username: () => `sqlmapsignup${++signups}`,
      email: () => `sqlmapsignup${++signups}@example.com`,
      password: PASSWORD,
    },
    "POST /api/user/password": { currentPassword: PASSWORD, newPassword: `${PASSWORD} new` },
    // A wrong password: the account survives the run's first request, so every request reaches the handler.
    "DELETE /api/user": { password: "not the password 1", confirm: "DELETE" },
    "POST /api/billing/sandbox/sessions/:id/pay": { cardNumber: sandboxCards.succeeds },
    "POST /api/billing/sandbox/retry-payment": { cardNumber: sandboxCards.succeeds },
    "POST /api/admin/missing-symbols/:id/process": { action: "dismiss" },
  };
  const overrides = byRoute[route] ?? {};
  const pick = (schema: JsonSchema, label: string): Json => {
    const override = overrides[label];
    if (override !== undefined) return typeof override === "function" ? override() : override;
    const field = label.split(".").at(-1) ?? "";
    if (field === "content" && typeOf(schema) === "string") return DREAM;
    if (field === "timezone" && typeOf(schema) === "string") return "Europe/Madrid";
    return sampleValue(schema) as Json;
  };
  return Object.assign(pick, { forced: new Set(Object.keys(overrides)) });
}

function queryString(entries: Array<[string, string]>, markedName?: string): string {
  if (entries.length === 0) return "";
  const parts = entries.map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${encodeURIComponent(value)}${name === markedName ? "*" : ""}`,
  );
  return `?${parts.join("&")}`;
}

function jobsFor(document: OpenApiDocument, fixtures: Fixtures, origin: string): Job[] {
  const jobs: Job[] = [];
  for (const [openApiPath, operations] of Object.entries(document.paths ?? {})) {
    if (!openApiPath.startsWith("/api/") || openApiPath === "/api/openapi.json") continue;
    const routePath = openApiPath.replace(/\{([^}]+)\}/g, ":$1");
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase();
      const parameters = operation.parameters ?? [];
      const pick = valuePicker(method, routePath, fixtures);
      const ids = fixtures.ids[routePath];
      // Routes without a known object get "1", as urlFor does: still scanned, perhaps only as far as a 404.
      const idValue = encodeURIComponent(
        (method === "DELETE" ? (ids?.doomed ?? ids?.keep) : ids?.keep) ?? "1",
      );
      const pathFor = (marked?: string) =>
        routePath.replace(/:([^/]+)/g, (_, name: string) => `${idValue}${name === marked ? "*" : ""}`);
      const queryParams = parameters.filter((parameter) => parameter.in === "query");
      const queryFor = (marked?: string) =>
        queryString(
          queryParams
            .filter((parameter) => parameter.required || parameter.name === marked)
            .map((parameter): [string, string] => [
              parameter.name,
              String(pick(parameter.schema ?? {}, parameter.name)),
            ]),
          marked,
        );
      const headerParams = parameters.filter((parameter) => parameter.in === "header");
      const headersFor = (marked?: string) => {
        const headers: Record<string, string> = {
          Origin: origin,
          Accept: "application/json",
          "Content-Type": "application/json",
        };
        for (const parameter of headerParams) {
          if (!parameter.required && parameter.name !== marked) continue;
          headers[parameter.name] =
            `${String(pick(parameter.schema ?? {}, parameter.name))}${parameter.name === marked ? "*" : ""}`;
        }
        return headers;
      };
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
      // The webhook's body is read raw (its signature covers the bytes), so the document has no schema for it.
      const plainBody =
        bodySchema !== undefined
          ? renderBody(sampleBody(bodySchema, pick, null, {}), undefined)
          : method === "POST"
            ? "{}"
            : undefined;
      const base = {
        route: `${method} ${routePath}`,
        method,
        routePath,
        principal: principalFor(method, routePath),
      };
      const evalFor = (focused: string) => {
        const fresh = Object.entries(FRESH_EACH_REQUEST[base.route] ?? {}).filter(
          ([name]) => name !== focused,
        );
        if (fresh.length === 0) return undefined;
        return `import uuid; ${fresh.map(([name, value]) => `${name} = ${value}`).join("; ")}`;
      };

      const unmarkedInputs: Array<{ input: string; place: "path" | "query" | "header"; name: string }> = [
        ...parameters
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => ({
            input: `path ${parameter.name}`,
            place: "path" as const,
            name: parameter.name,
          })),
        ...queryParams.map((parameter) => ({
          input: `query ${parameter.name}`,
          place: "query" as const,
          name: parameter.name,
        })),
        ...headerParams.map((parameter) => ({
          input: `header ${parameter.name}`,
          place: "header" as const,
          name: parameter.name,
        })),
      ];
      for (const { input, place, name } of unmarkedInputs) {
        jobs.push({
          ...base,
          input,
          url: `${pathFor(place === "path" ? name : undefined)}${queryFor(place === "query" ? name : undefined)}`,
          body: plainBody,
          headers: headersFor(place === "header" ? name : undefined),
          bodyUnmarked: plainBody !== undefined,
        });
      }
      for (const leaf of bodySchema ? leavesOf(bodySchema) : []) {
        const focusValue: { value?: Json } = {};
        const body = sampleBody(bodySchema!, pick, leaf.segments, focusValue);
        jobs.push({
          ...base,
          input: `body ${leaf.label}`,
          url: `${pathFor()}${queryFor()}`,
          body: renderBody(body, focusValue.value),
          headers: headersFor(),
          bodyUnmarked: false,
          evalCode: evalFor(leaf.label),
        });
      }
    }
  }
  return jobs;
}

// --- Running sqlmap -------------------------------------------------------------------------------------

type Verdict = "injectable" | "not injectable" | "error";

/** What the app answered to one run's requests, counted by the app itself (see the X-Sqlmap-Job header). */
interface Traffic {
  /** sqlmap's first request carries the sample values unchanged: its status shows how far the run's requests get. */
  first?: number;
  requests: number;
  byStatus: Map<number, number>;
}

interface JobResult {
  job: Job;
  verdict: Verdict;
  seconds: number;
  /** The parameter names sqlmap reported testing: exactly one is expected. */
  tested: string[];
  detail: string;
  traffic: Traffic;
}

/** The verdict from sqlmap's console output. */
function readSqlmapOutput(output: string): { verdict: Verdict; tested: string[]; detail: string } {
  const tested = [
    ...new Set([...output.matchAll(/testing if .*?parameter '([^']+)' is dynamic/g)].map((m) => m[1]!)),
  ];
  if (/identified the following injection point/.test(output)) {
    const point = /---\r?\n([\s\S]*?)\r?\n---/.exec(output)?.[1] ?? "";
    return { verdict: "injectable", tested, detail: point.split("\n").slice(0, 3).join(" | ") };
  }
  if (/all tested parameters do not appear to be injectable/.test(output)) {
    return { verdict: "not injectable", tested, detail: "" };
  }
  const problems = output
    .split("\n")
    .filter((line) => /\[(CRITICAL|ERROR)\]/.test(line))
    .map((line) => line.trim());
  return { verdict: "error", tested, detail: problems.at(-1) ?? output.trim().split("\n").at(-1) ?? "" };
}

function runSqlmap(args: string[], logFile: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn("sqlmap", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => {
      output += `\n[CRITICAL] stopped by security-sqlmap after ${JOB_TIMEOUT_MS / 60_000} minutes\n`;
      child.kill("SIGKILL");
    }, JOB_TIMEOUT_MS);
    child.on("close", () => {
      clearTimeout(timer);
      writeFileSync(logFile, output);
      resolve(output);
    });
  });
}

type SqlmapTarget = Pick<Job, "method" | "url" | "body" | "headers" | "bodyUnmarked" | "evalCode">;

function sqlmapArgs(
  target: SqlmapTarget,
  baseUrl: string,
  cookie: string | undefined,
  outputDir: string,
): string[] {
  const args = [`--url=${baseUrl}${target.url}`, `--method=${target.method}`];
  if (target.body !== undefined) args.push(`--data=${target.body}`);
  const headers = Object.entries(target.headers).map(([name, value]) => `${name}: ${value}`);
  args.push(`--headers=${headers.join("\n")}`);
  if (cookie) args.push(`--cookie=${cookie}`);
  if (target.bodyUnmarked) args.push("--answers=JSON data found=N");
  if (target.evalCode) args.push(`--eval=${target.evalCode}`);
  args.push(`--output-dir=${outputDir}`, ...SQLMAP_COMMON);
  return args;
}

function describeStatuses(byStatus: Map<number, number>): string {
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}x${count}`)
    .join(" ");
}

function addInto(target: Map<number, number>, source: Map<number, number>) {
  for (const [status, count] of source) target.set(status, (target.get(status) ?? 0) + count);
}

async function main(): Promise<number> {
  const check = spawnSync("sqlmap", ["--version"], { encoding: "utf8" });
  if (check.error) {
    console.error(
      "sqlmap is not installed (or not on PATH). On Debian/Ubuntu: sudo apt-get install -y sqlmap (1.7.x);\n" +
        "elsewhere see https://sqlmap.org. Then run npm run security:sqlmap again.",
    );
    return 2;
  }
  const started = performance.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), "chitta-sqlmap-"));
  console.log(`[trust] sqlmap ${check.stdout.trim().split("\n")[0]}; logs in ${workDir}`);

  // The explicit opt-in for the control route; this script is its only caller (see vulnerable-route.ts).
  process.env[VULNERABLE_ROUTE_ENV] = "1";
  // Undone in reverse order whatever happens, so a failed run leaves no database behind.
  const cleanup: Array<() => Promise<void>> = [];
  let exitCode = 0;
  try {
    const scratch = await createScratchDatabase("chitta_sqlmap");
    cleanup.push(() => scratch.drop());
    const database = await openMigrated(scratch.url);
    cleanup.push(() => database.close());
    await seedDatabase(database.db);

    // Per run, what the app answered: its first status, how many requests, which statuses (5xx would show an
    // input reaching the database in a way it refuses, even where sqlmap cannot turn it into an injection).
    const traffic = new Map<string, Traffic>();
    const local = await startLocalApp({
      database,
      dataDir: path.join(workDir, "data"),
      // Not production: the control route refuses to exist there. Nothing else in the app reads NODE_ENV.
      env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
      beforeListen: (app, config) => {
        registerVulnerableRoute(app, database.db, config);
        // On the HTTP server rather than a Fastify hook: requests the router refuses before any hook runs
        // (a malformed URL's 400) count too.
        app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
          const job = request.headers["x-sqlmap-job"];
          if (typeof job !== "string") return;
          response.once("finish", () => {
            const entry = traffic.get(job) ?? { requests: 0, byStatus: new Map<number, number>() };
            entry.first ??= response.statusCode;
            entry.requests++;
            entry.byStatus.set(response.statusCode, (entry.byStatus.get(response.statusCode) ?? 0) + 1);
            traffic.set(job, entry);
          });
        });
      },
    });
    cleanup.push(() => local.close());

    const fixtures = await createFixtures(local);
    let accounts = 0;
    const sessionFor = async (principal: Principal): Promise<{ cookie: string; checkoutId?: string }> => {
      if (principal === "fresh" || principal === "buyer") {
        const username = `sqlmapacct${++accounts}`;
        const client = await signUpVerified(local, username, PASSWORD);
        if (principal === "fresh") return { cookie: client.cookieHeader };
        await client.expect(200, "POST", "/api/billing/checkout", { plan: "monthly" });
        const [row] = await local.database.db
          .select({ id: sandboxCheckoutSessions.id })
          .from(sandboxCheckoutSessions)
          .innerJoin(users, eq(users.id, sandboxCheckoutSessions.userId))
          .where(eq(users.username, username));
        return { cookie: client.cookieHeader, checkoutId: row!.id };
      }
      const client = new ApiClient(local.url, local.origin);
      await client.logIn(principal === "admin" ? fixtures.adminUsername : fixtures.username, PASSWORD);
      return { cookie: client.cookieHeader };
    };

    // The positive control first: if sqlmap cannot find this injection, the scan proves nothing.
    const controlStarted = performance.now();
    const controlDir = path.join(workDir, "control");
    mkdirSync(controlDir, { recursive: true });
    const controlTarget: SqlmapTarget = {
      method: "GET",
      url: `${VULNERABLE_ROUTE_PATH}?name=${fixtures.username}*`,
      body: undefined,
      headers: { Accept: "application/json", "X-Sqlmap-Job": "control" },
      bodyUnmarked: false,
    };
    const control = readSqlmapOutput(
      await runSqlmap(
        sqlmapArgs(controlTarget, local.url, undefined, controlDir),
        path.join(controlDir, "sqlmap.txt"),
      ),
    );
    const controlTraffic = traffic.get("control");
    console.log(
      `[trust] control GET ${VULNERABLE_ROUTE_PATH}?name=: ${control.verdict} after ${controlTraffic?.requests ?? 0} requests, ${((performance.now() - controlStarted) / 1000).toFixed(0)} s${control.detail ? ` (${control.detail})` : ""}`,
    );
    if (control.verdict !== "injectable") {
      console.error(
        "[trust] sqlmap did not find the deliberate injection: the scanner is not working, stopping.",
      );
      exitCode = 1;
      return exitCode;
    }

    const document = local.app.swagger() as unknown as OpenApiDocument;
    const allJobs = jobsFor(document, fixtures, local.origin);
    const jobs = options.only ? allJobs.filter((job) => job.route.includes(options.only!)) : allJobs;
    const routes = [...new Set(jobs.map((job) => job.route))];
    if (options.list) {
      for (const job of jobs) {
        console.log(`  ${job.route} ${job.input} [${job.principal}]: ${job.url} ${job.body ?? ""}`);
      }
      return exitCode;
    }
    console.log(`[trust] ${jobs.length} inputs on ${routes.length} routes, ${JOBS} sqlmap runs at a time\n`);

    const results: JobResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const index = next++;
        const job = jobs[index]!;
        const jobStarted = performance.now();
        const { cookie, checkoutId } = await sessionFor(job.principal);
        const target: SqlmapTarget = {
          ...job,
          url: checkoutId ? job.url.replace(CHECKOUT_ID, checkoutId) : job.url,
          headers: { ...job.headers, "X-Sqlmap-Job": String(index) },
        };
        const outputDir = path.join(workDir, `job-${String(index).padStart(3, "0")}`);
        mkdirSync(outputDir, { recursive: true });
        const output = await runSqlmap(
          sqlmapArgs(target, local.url, cookie, outputDir),
          path.join(outputDir, "sqlmap.txt"),
        );
        const read = readSqlmapOutput(output);
        const seen: Traffic = traffic.get(String(index)) ?? { requests: 0, byStatus: new Map() };
        const result: JobResult = {
          job,
          seconds: (performance.now() - jobStarted) / 1000,
          traffic: seen,
          ...read,
        };
        // More than one tested parameter would mean the marker did not confine sqlmap to this input.
        if (read.verdict !== "error" && read.tested.length !== 1) {
          result.verdict = "error";
          result.detail = `expected one tested parameter, sqlmap tested: ${read.tested.join(", ") || "none"}`;
        }
        results.push(result);
        console.log(
          `  [${String(results.length).padStart(3)}/${jobs.length}] ${job.route} ${job.input}: ${result.verdict}, first answer ${seen.first ?? "-"}, ${seen.requests} requests, ${result.seconds.toFixed(0)} s${result.detail ? ` - ${result.detail}` : ""}`,
        );
      }
    };
    await Promise.all(Array.from({ length: JOBS }, worker));

    console.log(
      "\nper route: inputs, injectable, failed runs, status of sqlmap's first request (sample values), requests answered by status",
    );
    let serverErrors = 0;
    for (const route of routes) {
      const mine = results.filter((result) => result.job.route === route);
      const injectable = mine.filter((result) => result.verdict === "injectable");
      const failed = mine.filter((result) => result.verdict === "error");
      const firsts = [...new Set(mine.map((result) => result.traffic.first ?? "-"))].join("/");
      const byStatus = new Map<number, number>();
      for (const result of mine) addInto(byStatus, result.traffic.byStatus);
      const requests = mine.reduce((sum, result) => sum + result.traffic.requests, 0);
      serverErrors += [...byStatus]
        .filter(([status]) => status >= 500)
        .reduce((sum, [, count]) => sum + count, 0);
      console.log(
        `  ${route.padEnd(56)} ${String(mine.length).padStart(3)} inputs  ${injectable.length} injectable  ${failed.length} failed  first ${firsts.padEnd(11)} ${String(requests).padStart(6)} requests: ${describeStatuses(byStatus)}`,
      );
      for (const result of [...injectable, ...failed]) {
        console.log(`      ${result.verdict}: ${result.job.input} - ${result.detail}`);
      }
    }
    // Static files aside, what the router knows that the scan did not cover: routes without documented inputs
    // (and hidden ones such as the OpenID Connect redirects, which only redirect while OIDC is not configured).
    const unscanned = registeredRoutes(local.app)
      .filter(
        (route) =>
          route.method !== "HEAD" && !/\.\w+$/.test(route.path) && route.path !== VULNERABLE_ROUTE_PATH,
      )
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !allJobs.some((job) => job.route === route));
    if (!options.only)
      console.log(`\nnot scanned (no input in the OpenAPI document): ${unscanned.join(", ")}`);

    const injectableCount = results.filter((result) => result.verdict === "injectable").length;
    const failedCount = results.filter((result) => result.verdict === "error").length;
    const totalRequests = results.reduce((sum, result) => sum + result.traffic.requests, 0);
    const minutes = (performance.now() - started) / 60_000;
    const scope = options.only ? ` (only routes matching "${options.only}")` : "";
    console.log(
      `\n[trust] sqlmap: ${results.length} parameters on ${routes.length} routes tested, ${injectableCount} injectable${scope}`,
    );
    console.log(
      `[trust] control route found injectable (excluded from the count); ${failedCount} runs failed; ${totalRequests} requests, ${serverErrors} answered >= 500; ${minutes.toFixed(1)} min in total`,
    );
    if (injectableCount > 0 || failedCount > 0) exitCode = 1;
  } catch (error) {
    exitCode = 1;
    throw error;
  } finally {
    for (const step of cleanup.reverse()) await step();
    // Logs are kept when something needs looking at; a clean run leaves nothing behind.
    if (exitCode === 0 && !options["keep-logs"]) rmSync(workDir, { recursive: true, force: true });
    else console.log(`[trust] sqlmap logs kept in ${workDir}`);
  }
  return exitCode;
}

process.exit(await main());
