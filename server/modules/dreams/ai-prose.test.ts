import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { startFakeChatServer } from "../../test/fake-chat-server";
import { createTestApp, signUpVerified, type TestApp } from "../../test/harness";

/** A reading that passes the checks for the snake-in-the-river dream below: second person, only its symbols. */
const MODEL_READING =
  "A snake was swimming in the river behind your grandmother's house, and the dream lets you watch it move. The snake is your own power to change: the part of you that sheds an old skin when it is ready, and that can feel unsettling before it feels like healing. Swimming, it moves with ease through the river, the flow of your feelings and of your life as it runs on. So the change is not fighting the current; it already belongs to it. Your grandmother's house places all of this close to your roots: what you learned about care, patience and belonging long before you could name it. Read together, these images say that a transformation is under way in you, and that it draws on something old and trusted rather than breaking from it. Soul guidance: let the change move at its own pace, and notice where in your days you are already flowing with it instead of holding on. A practice for this week: each evening, sit quietly for a few minutes, breathe slowly, and write one thing you learned long ago that still helps you change.";

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
beforeAll(async () => {
  chat = await startFakeChatServer(MODEL_READING);
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
    expect(withModel.translation).toBe(MODEL_READING);
    // The symbols still come from the matcher, and the model is told which ones.
    expect(withModel.symbols.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(["snake", "river"]),
    );
    expect(chat.state.last?.body.messages.at(-1)?.content).toContain("Snake");

    chat.state.mode = "error";
    const fallback = (await browser.post("/api/translate-dream", { content })).json();
    expect(fallback.translation).not.toBe(MODEL_READING);
    expect(fallback.translation.length).toBeGreaterThan(800);
    expect(fallback.symbols.map((s: { key: string }) => s.key)).toEqual(
      withModel.symbols.map((s: { key: string }) => s.key),
    );
  });
});
