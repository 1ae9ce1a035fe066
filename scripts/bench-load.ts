/**
 * Issue 6, item 10: mixed, realistic traffic from many signed-in people at once, against the real app on a
 * fresh PostgreSQL database. Passes when no response is >= 500 and no request fails or times out.
 *
 * Run: npm run bench:load                               (100 connections for 2 minutes)
 *      npm run bench:load -- --duration 20 --connections 20
 * Database: a new one on the local PostgreSQL server (LOCAL_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
 *
 * - 1,000 users inserted directly (one argon2 hash computed once and shared: hashing 1,000 times would take
 *   longer than the test), each with 5 dreams. They have unlimited access, so the free plan's three
 *   translations a day do not turn most translate requests into refusals.
 * - Rate limits are off: every connection comes from 127.0.0.1, so the per-IP limits would otherwise answer
 *   most requests with 429 and the test would measure the limiter.
 * - Each connection logs in as its own user (its session cookie captured from the login's Set-Cookie), then
 *   runs a cycle of 100 requests: reading the journal, searching it, translating and saving dreams; then logs
 *   in again as the next user.
 * - The load generator (autocannon) runs in this process too, so the memory figures include it.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { users } from "../server/db/schema/index";
import { seedDatabase } from "../server/db/seed/seed";
import { hashPassword } from "../server/modules/accounts/passwords";
import { cookiesFrom, createScratchDatabase, openMigrated, startLocalApp } from "./lib/local-app";
import { percentile } from "./lib/stats";
import { seedJournal } from "./seed-journal";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "120" },
    connections: { type: "string", default: "100" },
    users: { type: "string", default: "1000" },
  },
});
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const USERS = Number(options.users);
const DREAMS_PER_USER = 5;
const PASSWORD = "load test passphrase 42";

const DREAMS = [
  "I was walking by the river when a black dog started to chase me into my grandmother's house.",
  "Estaba en la escuela y de repente empecé a volar sobre la ciudad, sin miedo.",
  "A snake was hiding under my bed and my teeth were falling out one by one.",
  "We were driving on a bridge over the ocean and the car filled with cold water.",
  "Mi madre me llamó por teléfono desde una casa que no conocía, en un bosque oscuro.",
];
const SEARCHES = ["water", "dog", "snake", "house", "volar", "escuela", "bridge", "teeth"];

type Kind = "login" | "journal" | "search" | "translate" | "save";

/**
 * One cycle after each login: roughly what a person does (reading far more than writing): 40 journal pages,
 * 20 searches, 25 translations, 15 saves, interleaved. Login is then about 1% of requests.
 */
const CYCLE: Kind[] = Array.from({ length: 100 }, (_, i): Kind => {
  const slot = (i * 37) % 100; // a fixed shuffle, so the kinds are spread over the cycle
  return slot < 40 ? "journal" : slot < 60 ? "search" : slot < 85 ? "translate" : "save";
});

interface ClientContext {
  cookie?: string;
  sentAt?: number;
}

