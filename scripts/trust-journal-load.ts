/**
 * Trust suite, journal import and export under watch: the real app (buildApp, on a fresh embedded database, or
 * a scratch database on TRUST_DATABASE_URL's PostgreSQL server) with one user; a journal of ~5,600 dreams
 * (~28 MB of JSON, as in the issue's report) is imported, then exported four times at once, while a prober in
 * its own thread asks GET /api/health every 10 ms (one request at a time, as a load balancer would) and
 * records each answer's latency. Prints, per phase, the latency p50/p99/max and the share of the phase spent
 * waiting on answers slower than 100 ms ("unresponsive"), with the import's and the exports' durations.
 * Requirements (non-zero exit otherwise): the import completes with every dream, each export is the whole
 * journal, and no health answer takes longer than MAX_STALL_MS.
 * Run: npm run trust:journal-load   (TRUST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres for PostgreSQL)
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { DREAM_MAX_LENGTH, JOURNAL_FORMAT } from "../contract/dreams";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { seedDatabase } from "../server/db/seed/seed";
import {
  createScratchDatabase,
  openMigrated,
  type ScratchDatabase,
  signUpVerified,
  startLocalApp,
} from "./lib/local-app";
import { percentile } from "./lib/stats";

const DREAMS = 5600;
const PARALLEL_EXPORTS = 4;
const PROBE_EVERY_MS = 10;
const SLOW_MS = 100;
/** The longest a health check may wait while a journal moves (the report saw 4.4 s on import, 6 s on export). */
const MAX_STALL_MS = 1000;
const BASELINE_MS = 2000;
const PASSWORD = "correct horse battery 9";

/** What a dream is mostly made of: words that name no symbol. */
const FILLER = [
  "It felt as if the whole evening had been planned by someone I could not quite remember.",
  "Somehow everything made sense at the time, although now it seems strange and slightly funny.",
  "There was a long conversation about nothing in particular, and nobody seemed to be in a hurry.",
  "Later the scene changed without warning, the way scenes always change in these stories.",
  "I kept thinking that I had forgotten something important, but I could not say what it was.",
  "Había una conversación larga sobre cosas sin importancia y nadie parecía tener prisa.",
  "Todo tenía sentido en ese momento, aunque ahora me parece extraño y un poco gracioso.",
  "Después la escena cambió sin aviso, como cambian siempre las escenas en estas historias.",
];
/** And a few images the engine recognises (snake, bed, flying, city, dog, forest, teeth...). */
const IMAGES = [
  "A black snake slid under the bed.",
  "Estaba volando sobre la ciudad.",
  "A big dog chased me through the forest.",
  "My teeth were falling out.",
  "Mi madre me llamaba desde una casa junto al río.",
];

/** A long dream (about 4,800 characters, the content limit is 5,000) with two images, different each night. */
function dreamText(night: number): string {
  const parts = [`Night ${night}.`, IMAGES[night % IMAGES.length]!, IMAGES[(night + 2) % IMAGES.length]!];
  for (let i = 0; parts.join(" ").length < DREAM_MAX_LENGTH - 200; i++) {
    parts.push(FILLER[(night * 3 + i) % FILLER.length]!);
  }
  return parts.join(" ");
}

function makeJournal(): string {
  const start = Date.UTC(2010, 0, 1);
  return JSON.stringify({
    format: JOURNAL_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    dreams: Array.from({ length: DREAMS }, (_, night) => ({
      title: `Night ${night}`,
      content: dreamText(night),
      translation: null,
      category: night % 4 === 0 ? "recurring" : null,
      tags: night % 10 === 0 ? ["load"] : [],
      createdAt: new Date(start + night * 86_400_000).toISOString(),
    })),
  });
}

/** The prober: its own thread, so a stalled main thread cannot delay its clock or its requests. */
const PROBER = `
const { parentPort, workerData } = require("node:worker_threads");
const samples = [];
let running = true;
parentPort.on("message", () => { running = false; });
(async () => {
  while (running) {
    const sent = performance.timeOrigin + performance.now();
    let ok = false;
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      ok = response.status === 200;
    } catch {}
    const received = performance.timeOrigin + performance.now();
    samples.push([sent, received - sent, ok]);
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  }
  parentPort.postMessage(samples);
})();
`;

/**
 * The user's browser, also in its own thread: the app runs in this one, and a 28 MB upload or four downloads
 * handled here would be counted as the app's stalls.
 */
const BROWSER = `
const { parentPort, workerData } = require("node:worker_threads");
const now = () => performance.timeOrigin + performance.now();
parentPort.on("message", async (command) => {
  if (command.type === "import") {
    const began = now();
    const response = await fetch(command.url, { method: "POST", headers: command.headers, body: workerData.journal });
    const body = await response.json();
    parentPort.postMessage({ status: response.status, body, ms: now() - began });
    return;
  }
  const downloads = await Promise.all(Array.from({ length: command.count }, async () => {
    const began = now();
    const response = await fetch(command.url, { headers: command.headers });
    const text = await response.text();
    return { status: response.status, text, ms: now() - began };
  }));
  parentPort.postMessage(downloads.map(({ status, text, ms }) => {
    let dreams = 0;
    try { dreams = JSON.parse(text).dreams.length; } catch {}
    return { status, ms, bytes: Buffer.byteLength(text), dreams };
  }));
});
`;

type Sample = [sentAt: number, latencyMs: number, ok: boolean];
const clock = () => performance.timeOrigin + performance.now();

interface Phase {
  name: string;
  from: number;
  to: number;
  note: string;
  /** The app's own event loop (it runs in this thread): how late its timers ran, i.e. how long it was blocked. */
  loop: IntervalHistogram;
}

