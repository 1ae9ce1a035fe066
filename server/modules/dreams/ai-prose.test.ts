import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { createTestApp, signUpVerified, type TestApp } from "../../test/harness";

/** A local OpenAI-compatible endpoint: answers, or fails when `failing` is set. */
let failing = false;
let lastPrompt = "";
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      lastPrompt = JSON.parse(raw).messages.at(-1).content;
      if (failing) return response.writeHead(503).end();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ choices: [{ message: { role: "assistant", content: "The model's reading." } }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("translation prose from a configured AI endpoint", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      env: { AI_BASE_URL: baseUrl, AI_MODEL: "local-model", AI_TIMEOUT_MS: "2000" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("uses the model's prose for the engine's symbols, and the composer when the model fails", async () => {
    const { browser, userId } = await signUpVerified(t, "aiuser");
    await t.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, userId));
    const content = "A snake was swimming in the river behind my grandmother's house.";

    const withModel = (await browser.post("/api/translate-dream", { content })).json();
    expect(withModel.translation).toBe("The model's reading.");
    // The symbols still come from the matcher, and the model is told which ones.
    expect(withModel.symbols.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(["snake", "river"]),
    );
    expect(lastPrompt).toContain("Snake");

    failing = true;
    const fallback = (await browser.post("/api/translate-dream", { content })).json();
    expect(fallback.translation).toContain("Universal Language of the Mind");
    expect(fallback.symbols.map((s: { key: string }) => s.key)).toEqual(
      withModel.symbols.map((s: { key: string }) => s.key),
    );
  });
});
