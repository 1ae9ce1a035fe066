/**
 * Trust suite, equal work: how long forgot-password and a signed-out verification resend take to answer for an
 * address with an account and for one without. The real app (production mode, rate limits off so one address can
 * send them all) listens on a local port; requests alternate between the two addresses, and the app's background
 * work (lookup, link, mail) is finished before the next request, so each figure is the answer alone. The client
 * runs in a worker thread, so that work cannot delay its reading of the answer either. Prints the median and 90th
 * percentile of each. Database: embedded PGlite in memory, or a scratch database (dropped afterwards) on the
 * PostgreSQL server at TRUST_DATABASE_URL.
 * Run: npm run trust:timing [-- <requests per address, default 200>]. Exits non-zero if the answers differ.
 */
import { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { users } from "../server/db/schema/index";
import { ApiClient, createScratchDatabase, signUpVerified, startLocalApp } from "./lib/local-app";
import { percentile } from "./lib/stats";

const REQUESTS = Number(process.argv[2] ?? 200);
const WARM_UP = 20;
const PASSWORD = "correct horse battery 9";

/** Sends each request it is given and answers with the time to the complete response, measured on its own loop. */
const CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
parentPort.on("message", async ({ url, body }) => {
  const headers = { origin: workerData.origin, accept: "application/json", "content-type": "application/json" };
  const started = performance.now();
  const response = await fetch(url, { method: "POST", headers, body });
  const text = await response.text();
  parentPort.postMessage({ ms: performance.now() - started, status: response.status, text });
});
`;

interface Answer {
  ms: number;
  status: number;
  text: string;
}

async function measure(database: DatabaseHandle, label: string) {
  const local = await startLocalApp({ database });
  // The client runs in a worker thread, with an event loop of its own: in this thread the app's background work,
  // which starts once the answer is written, would delay the client reading that answer.
  const client = new Worker(CLIENT, { eval: true, workerData: { origin: local.origin } });
  try {
    // signUpVerified gives the account <username>@example.com.
    const known = "timedknown@example.com";
    await signUpVerified(local, "timedknown", PASSWORD);
    const unverified = "timed-pending@example.com";
    await new ApiClient(local.url, local.origin).expect(201, "POST", "/api/signup", {
      username: "timedpending",
      email: unverified,
      password: PASSWORD,
    });

    for (const address of [known, unverified]) {
      const [account] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, address));
      if (!account) throw new Error(`${address} should be an account's address`);
    }

    const waiting: Array<(answer: Answer) => void> = [];
    client.on("message", (answer: Answer) => waiting.shift()?.(answer));
    async function timed(urlPath: string, email: string): Promise<Answer> {
      const answer = await new Promise<Answer>((resolve) => {
        waiting.push(resolve);
        client.postMessage({ url: `${local.url}${urlPath}`, body: JSON.stringify({ email }) });
      });
      if (answer.status !== 200) throw new Error(`${urlPath}: ${answer.status} ${answer.text}`);
      await local.app.background.idle();
      return answer;
    }

    const routes = [
      { name: "forgot-password", path: "/api/password/forgot", known },
      { name: "resend (signed out)", path: "/api/email-verification/resend", known: unverified },
    ];
    console.log(`${REQUESTS} requests per address, alternating (${label}, after ${WARM_UP} warm-up each)`);
    for (const route of routes) {
      const times = { known: [] as number[], unknown: [] as number[] };
      const texts = new Set<string>();
      for (let round = 0; round < WARM_UP + REQUESTS; round++) {
        // Alternate which goes first, so neither always follows the other's work.
        const order = round % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
        for (const kind of order) {
          const email = kind === "known" ? route.known : `nobody-${round}@example.com`;
          const { ms, text } = await timed(route.path, email);
          if (round >= WARM_UP) times[kind].push(ms);
          texts.add(text);
        }
      }
      const summary = (kind: "known" | "unknown") =>
        `median ${percentile(times[kind], 50).toFixed(2)} ms, p90 ${percentile(times[kind], 90).toFixed(2)} ms`;
      const difference = percentile(times.known, 50) - percentile(times.unknown, 50);
      console.log(`[trust] ${route.name}: known address ${summary("known")}; unknown ${summary("unknown")}`);
      console.log(
        `        median difference ${difference.toFixed(2)} ms; one answer for all: ${texts.size === 1}`,
      );
      if (texts.size !== 1) process.exitCode = 1;
    }
  } finally {
    await client.terminate();
    await local.close();
  }
}

async function main() {
  const serverUrl = process.env.TRUST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase("trust_timing", serverUrl) : undefined;
  try {
    const database = await openDatabase(
      scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite" },
    );
    try {
      await database.migrate();
      await measure(database, scratch ? "PostgreSQL" : "PGlite");
    } finally {
      await database.close();
    }
  } finally {
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