/** A measured stretch of the run; `end` closes it. */
function phase(name: string) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const from = clock();
  return {
    from,
    end(note: string, to = clock()): Phase {
      loop.disable();
      return { name, from, to, note, loop };
    },
  };
}

function report(samples: Sample[], measured: Phase) {
  const inPhase = samples.filter(([sent]) => sent >= measured.from && sent < measured.to);
  const latencies = inPhase.map(([, latency]) => latency).sort((a, b) => a - b);
  const slow = latencies.filter((latency) => latency > SLOW_MS).reduce((sum, latency) => sum + latency, 0);
  const failed = inPhase.filter(([, , ok]) => !ok).length;
  const seconds = (measured.to - measured.from) / 1000;
  const max = latencies.at(-1) ?? 0;
  console.log(
    `[trust] journal-load ${measured.name}: ${measured.note}; health ${latencies.length} probes: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${max.toFixed(0)} ms; unresponsive (> ${SLOW_MS} ms) ${((slow / 1000 / seconds) * 100).toFixed(1)}% of ${seconds.toFixed(1)} s; ${failed} failed; event loop blocked p99 ${(measured.loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(measured.loop.max / 1e6).toFixed(0)} ms`,
  );
  return { max, failed };
}

async function main() {
  const serverUrl = process.env.TRUST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-trust-journal-"));
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle;
  if (serverUrl) {
    scratch = await createScratchDatabase("trust_journal", serverUrl);
    database = await openMigrated(scratch.url);
  } else {
    database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await database.migrate();
  }
  await seedDatabase(database.db);
  const local = await startLocalApp({ database, dataDir });
  const failures: string[] = [];
  try {
    const driver = serverUrl ? "PostgreSQL" : "embedded PGlite";
    const client = await signUpVerified(local, "journalload", PASSWORD);
    const journal = makeJournal();
    console.log(
      `[trust] journal-load on ${driver}: ${DREAMS.toLocaleString("en")} dreams, ${(Buffer.byteLength(journal) / 1e6).toFixed(1)} MB of JSON; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const prober = new Worker(PROBER, {
      eval: true,
      workerData: { url: `${local.url}/api/health`, everyMs: PROBE_EVERY_MS },
    });
    const browser = new Worker(BROWSER, { eval: true, workerData: { journal } });
    const ask = <T>(command: object) =>
      new Promise<T>((resolve) => {
        browser.once("message", resolve);
        browser.postMessage(command);
      });
    const phases: Phase[] = [];
    const headers = { origin: local.origin, cookie: client.cookieHeader };

    // Idle, for comparison.
    const idle = phase("idle");
    await sleep(BASELINE_MS);
    phases.push(idle.end("nothing else running"));

    // The import: the upload answered 202, then progress polled until done, as the page does.
    const importing = phase("import");
    const started = await ask<{ status: number; ms: number; body: { importId?: number; message?: string } }>({
      type: "import",
      url: `${local.url}/api/dreams/import`,
      headers: { ...headers, "content-type": "application/json" },
    });
    if (started.status !== 202 || !started.body.importId) {
      throw new Error(`import refused: ${started.status} ${started.body.message}`);
    }
    let progress: { status: string; imported: number; skipped: number };
    for (;;) {
      const answer = await client.expect(200, "GET", `/api/dreams/imports/${started.body.importId}`);
      progress = answer.body as typeof progress;
      if (progress.status !== "running") break;
      await sleep(250);
    }
    const importMs = clock() - importing.from;
    phases.push(
      importing.end(
        `202 after ${started.ms.toFixed(0)} ms, ${progress.status} after ${(importMs / 1000).toFixed(1)} s (${progress.imported} imported, ${progress.skipped} skipped)`,
      ),
    );
    if (progress.status !== "done" || progress.imported !== DREAMS) {
      failures.push(`import ended ${progress.status} with ${progress.imported} of ${DREAMS} dreams`);
    }

    // Four exports at once, each read to the end as a browser download would.
    const exporting = phase(`${PARALLEL_EXPORTS} parallel JSON exports`);
    const exports = await ask<Array<{ status: number; ms: number; bytes: number; dreams: number }>>({
      type: "export",
      url: `${local.url}/api/dreams/export?format=json`,
      headers,
      count: PARALLEL_EXPORTS,
    });
    phases.push(
      exporting.end(
        `each ${exports.map((each) => `${(each.ms / 1000).toFixed(1)} s`).join(", ")}, ${(exports[0]!.bytes / 1e6).toFixed(1)} MB`,
        // The last download's end, not the parsing of the copies that followed it.
        exporting.from + Math.max(...exports.map((each) => each.ms)),
      ),
    );
    for (const [index, each] of exports.entries()) {
      if (each.status !== 200 || each.dreams !== DREAMS) {
        failures.push(`export ${index + 1}: ${each.status}, ${each.dreams} dreams`);
      }
    }
    await browser.terminate();

    prober.postMessage("stop");
    const samples = await new Promise<Sample[]>((resolve) => prober.once("message", resolve));
    await prober.terminate();
    for (const measured of phases) {
      const { max, failed } = report(samples, measured);
      if (measured.name !== "idle" && max > MAX_STALL_MS)
        failures.push(`${measured.name}: a health check waited ${max.toFixed(0)} ms`);
      if (failed > 0) failures.push(`${measured.name}: ${failed} health checks failed`);
    }
  } finally {
    await local.close();
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`[trust] journal-load FAILED:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log("[trust] journal-load: all requirements met");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