interface Measured {
  latencies: number[];
  byStatus: Map<number, number>;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function memoryLine(label: string) {
  const { rss, heapUsed } = process.memoryUsage();
  return `${label.padEnd(7)} RSS ${mb(rss).padStart(7)}, heap used ${mb(heapUsed).padStart(7)}`;
}

async function seedUsers(db: Database): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const usernames = Array.from({ length: USERS }, (_, i) => `load${String(i).padStart(4, "0")}`);
  for (let offset = 0; offset < USERS; offset += 500) {
    await db.insert(users).values(
      usernames.slice(offset, offset + 500).map((username) => ({
        username,
        email: `${username}@example.com`,
        password: passwordHash,
        emailVerified: true,
        accountStatus: "active",
        hasUnlimitedAccess: true,
      })),
    );
  }
  // The journal seeder writes one user's dreams (its symbol engine takes ~0.5 s to build, once per call):
  // write them all to the first user, then deal them out round-robin to everyone.
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.username, usernames[0]!));
  await seedJournal(db, first!.id, USERS * DREAMS_PER_USER, () => {});
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) - 1 as n from dreams),
         people as (select id, row_number() over (order by id) - 1 as n from users where username like 'load%')
    update dreams set user_id = people.id
    from numbered join people on people.n = numbered.n % ${USERS}
    where dreams.id = numbered.id`);
  await db.execute(sql`analyze`);
  return usernames;
}

async function main(): Promise<number> {
  // Undone in reverse order whatever happens, so a failed run leaves no database behind.
  const cleanup: Array<() => Promise<void>> = [];
  let exitCode = 0;
  try {
    const scratch = await createScratchDatabase("chitta_load");
    cleanup.push(() => scratch.drop());
    const database = await openMigrated(scratch.url);
    cleanup.push(() => database.close());
    // Reference data first, as server/main.ts does: the app loads the lexicon when it is built.
    await seedDatabase(database.db);
    const local = await startLocalApp({ database });
    cleanup.push(() => local.close());
    const seedStarted = performance.now();
    const usernames = await seedUsers(database.db);
    console.log(
      `[trust] load: ${USERS} users with ${DREAMS_PER_USER} dreams each seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (PostgreSQL ${scratch.name})`,
    );

    const measured = new Map<Kind, Measured>(
      (["login", "journal", "search", "translate", "save"] as const).map((kind) => [
        kind,
        { latencies: [], byStatus: new Map() },
      ]),
    );
    // Per request type, from the moment autocannon builds the request (just before writing it to the socket) to
    // its response: autocannon itself only reports latency over all requests.
    const record = (kind: Kind, status: number, context: ClientContext) => {
      const entry = measured.get(kind)!;
      if (context.sentAt !== undefined) entry.latencies.push(performance.now() - context.sentAt);
      entry.byStatus.set(status, (entry.byStatus.get(status) ?? 0) + 1);
    };

    let nextUser = 0;
    let saved = 0;
    // A new headers object per request: autocannon writes Content-Length into the object it is given, and a
    // shared one would then give body-less requests a stale length.
    const headersFor = (cookie: string | undefined, json: boolean): Record<string, string> => ({
      origin: local.origin,
      ...(json ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
    });
    const login: autocannon.Request = {
      method: "POST",
      path: "/api/login",
      setupRequest: (request, context) => {
        const ctx = context as ClientContext;
        ctx.sentAt = performance.now();
        const username = usernames[nextUser++ % usernames.length];
        return {
          ...request,
          headers: headersFor(undefined, true),
          body: JSON.stringify({ username, password: PASSWORD }),
        };
      },
      onResponse: (status, _body, context, responseHeaders) => {
        const ctx = context as ClientContext;
        record("login", status, ctx);
        const setCookie = responseHeaders?.["set-cookie"];
        const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
        ctx.cookie = [...cookiesFrom(lines)].map(([name, value]) => `${name}=${value}`).join("; ");
      },
    };
    const step = (kind: Exclude<Kind, "login">, i: number): autocannon.Request => ({
      method: kind === "translate" || kind === "save" ? "POST" : "GET",
      path:
        kind === "translate"
          ? "/api/translate-dream"
          : kind === "search"
            ? `/api/dreams?q=${SEARCHES[i % SEARCHES.length]}&limit=20`
            : kind === "journal"
              ? "/api/dreams?limit=20"
              : "/api/dreams",
      setupRequest: (request, context) => {
        const ctx = context as ClientContext;
        ctx.sentAt = performance.now();
        const dream = DREAMS[i % DREAMS.length]!;
        const body =
          kind === "translate"
            ? JSON.stringify({ content: dream })
            : kind === "save"
              ? JSON.stringify({ content: `${dream} (${++saved})`, tags: ["load"] })
              : undefined;
        return { ...request, headers: headersFor(ctx.cookie, body !== undefined), body };
      },
      onResponse: (status, _body, context) => record(kind, status, context as ClientContext),
    });
    const requests = [login, ...CYCLE.map((kind, i) => step(kind as Exclude<Kind, "login">, i))];

    const before = memoryLine("before");
    console.log(before);
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 1000);
    console.log(`[trust] load: ${CONNECTIONS} connections for ${DURATION_S} s against ${local.url}...`);
    const result = await autocannon({
      url: local.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests,
    });
    clearInterval(sampler);
    const after = memoryLine("after");

    const serverErrors = Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
    const byStatus = Object.entries(result.statusCodeStats ?? {})
      .map(([status, stats]) => `${status}: ${stats.count ?? 0}`)
      .join(", ");
    console.log(`\n${CONNECTIONS} connections, ${result.duration} s, ${USERS} users, rate limits off`);
    console.log(
      `total ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s (average), ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx`,
    );
    console.log(`responses by status: ${byStatus}`);
    console.log(
      `latency (autocannon, all requests): p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `\n${"route".padEnd(32)} ${"requests".padStart(8)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99 ms".padStart(7)}  statuses`,
    );
    const names: Record<Kind, string> = {
      login: "POST /api/login",
      journal: "GET /api/dreams (page of 20)",
      search: "GET /api/dreams?q=...",
      translate: "POST /api/translate-dream",
      save: "POST /api/dreams (save)",
    };
    const row = (name: string, entry: Measured) => {
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      const statuses = [...entry.byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}x${count}`)
        .join(" ");
      const count = [...entry.byStatus.values()].reduce((sum, n) => sum + n, 0);
      const ms = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
      console.log(
        `${name.padEnd(32)} ${String(count).padStart(8)} ${ms(50)} ${ms(95)} ${ms(99)}  ${statuses}`,
      );
    };
    const all: Measured = { latencies: [], byStatus: new Map() };
    for (const [kind, entry] of measured) {
      row(names[kind], entry);
      all.latencies.push(...entry.latencies);
      for (const [status, count] of entry.byStatus)
        all.byStatus.set(status, (all.byStatus.get(status) ?? 0) + count);
    }
    row("all", all);
    console.log(`\nprocess memory (app and load generator)`);
    console.log(before);
    console.log(after);
    console.log(`peak    RSS ${mb(peakRss).padStart(7)}`);

    const ok = serverErrors === 0 && result.errors === 0;
    console.log(
      `\n[trust] load: ${result.requests.total} requests at ${result.requests.average.toFixed(0)} req/s, ${serverErrors} responses >= 500, ${result.errors} errors: ${ok ? "pass" : "FAIL"}`,
    );
    if (!ok) exitCode = 1;
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
  return exitCode;
}

process.exit(await main());
