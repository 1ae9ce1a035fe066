import { setTimeout as sleep } from "node:timers/promises";
import type { LightMyRequestResponse } from "fastify";
import type { ImportProgress } from "../../contract/dreams";
import type { TestBrowser } from "./harness";

/** Polls an import's progress, as the page does, until it is no longer running. */
export async function waitForImport(browser: TestBrowser, importId: number): Promise<ImportProgress> {
  for (;;) {
    const response = await browser.get(`/api/dreams/imports/${importId}`);
    if (response.statusCode !== 200)
      throw new Error(`import progress: ${response.statusCode} ${response.body}`);
    const progress = response.json() as ImportProgress;
    if (progress.status !== "running") return progress;
    // Well under the route's 120 a minute, however long the import runs.
    await sleep(600);
  }
}

/** The import's final progress when it was accepted (202), or the refusal as it came. */
export async function importAndWait(
  browser: TestBrowser,
  journal: unknown,
): Promise<{ started: LightMyRequestResponse; progress?: ImportProgress }> {
  const started = await browser.post("/api/dreams/import", journal);
  if (started.statusCode !== 202) return { started };
  return { started, progress: await waitForImport(browser, started.json().importId) };
}
