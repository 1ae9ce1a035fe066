import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * Issue 12, Low item: a missing /assets/ file was answered with the page (200, HTML) and cached as immutable for
 * a year. The app here serves a small built web app of its own, so the test does not depend on `npm run build`.
 */
describe("the built web app's files", () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), "chitta-web-dist-"));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(distDir, "assets"));
    writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>CHITTA</title>");
    writeFileSync(path.join(distDir, "assets", "index-3f2a1b.js"), "console.log('app');");
    t = await createTestApp("pglite", { webDistDir: distDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("answers a missing asset 404 in the error shape, never with the page or a long cache", async () => {
    for (const url of ["/assets/index-0ld0ld.js", "/assets/index-0ld0ld.css", "/assets/nested/x.js"]) {
      const missing = await t.app.inject({ method: "GET", url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers["content-type"], url).toMatch(/^application\/json/);
      expect(missing.json(), url).toMatchObject({ success: false, code: "NOT_FOUND" });
      expect(String(missing.headers["cache-control"]), url).not.toMatch(/immutable|max-age=[1-9]/);
    }
  });

  it("still serves existing assets immutable and the page for app paths, uncached", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-3f2a1b.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await t.app.inject({ method: "GET", url: "/journal", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
  });
});
