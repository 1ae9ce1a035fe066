/**
 * Trust suite, cost of bad input (issue 12, item 2): the real app on a local port (embedded database, or
 * TRUST_DATABASE_URL), rate limits off so the server itself is measured, not the limiter. For 8 s:
 *   - 4 strangers send 80 KB journal imports of 27,000 empty objects, back to back;
 *   - 2 signed-in users save dreams with 100,000 empty tags (300 KB), back to back;
 *   - a health check every 10 ms.
 * Prints each kind's answer times (p50, p99, max), status codes and answer sizes, and the health checks'.
 * Exits non-zero when an attack is answered with more than 4 KB or the health checks' p99 passes 100 ms.
 * Run: npm run trust:input-flood
 */
import { openDatabase } from "../server/db/client";
import { type ApiClient, openMigrated, signUpVerified, startLocalApp } from "./lib/local-app";
import { percentile } from "./lib/stats";

const DURATION_MS = 8000;
const HEALTH_EVERY_MS = 10;
const PASSWORD = "correct horse battery 9";
const DREAM = "I was walking along a quiet beach at night under a full moon.";

interface Sample {
  ms: number;
  status: number;
  bytes: number;
}

function summary(label: string, samples: Sample[]) {
  const times = samples.map((sample) => sample.ms);
  const statuses = [...new Set(samples.map((sample) => sample.status))].join(",");
  const maxBytes = Math.max(...samples.map((sample) => sample.bytes));
  console.log(
    `${label.padEnd(34)} n=${String(samples.length).padStart(5)}  p50 ${percentile(times, 50).toFixed(1)} ms` +
      `  p99 ${percentile(times, 99).toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms` +
      `  status ${statuses}  largest answer ${maxBytes} B`,
  );
  return { p99: percentile(times, 99), maxBytes };
}

async function timed(send: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const response = await send();
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, bytes: Buffer.byteLength(text) };
}

async function main() {
  const databaseUrl = process.env.TRUST_DATABASE_URL;
  const database = databaseUrl ? await openMigrated(databaseUrl) : await openDatabase({ kind: "pglite" });
  if (!databaseUrl) await database.migrate();
  const local = await startLocalApp({ database });
  try {
    const users = await Promise.all(
      [1, 2].map((n) => signUpVerified(local, `flood${n}_${Date.now().toString(36)}`, PASSWORD)),
    );
    const importBody = JSON.stringify({
      format: "chitta-journal",
      version: 1,
      exportedAt: "x",
      dreams: Array(27_000).fill({}),
    });
    const tagBody = JSON.stringify({ content: DREAM, tags: Array(100_000).fill("") });
    const headers = (client?: ApiClient) => ({
      origin: local.origin,
      "content-type": "application/json",
      ...(client ? { cookie: client.cookieHeader } : {}),
    });

    const until = performance.now() + DURATION_MS;
    const loop = async (send: () => Promise<Sample>, into: Sample[], pauseMs = 0) => {
      while (performance.now() < until) {
        into.push(await send());
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    const anonymous: Sample[] = [];
    const tagFlood: Sample[] = [];
    const health: Sample[] = [];
    await Promise.all([
      ...Array.from({ length: 4 }, () =>
        loop(
          () =>
            timed(() =>
              fetch(`${local.url}/api/dreams/import`, {
                method: "POST",
                headers: headers(),
                body: importBody,
              }),
            ),
          anonymous,
        ),
      ),
      ...users.map((client) =>
        loop(
          () =>
            timed(() =>
              fetch(`${local.url}/api/dreams`, { method: "POST", headers: headers(client), body: tagBody }),
            ),
          tagFlood,
        ),
      ),
      loop(() => timed(() => fetch(`${local.url}/api/health`)), health, HEALTH_EVERY_MS),
    ]);

    console.log(
      `\nbad input for ${DURATION_MS / 1000} s (${databaseUrl ? "PostgreSQL" : "embedded database"})`,
    );
    const strangers = summary("anonymous 80 KB import", anonymous);
    const users100k = summary("signed-in save, 100,000 empty tags", tagFlood);
    const checks = summary("GET /api/health meanwhile", health);
    const failures = [
      strangers.maxBytes > 4096 && "an anonymous import got an answer over 4 KB",
      users100k.maxBytes > 4096 && "a tag flood got an answer over 4 KB",
      checks.p99 > 100 && `health checks' p99 ${checks.p99.toFixed(1)} ms is over 100 ms`,
    ].filter(Boolean);
    if (failures.length > 0) {
      console.error(`\nFAILED: ${failures.join("; ")}`);
      process.exitCode = 1;
    } else {
      console.log("\nOK: short answers, and the server stayed responsive");
    }
  } finally {
    await local.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
