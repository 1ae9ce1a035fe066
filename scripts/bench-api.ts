/**
 * Each API route against a bare Fastify route running the same use case on the same database, in the same
 * run, with autocannon (target: API >= 60% of bare); and the journal page and search on a user whose journal is
 * near MAX_JOURNAL_DREAMS (p99 target < 30 ms).
 * Database: BENCH_DATABASE_URL (PostgreSQL) or a fresh embedded one. Run: npm run bench:api
 * BENCH_DREAMS=15000 BENCH_SECONDS=10 BENCH_CONNECTIONS=10 tune it.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { type ListDreamsQuery, MAX_JOURNAL_DREAMS } from "../contract/dreams";
import { systemClock } from "../server/context";
import { openDatabase } from "../server/db/client";
import { dreams, users } from "../server/db/schema/index";
import { presentDream } from "../server/modules/dreams/dream-presenter";
import { listDreams, newestFirst } from "../server/modules/dreams/list-dreams";
import { saveDream } from "../server/modules/dreams/save-dream";
import { translateDream } from "../server/modules/dreams/translate-dream";
import { createSymbolEngineHolder } from "../server/modules/symbols/symbol-engine";
import { ApiClient, startLocalApp } from "./lib/local-app";
import { seedJournal } from "./seed-journal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * The biggest journal a user can hold, less room for the saves the run makes: past MAX_JOURNAL_DREAMS a save is
 * refused (409) and the save figures would only measure the refusal.
 */
const SAVE_ROOM = 5_000;
const DREAMS = Number(process.env.BENCH_DREAMS ?? MAX_JOURNAL_DREAMS - SAVE_ROOM);

interface Run {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Run> {
  const result = await autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-bench-api-"));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(
    databaseUrl
      ? { kind: "postgres", url: databaseUrl }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
  );
  await database.migrate();
  // The real app on a local port, production mode, rate limits off (see startLocalApp).
  const local = await startLocalApp({ database, dataDir });
  const appUrl = local.url;
  const headers = { "content-type": "application/json", origin: local.origin };

  // A premium user (no daily limit) with a big journal.
  const username = `bench${Date.now()}`;
  const password = "bench password 12345";
  const client = new ApiClient(local.url, local.origin);
  await client.expect(201, "POST", "/api/signup", { username, email: `${username}@example.com`, password });
  await database.db
    .update(users)
    .set({ emailVerified: true, hasUnlimitedAccess: true })
    .where(eq(users.username, username));
  await client.logIn(username, password);
  const cookie = client.cookieHeader;
  const [user] = await database.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error("bench user vanished");
  console.log(`seeding ${DREAMS} dreams for ${username} (${databaseUrl ? "PostgreSQL" : "PGlite"})...`);
  const seeded = performance.now();
  await seedJournal(database.db, user.id, DREAMS, () => {});
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // Bare routes: the same use cases on the same database handle, for a user looked up once, without the
  // app's plugins (session, CSRF, security headers, rate limits) or schemas. The ratio is the framework's cost.
  const bare = Fastify();
  const ctx = {
    db: database.db,
    clock: systemClock,
    config: local.config,
    symbols: createSymbolEngineHolder(),
  };
  const [owner] = await database.db.select().from(users).where(eq(users.id, user.id));
  if (!owner) throw new Error("bench user vanished");
  bare.get("/bare/one-row", async () =>
    database.db
      .select()
      .from(dreams)
      .where(eq(dreams.userId, owner.id))
      .orderBy(...newestFirst)
      .limit(1),
  );
  const page = (query: Partial<ListDreamsQuery>) => async () => {
    const { rows, nextCursor } = await listDreams(ctx, owner, { limit: 20, ...query });
    return { dreams: rows.map(presentDream), nextCursor };
  };
  bare.get("/bare/page", page({}));
  bare.get("/bare/search", page({ q: "water" }));
  bare.get("/bare/symbol", page({ symbol: "snake" }));
  const dream =
    "I was walking by the river when a black dog started to chase me into my grandmother's house.";
  bare.post("/bare/translate", async () => translateDream(ctx, owner, { content: dream }));
  bare.post("/bare/save", async () =>
    presentDream(await saveDream(ctx, owner, { content: dream, tags: ["bench"] })),
  );
  await bare.listen({ host: "127.0.0.1", port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const auth = { ...headers, cookie };
  const post = (body: unknown) => ({ method: "POST" as const, body: JSON.stringify(body) });
  const pairs: Array<[string, autocannon.Options, autocannon.Options]> = [
    ["GET /api/dreams?limit=1", { url: `${appUrl}/api/dreams?limit=1` }, { url: `${bareUrl}/bare/one-row` }],
    [
      "GET /api/dreams (page of 20)",
      { url: `${appUrl}/api/dreams?limit=20` },
      { url: `${bareUrl}/bare/page` },
    ],
    [
      "GET /api/dreams?q=water",
      { url: `${appUrl}/api/dreams?q=water&limit=20` },
      { url: `${bareUrl}/bare/search` },
    ],
    [
      "GET /api/dreams?symbol=snake",
      { url: `${appUrl}/api/dreams?symbol=snake&limit=20` },
      { url: `${bareUrl}/bare/symbol` },
    ],
    [
      "POST /api/translate-dream",
      { url: `${appUrl}/api/translate-dream`, ...post({ content: dream }) },
      { url: `${bareUrl}/bare/translate`, ...post({}) },
    ],
    [
      "POST /api/dreams (save)",
      { url: `${appUrl}/api/dreams`, ...post({ content: dream, tags: ["bench"] }) },
      { url: `${bareUrl}/bare/save`, ...post({}) },
    ],
  ];
  const results: Array<{ name: string; api: Run; bare: Run }> = [];
  for (const [name, api, bareOptions] of pairs) {
    const bareRun = await load(name, { ...bareOptions, headers: { "content-type": "application/json" } });
    const apiRun = await load(name, { ...api, headers: auth });
    results.push({ name, api: apiRun, bare: bareRun });
  }

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, journal of ${DREAMS} dreams`);
  console.log(
    `${"route".padEnd(30)} ${"req/s".padStart(7)} ${"p50".padStart(5)} ${"p99 ms".padStart(7)} | ${"bare req/s".padStart(10)} ${"p99 ms".padStart(7)} | ${"ratio".padStart(5)} errors`,
  );
  for (const { name, api, bare: b } of results) {
    const ratio = `${((api.requestsPerSecond / b.requestsPerSecond) * 100).toFixed(0)}%`;
    console.log(
      `${name.padEnd(30)} ${api.requestsPerSecond.toFixed(0).padStart(7)} ${String(api.p50).padStart(5)} ${String(api.p99).padStart(7)} | ${b.requestsPerSecond.toFixed(0).padStart(10)} ${String(b.p99).padStart(7)} | ${ratio.padStart(5)} ${api.errors + b.errors}`,
    );
  }
  await bare.close();
  await local.close();
  await database.close();
}

await main();
