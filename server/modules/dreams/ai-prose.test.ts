import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { startFakeChatServer } from "../../test/fake-chat-server";
import { createTestApp, signUpVerified, type TestApp } from "../../test/harness";

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
beforeAll(async () => {
  chat = await startFakeChatServer("The model's reading.");
});
afterAll(async () => {
  await chat.close();
});

describe("translation prose from a configured AI endpoint", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      env: { AI_BASE_URL: chat.baseUrl, AI_MODEL: "local-model", AI_TIMEOUT_MS: "2000" },
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
    expect(chat.state.last?.body.messages.at(-1)?.content).toContain("Snake");

    chat.state.mode = "error";
    const fallback = (await browser.post("/api/translate-dream", { content })).json();
    expect(fallback.translation).toContain("Universal Language of the Mind");
    expect(fallback.symbols.map((s: { key: string }) => s.key)).toEqual(
      withModel.symbols.map((s: { key: string }) => s.key),
    );
  });
});
