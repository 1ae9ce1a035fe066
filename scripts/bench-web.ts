/**
 * Lighthouse (mobile) against the production build served by the real server, with Debian's Chromium.
 * Prints the four category scores and the JavaScript the landing page loads (gzip), file by file.
 * Run: npm run bench:web (BENCH_REPORT=/tmp/lhr.json also writes the full Lighthouse result).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildApp } from "../server/app";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { seedDatabase } from "../server/db/seed/seed";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 95 } as const;
const LANDING_JS_BUDGET_KB = 150;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-bench-"));
  const port = 4300 + Math.floor(Math.random() * 500);
  const config = parseConfig({
    NODE_ENV: "production",
    COOKIE_SECURE: "false",
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  });
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  await seedDatabase(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port });

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  let failed = false;
  try {
    const url = `http://localhost:${port}/`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    // BENCH_REPORT=path keeps the whole Lighthouse result (JSON) for a closer look.
    if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(lhr, null, 2));
    console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load the page: ${lhr.runtimeError.message}`);
    for (const [id, target] of Object.entries(TARGETS)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ok = score >= target;
      failed ||= !ok;
      console.log(
        `  ${id.padEnd(15)} ${String(score).padStart(3)}  (target >= ${target}) ${ok ? "ok" : "BELOW TARGET"}`,
      );
      if (!ok) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0) {
            console.log(`      - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
          }
        }
      }
    }
    const requests =
      (
        lhr.audits["network-requests"]?.details as {
          items?: Array<{ resourceType?: string; transferSize?: number; url: string }>;
        }
      )?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === "Script");
    const jsBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const jsKb = jsBytes / 1024;
    const jsOk = jsKb <= LANDING_JS_BUDGET_KB;
    failed ||= !jsOk;
    console.log(
      `  landing JS      ${jsKb.toFixed(1)} KB gzip over ${scripts.length} files (budget <= ${LANDING_JS_BUDGET_KB} KB) ${jsOk ? "ok" : "OVER BUDGET"}`,
    );
    for (const item of [...scripts].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))) {
      console.log(
        `      ${((item.transferSize ?? 0) / 1024).toFixed(1).padStart(6)} KB  ${new URL(item.url).pathname}`,
      );
    }
    for (const metric of [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
    ]) {
      console.log(`  ${metric.padEnd(26)} ${lhr.audits[metric]?.displayValue ?? "n/a"}`);
    }
  } finally {
    chrome.kill();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

void main();
