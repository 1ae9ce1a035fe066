/**
 * API throughput against a bare Fastify route doing the same single-row query, in the same run, with
 * autocannon; and the journal page and search on a user with 100,000 dreams (p99 target < 30 ms).
 * Database: BENCH_DATABASE_URL (PostgreSQL) or a fresh embedded one. Run: npm run bench:api
 * BENCH_DREAMS=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=10 tune it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { buildApp } from "../server/app";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { dreams, users } from "../server/db/schema/index";
import { newestFirst } from "../server/modules/dreams/list-dreams";
import { seedJournal } from "./seed-journal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DREAMS = Number(process.env.BENCH_DREAMS ?? 100_000);
const ORIGIN = "http://127.0.0.1";

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
  const config = parseConfig(
    {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
      COOKIE_SECURE: "false",
      PORT: "0",
      SESSION_SECRET: randomBytes(32).toString("hex"),
    },
    { generateSecrets: false },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { "content-type": "application/json", origin: ORIGIN.replace("127.0.0.1", "localhost") };

  // A premium user (no daily limit) with a big journal.
  const username = `bench${Date.now()}`;
  const password = "bench password 12345";
  const signup = await fetch(`${appUrl}/api/signup`, {
    method: "POST",
    headers: { ...headers, origin: `http://localhost:${config.port}` },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (!signup.ok) throw new Error(`signup failed: ${await signup.text()}`);
  await database.db
    .update(users)
    .set({ emailVerified: true, hasUnlimitedAccess: true })
    .where(eq(users.username, username));
  const login = await fetch(`${appUrl}/api/login`, {
    method: "POST",
    headers: { ...headers, origin: `http://localhost:${config.port}` },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const [user] = await database.db.select().from(users).where(eq(users.username, username));
  if (!user || !cookie) throw new Error("login failed");
  console.log(`seeding ${DREAMS} dreams for ${username} (${databaseUrl ? "PostgreSQL" : "PGlite"})...`);
  const seeded = performance.now();
  await seedJournal(database.db, user.id, DREAMS, () => {});
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // The bare route: same database handle, same single-row query, no plugins, no session, no schemas.
  const bare = Fastify();
  bare.get("/bare", async () =>
    database.db
      .select()
      .from(dreams)
      .where(eq(dreams.userId, user.id))
      .orderBy(...newestFirst)
      .limit(1),
  );
  await bare.listen({ host: "127.0.0.1", port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const auth = { ...headers, origin: `http://localhost:${config.port}`, cookie };
  const runs: Run[] = [];
  runs.push(await load("bare Fastify, 1-row query", { url: `${bareUrl}/bare` }));
  runs.push(await load("GET /api/dreams?limit=1", { url: `${appUrl}/api/dreams?limit=1`, headers: auth }));
  runs.push(
    await load("GET /api/dreams (page of 20)", { url: `${appUrl}/api/dreams?limit=20`, headers: auth }),
  );
  runs.push(
    await load("GET /api/dreams?q=water", { url: `${appUrl}/api/dreams?q=water&limit=20`, headers: auth }),
  );
  runs.push(
    await load("GET /api/dreams?symbol=snake", {
      url: `${appUrl}/api/dreams?symbol=snake&limit=20`,
      headers: auth,
    }),
  );
  const dream =
    "I was walking by the river when a black dog started to chase me into my grandmother's house.";
  runs.push(
    await load("POST /api/translate-dream", {
      url: `${appUrl}/api/translate-dream`,
      method: "POST",
      headers: auth,
      body: JSON.stringify({ content: dream }),
    }),
  );
  runs.push(
    await load("POST /api/dreams (save)", {
      url: `${appUrl}/api/dreams`,
      method: "POST",
      headers: auth,
      body: JSON.stringify({ content: dream, tags: ["bench"] }),
    }),
  );

  const baseline = runs[0]?.requestsPerSecond ?? 1;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, journal of ${DREAMS} dreams`);
  console.log(
    `${"route".padEnd(32)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"vs bare".padStart(8)} errors`,
  );
  for (const run of runs) {
    const ratio = `${((run.requestsPerSecond / baseline) * 100).toFixed(0)}%`;
    console.log(
      `${run.name.padEnd(32)} ${run.requestsPerSecond.toFixed(0).padStart(8)} ${String(run.p50).padStart(7)} ${String(run.p99).padStart(7)} ${ratio.padStart(8)} ${run.errors}`,
    );
  }
  await bare.close();
  await app.close();
  await database.close();
}

await main();
